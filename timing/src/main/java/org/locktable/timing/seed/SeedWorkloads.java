package org.locktable.timing.seed;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;

import org.locktable.engine.names.Levenshtein;
import org.locktable.timing.fio.FioEnvironment;
import org.locktable.timing.fio.FioParser;
import org.locktable.timing.workload.InitialLayout;
import org.locktable.timing.workload.Workload;

/**
 * The workloads behind the seed tables (/work/shared/reference/seeds), by name, each built through
 * {@link FioParser} from fio text: the seed's own job file or command line where it gives one, otherwise a
 * job written from the seed's prose (timing-notes §2.1 "Seed 000 jobs rewritten as fio"). Every entry says
 * which seed table it stands for and what it assumes; the job count of a table row is set with
 * {@link Workload#withJobs(int)}, and {@link #jobCounts(String)} lists the rows' counts.
 *
 * <p>Which kernel policy runs a column (ext4 base / +patch 1 / +patch 1+2, XFS vanilla / patched) is not a
 * workload property: the same workload serves every column of its table. Seed 002 is the exception, because
 * its columns differ in the fio options ({@code --writethrough=0/1}): {@code seed002-tableN} is the
 * "Buffered IO" column and {@code seed002-tableN-writethrough} the "Writethrough IO" column.
 *
 * <p>Seed 003 (ext4 buffered iomap) has no workload here: it gives no fio options, and its rows
 * (fsync after each write, RWF_DONTCACHE, dirty-limit writeback) are not expressible in {@link JobSpec}; the
 * timing notes (§3.6) treat it as a CPU-cost calibration target, not a lock target.
 */
public final class SeedWorkloads {
    private SeedWorkloads() {
    }

    /**
     * Seed 001: Jan Kara's job file from "[PATCH] ext4: Optimize ext4 DIO overwrites" (2019-12-18), verbatim.
     * A copy is in the timing module's test resources ({@code fio/seed001-jan-kara.fio}); a test keeps the two
     * equal.
     */
    public static final String SEED001_JOB_FILE = """
            [global]
            rw=randrw
            norandommap=1
            invalidate=0
            bs=4k
            numjobs=16
            time_based=1
            ramp_time=30
            runtime=120
            group_reporting=1
            ioengine=psync
            direct=1
            size=16G
            filename=file1.0.0:file1.0.1:file1.0.2:file1.0.3:file1.0.4:file1.0.5:file1.0.6:file1.0.7:file1.0.8:\
            file1.0.9:file1.0.10:file1.0.11:file1.0.12:file1.0.13:file1.0.14:file1.0.15:file1.0.16:file1.0.17:\
            file1.0.18:file1.0.19:file1.0.20:file1.0.21:file1.0.22:file1.0.23:file1.0.24:file1.0.25:file1.0.26:\
            file1.0.27:file1.0.28:file1.0.29:file1.0.30:file1.0.31
            file_service_type=random
            nrfiles=32
            """;

    /**
     * Seed 002, Table 1 ("Extending writes using (libaio + O_DSYNC) - All writers on single file"): the fio
     * command line as the seed prints it, line break and run-together {@code --sync=dsync--file_append=1}
     * included.
     */
    public static final String SEED002_TABLE1_COMMAND = "fio --ioengine=libaio --writethrough=0/1 --bs=4k --rw=write \\\n"
            + "--iodepth=32 --sync=dsync--file_append=1";

    /** Seed 002, Table 2 ("Random pure overwrites (libaio + O_DSYNC) - All writers on single file"), verbatim. */
    public static final String SEED002_TABLE2_COMMAND = "fio --ioengine=libaio --bs=4k --size=2G --sync=dsync "
            + "--writethrough=0/1 \\\n--overwrite=1--rw=randwrite --iodepth=32";

    /** Seed 002, Table 3 ("Random pure overwrites (libaio + O_DSYNC) - Each write writes own file"), verbatim. */
    public static final String SEED002_TABLE3_COMMAND = "fio --ioengine=libaio --bs=4k --size=2G "
            + "--filename_format=.test_file.\\$jobnum \\\n--sync=dsync --writethrough=0/1 --overwrite=1 "
            + "--rw=randwrite --iodepth=32";

