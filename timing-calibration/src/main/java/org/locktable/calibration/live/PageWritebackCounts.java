package org.locktable.calibration.live;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.locktable.rig.Sandbox;
import org.locktable.rig.Shell;
import org.locktable.timing.fio.FioEnvironment;
import org.locktable.timing.fio.FioParser;
import org.locktable.timing.profile.Profile;
import org.locktable.timing.profile.Profiles;
import org.locktable.timing.sim.SimConfig;
import org.locktable.timing.sim.SimResult;
import org.locktable.timing.sim.Simulator;

/**
 * A mechanism counted, not timed: seed 002 Table 1's command line (O_DSYNC buffered 4 KiB appends, libaio, every job
 * from offset 0 of one file, {@code fallocate=none} as the seed catalog reads it) on XFS on a loop device over a
 * tmpfs, at 1, 2 and 4 jobs, with XFS's own statistics ({@code /sys/fs/xfs/<dev>/stats/stats}: transactions, line
 * {@code trans}; log writes, line {@code log}) read before and after each run, against the model's conversions and
 * log writes for the same command line. A page's writeback ends only after its ioend's transaction
 * ({@code xfs_end_ioend} before {@code folio_end_writeback}, fs/xfs/xfs_aops.c), so the jobs behind the front one
 * meet written blocks: one transaction per page however many jobs write it, where a conversion per writer would make
 * one per write. How many log writes the forces share depends on timing, so only the transactions are a check.
 *
 * <p>{@code locktable calibrate counts} measures (root); {@code --write} replaces the recording {@value #FILE}, from
 * which the report's section is written with the model of the day.
 */
public final class PageWritebackCounts {
    private PageWritebackCounts() {
    }

    /** The recording's resource name. */
    public static final String FILE = "recorded-page-writeback-counts.json";

    /** Where the recording lives, from the repository root. */
    public static final Path SOURCE = Path.of("timing-calibration", "src", "main", "resources", "org", "locktable",
            "calibration", "live", FILE);

    /** Bytes each job writes: the file's size, every job writing it from offset 0. */
    public static final long BYTES = 4L << 20;

    /** Pages of the file. */
    public static final long PAGES = BYTES / 4096;

    /** The job counts measured. */
    public static final List<Integer> JOBS = List.of(1, 2, 4);

    /** The highest transactions per page the check accepts: timestamp updates add a few to the one per page. */
    public static final double MAX_TRANSACTIONS_PER_PAGE = 1.5;

    /** One run: its job count and the XFS counters' increase over it. */
    public record Run(int jobs, long transactions, long logWrites) {
    }

    /** What was measured, where. */
    public record CountsData(String command, String kernel, String fio, List<Run> runs) {
        public CountsData {
            runs = List.copyOf(runs);
        }
    }

    /** The fio arguments of one run on {@code file}. */
    static List<String> args(String file, int jobs) {
        return List.of("--name=append", "--filename=" + file, "--ioengine=libaio", "--bs=4k", "--rw=write",
                "--iodepth=32", "--sync=dsync", "--file_append=1", "--fallocate=none", "--size=" + BYTES,
                "--numjobs=" + jobs, "--group_reporting");
    }

    /** Measures every job count (root, loop devices, XFS, fio); an EnvironmentException where the machine cannot. */
    public static CountsData measure(String command) throws IOException {
        LiveCalibration.REQUIREMENTS.check();
        String kernel = Shell.check(List.of("uname", "-r"), 10).strip();
        String fio = Shell.check(List.of(Shell.tool("fio"), "--version"), 10).strip();
        List<Run> runs = new ArrayList<>();
        try (Sandbox box = new Sandbox()) {
            Path root = box.tmpfs(LiveLab.TMPFS_PREFIX, "600m");
            Path mnt = LiveLab.mountFs(box, root, "xfs", 512L << 20); // mkfs.xfs wants 300 MiB at least
            String dev = Path.of(box.check(List.of(Shell.tool("findmnt"), "-no", "SOURCE", mnt.toString()), 30)
                    .strip()).getFileName().toString();
            Path stats = Path.of("/sys/fs/xfs", dev, "stats", "stats");
            Path file = mnt.resolve("append.file");
            for (int n : JOBS) {
                Files.deleteIfExists(file);
                box.check(List.of(Shell.tool("sync")), 60);
                long[] before = counters(stats);
                FioJson.run(box, args(file.toString(), n), 600);
                long[] after = counters(stats);
                if (Files.size(file) != BYTES) {
                    throw new IOException("fio left " + Files.size(file) + " bytes, not " + BYTES + ": its " + n
                            + " jobs did not all write from offset 0");
                }
                runs.add(new Run(n, after[0] - before[0], after[1] - before[1]));
            }
        }
        return new CountsData(command, kernel, fio, runs);
    }