    /**
     * Seed 002, Table 4 ("Random 16KB overwrites with sync_file_range:16 - Single file"), verbatim: the
     * backslash directly after {@code --overwrite=1} joins it with the next line into one shell word.
     */
    public static final String SEED002_TABLE4_COMMAND = "fio --ioengine=libaio --bs=16k --size=5G "
            + "--writethrough=0/1 --overwrite=1\\\n--sync_file_range=wait_before,write:16 --rw=randwrite "
            + "--iodepth=32";

    /** A named seed workload: what it stands for, what it assumes, and its table's job counts. */
    public record Seed(String name, String table, String assumptions, List<Integer> jobCounts,
            Supplier<Workload> build) {
        public Seed {
            jobCounts = List.copyOf(jobCounts);
        }
    }

    private static final List<Integer> SEED000_ROWS = List.of(1, 2, 4, 8, 16, 32);
    private static final List<Integer> SEED002_ROWS = List.of(1, 2, 4, 8, 16);
    private static final List<Integer> SEED002_TABLE3_ROWS = List.of(1, 2, 4, 8);

    private static final Map<String, Seed> SEEDS = catalog();

    private static Map<String, Seed> catalog() {
        Map<String, Seed> m = new LinkedHashMap<>();

        // Seed 000 (Baokun Li, "[PATCH 0/2] ext4: allow more DIO writes under shared i_rwsem"), Test 1:
        // "aligned 8K DIO writes spanning written+unwritten extent boundaries. Each thread writes its own 1G
        // region sequentially; the file is rebuilt between runs so every block is written exactly once".
        // Assumed (the seed names neither): ONE shared file with each clone in its own 1 GiB region via
        // offset_increment=1g, and the engine libaio with iodepth=1 and direct=1 (timing-notes §0: a psync
        // model cannot reproduce the 2-job peak of the base column; a calibrated assumption). The layout is
        // the seed's stripe [written][unwritten][unwritten][written] per 16 KiB (4 KiB blocks), which no fio
        // option makes: the workload's layout is replaced by that pattern.
        add(m, new Seed("seed000-test1", "seed 000 Test 1 (base, +patch 1, +patch 1+2)",
                "aligned 8 KiB sequential writes, direct, libaio iodepth=1 (engine assumed, not in the seed), one "
                        + "shared file, clone k writes [k GiB, k+1 GiB) once (fixed work, 131072 I/Os per clone), "
                        + "layout \"W U U W\" per 16 KiB",
                SEED000_ROWS, () -> seed000("seed000-test1", "rw=write\nbs=8k\n")));

        // Seed 000, Test 2: "unaligned DIO writes (14336 bytes at +512 within each 16K stripe)", same stripe.
        // As fio (timing-notes §2.1): rw=write:2k bs=14336 offset=512, stride 14336 + 2048 = 16 KiB; the head
        // and tail partial blocks land on the written blocks, the middle two blocks are unwritten. Same
        // sharing and engine assumptions as Test 1. Each clone stops at the end of its 1 GiB region (65536
        // writes), before it has written size= bytes.
        add(m, new Seed("seed000-test2", "seed 000 Test 2 (base, +patch 1, +patch 1+2; results withheld)",
                "14336-byte writes at +512 in every 16 KiB stripe (rw=write:2k bs=14336 offset=512), otherwise as "
                        + "seed000-test1",
                SEED000_ROWS, () -> seed000("seed000-test2", "rw=write:2k\nbs=14336\noffset=512\n")));

        // Seed 001 (Jan Kara, "ext4: Optimize ext4 DIO overwrites"): his job file verbatim. It has only a
        // [global] section (the job line was left out of the mail; the file names file1.0.N are fio's default
        // $jobname.$jobnum.$filenum of a job named "file1"), so the parser makes one job of it and notes that.
        // 16 psync clones, 4 KiB randrw 50/50, over 32 shared files of 16G/32 = 512 MiB; reads make fio lay the
        // files out written. ramp_time, norandommap, invalidate and file_service_type are warned, not modelled.
        add(m, new Seed("seed001-randrw", "seed 001 (3018 -> 4059 MB/s, emulated pmem)",
                "Jan Kara's job file verbatim: 16 psync jobs, direct 4 KiB randrw over 32 shared written files, "
                        + "120 s time based (the 30 s ramp_time is not modelled)",
                List.of(16), () -> renamed(parser().parseJobFile(SEED001_JOB_FILE, "seed001.fio").get(0),
                        "seed001-randrw")));

        // Seed 002 (Ojaswin Mujoo, "[RFC PATCH v4 00/13] Add RWF_WRITETHROUGH support to iomap & xfs").
        seed002(m, 1, SEED002_TABLE1_COMMAND, SEED002_ROWS,
                // The snippet has no --size and no --filename; the caption says "All writers on single file"
                // and "Extending writes".
                " --filename=seed002.file --size=2G --fallocate=none",
                "4 KiB sequential appends (file_append=1), O_DSYNC, libaio iodepth=32, buffered; assumed: one "
                        + "shared file (caption; no --filename in the snippet), size=2G (none given; as tables 2 and "
                        + "3), fallocate=none (fio would otherwise preallocate the appended range and the writes "
                        + "would not extend the file, contradicting the caption)");
        seed002(m, 2, SEED002_TABLE2_COMMAND, SEED002_ROWS,
                " --filename=seed002.file",
                "4 KiB random overwrites of a 2 GiB written file (overwrite=1), O_DSYNC, libaio iodepth=32, "
                        + "buffered; assumed: one shared file (caption; no --filename in the snippet)");
        seed002(m, 3, SEED002_TABLE3_COMMAND, SEED002_TABLE3_ROWS,
                "",
                "4 KiB random overwrites, O_DSYNC, libaio iodepth=32, buffered, each clone its own 2 GiB written "
                        + "file (filename_format=.test_file.$jobnum)");
        seed002(m, 4, SEED002_TABLE4_COMMAND, SEED002_ROWS,
                " --filename=seed002.file",
                "16 KiB random overwrites of a 5 GiB written file, libaio iodepth=32, buffered, NO O_DSYNC (the "
                        + "snippet has no --sync); every 16 writes sync_file_range(WAIT_BEFORE | WRITE) over the whole "
                        + "file (the range of 16 random writes spans most of it); assumed: one shared file (caption)");

        // Seed 004 (Dave Chinner / Christoph Hellwig, "[PATCH 11/11] xfs: reduce exclusive locking on unaligned
        // dio"): "fio randrw of 512 byte IOs using AIO and an iodepth of 32 IOs"; the 4 KiB comparison ran
        // 30002 ms. Assumed: libaio, direct=1, one job (numjobs not given; run=30002-30002msec is consistent
        // with one), 30 s time based, a written file (randrw makes fio lay it out written; overwrite=1 is set
        // as well), size=1g (not given; with random I/O over the whole file it only matters for the rare write
        // that ends at EOF).
        add(m, new Seed("seed004-512", "seed 004, 512-byte randrw (vanilla and patched; results withheld)",
                "512 B randrw 50/50, direct, libaio iodepth=32, one job (assumed), 30 s time based, a written "
                        + "1 GiB file (size assumed)",
                List.of(1), () -> seed004("seed004-512", "512")));
        add(m, new Seed("seed004-4k", "seed 004, 4 KiB randrw (READ 296 MiB/s + WRITE 296 MiB/s, ~150k IOPS)",
                "4 KiB randrw 50/50, direct, libaio iodepth=32, one job (assumed), 30 s time based, a written "
                        + "1 GiB file (size assumed)",
                List.of(1), () -> seed004("seed004-4k", "4k")));
        return m;
    }

    private static void add(Map<String, Seed> m, Seed s) {
        m.put(s.name(), s);
    }

    /**
     * Seed 002, one table, both columns. The command line is the seed's, through the parser, with
     * {@code --writethrough=0/1} (the seed's shorthand for two runs) replaced by {@code --writethrough=0} for
     * the "Buffered IO" column and by {@code --writethrough=1 --noserial=1} for the "Writethrough IO" column
     * (the tables' header: "Writethrough IO = RWF_WRITETHROUGH + RWF_NOSERIAL"; how the patched fio sets
     * NOSERIAL is not shown), and {@code extra} (the stated assumptions) appended. The snippets have no
     * {@code --name}: the parser notes that and names the job "fio"; the workload is renamed.
     */
    private static void seed002(Map<String, Seed> m, int table, String command, List<Integer> rows, String extra,
            String assumptions) {
        String base = "seed002-table" + table;
        add(m, new Seed(base, "seed 002 Table " + table + ", Buffered IO column", assumptions
                + "; --writethrough=0", rows, () -> seed002Workload(base, command, false, extra)));
        add(m, new Seed(base + "-writethrough", "seed 002 Table " + table + ", Writethrough IO column", assumptions
                + "; --writethrough=1 with RWF_NOSERIAL", rows, () -> seed002Workload(base + "-writethrough",
                        command, true, extra)));
    }