    /** XFS's transactions (sync + async) and log writes so far. */
    private static long[] counters(Path stats) throws IOException {
        long transactions = -1;
        long logWrites = -1;
        for (String line : Files.readAllLines(stats)) {
            String[] f = line.trim().split("\\s+");
            if (f[0].equals("trans")) {
                transactions = Long.parseLong(f[1]) + Long.parseLong(f[2]);
            } else if (f[0].equals("log")) {
                logWrites = Long.parseLong(f[1]);
            }
        }
        if (transactions < 0 || logWrites < 0) {
            throw new IOException(stats + " has no trans or log line");
        }
        return new long[] {transactions, logWrites};
    }

    /** The model's run of the same command line, with the committed {@code local-loop} profile. */
    public static SimResult predict(int jobs) {
        Profile p = Profiles.get(Profiles.LOCAL_LOOP);
        var w = new FioParser(FioEnvironment.defaults()).parseCommandLine("fio " + String.join(" ",
                args("append.file", jobs))).get(0);
        return Simulator.run(SimConfig.of(w, "xfs-buffered", p.device(), p.cost()));
    }

    /** The report's section for {@code data}, the model's columns simulated now. */
    public static String section(CountsData data) {
        StringBuilder s = new StringBuilder();
        s.append("## 10. A mechanism counted live: transactions per page (Linux ").append(data.kernel()).append(")\n\n");
        s.append("Seed 002 Table 1's command line (4 KiB O_DSYNC buffered appends, libaio iodepth 32, every job from "
                + "offset 0 of one file, fallocate=none as the seed catalog reads it), ").append(BYTES >> 20)
                .append(" MiB, on XFS on a loop device over a tmpfs (`").append(data.command()).append("`, ")
                .append(data.fio()).append("), XFS's statistics (`/sys/fs/xfs/<dev>/stats/stats`, `trans` and `log`) "
                + "read before and after each run; the model runs the same command line with `local-loop` under the "
                + "kernel's waiting rules. A page's writeback ends after its ioend's transaction (`xfs_end_ioend` "
                + "before `folio_end_writeback`), so the jobs behind the front one meet written blocks: one "
                + "transaction per page however many jobs write it, where a conversion per writer (the model before "
                + "3 December) would make one per write. Timestamp updates add a few transactions; how many log "
                + "writes the forces share depends on timing (and `local-loop` has no log force time: its "
                + "characterisation writes no O_DSYNC), so only the transactions are the check (at most ")
                .append(MAX_TRANSACTIONS_PER_PAGE).append(" per page).\n\n");
        s.append("| jobs | writes | kernel: transactions per page | kernel: log writes per page | model: conversions "
                + "per page | check |\n");
        s.append("|---:|---:|---:|---:|---:|---|\n");
        for (Run r : data.runs()) {
            SimResult m = predict(r.jobs());
            double tx = (double) r.transactions() / PAGES;
            s.append(String.format(Locale.ROOT, "| %d | %,d | %.2f | %.2f | %.2f | %s |%n", r.jobs(), r.jobs() * PAGES,
                    tx, (double) r.logWrites() / PAGES, (double) m.counters().conversions() / PAGES,
                    tx <= MAX_TRANSACTIONS_PER_PAGE && m.counters().conversions() == PAGES ? "agrees" : "differs"));
        }
        return s.toString();
    }

    /** The recorded run. */
    public static CountsData recorded() {
        return RecordingJson.read(FILE, CountsData.class);
    }

    /** {@code data} as the file holds it. */
    public static String json(CountsData data) {
        return RecordingJson.write(data);
    }

    /** The report's section for the recorded run. */
    public static String recordedSection() {
        return section(recorded());
    }
}