    private static Workload seed002Workload(String name, String command, boolean writethrough, String extra) {
        String line = command.replace("--writethrough=0/1",
                writethrough ? "--writethrough=1 --noserial=1" : "--writethrough=0") + extra;
        return renamed(parser().parseCommandLine(line).get(0), name);
    }

    private static Workload seed000(String name, String pattern) {
        String job = "[" + name + "]\n"
                + "filename=seed000.file\n"
                + pattern
                + "size=1g\n"
                + "offset_increment=1g\n"
                + "ioengine=libaio\n"
                + "iodepth=1\n"
                + "direct=1\n"
                + "group_reporting=1\n";
        Workload w = parser().parseJobFile(job, name + ".fio").get(0);
        return new Workload(name, w.jobs(), w.job(), w.files(), InitialLayout.pattern("W U U W"), w.warnings());
    }

    private static Workload seed004(String name, String bs) {
        String job = "[" + name + "]\n"
                + "filename=seed004.file\n"
                + "rw=randrw\n"
                + "bs=" + bs + "\n"
                + "ioengine=libaio\n"
                + "iodepth=32\n"
                + "direct=1\n"
                + "overwrite=1\n"
                + "size=1g\n"
                + "time_based=1\n"
                + "runtime=30\n";
        return parser().parseJobFile(job, name + ".fio").get(0);
    }

    private static FioParser parser() {
        return new FioParser(FioEnvironment.defaults().withIncludes(Map.of()));
    }

    private static Workload renamed(Workload w, String name) {
        return new Workload(name, w.jobs(), w.job(), w.files(), w.initialLayout(), w.warnings());
    }

    // ------------------------------------------------------------------------------------------------ API

    /** Every seed workload name, in seed order. */
    public static List<String> names() {
        return List.copyOf(SEEDS.keySet());
    }

    /**
     * The named workload (its default job count: 1, or the job file's {@code numjobs}).
     *
     * @throws IllegalArgumentException for an unknown name, with the closest names
     */
    public static Workload get(String name) {
        return seed(name).build().get();
    }

    /** The named seed entry: table, assumptions, job counts. */
    public static Seed seed(String name) {
        Seed s = SEEDS.get(name);
        if (s == null) {
            throw new IllegalArgumentException(unknownMessage(name));
        }
        return s;
    }

    /** The job counts of the table rows the workload stands for. */
    public static List<Integer> jobCounts(String name) {
        return seed(name).jobCounts();
    }

    /** The workload once per table row, with that row's job count. */
    public static List<Workload> rows(String name) {
        Workload w = get(name);
        List<Workload> out = new ArrayList<>();
        for (int n : jobCounts(name)) {
            out.add(w.withJobs(n));
        }
        return List.copyOf(out);
    }

    private static String unknownMessage(String name) {
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String n : SEEDS.keySet()) {
            int d = Levenshtein.distance(name == null ? "" : name.toLowerCase(Locale.ROOT), n.toLowerCase(Locale.ROOT));
            if (d < bestDistance) {
                bestDistance = d;
                best = n;
            }
        }
        StringBuilder msg = new StringBuilder("unknown seed workload '").append(name).append("'");
        if (best != null && bestDistance <= Math.max(3, best.length() / 2)) {
            msg.append("; did you mean '").append(best).append("'?");
        }
        msg.append(" Known: ").append(String.join(", ", SEEDS.keySet()));
        return msg.toString();
    }
}
