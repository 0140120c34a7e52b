package org.locktable.calibration.device;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.locktable.timing.workload.BlockSizes;
import org.locktable.timing.workload.InitialLayout;
import org.locktable.timing.workload.JobSpec;
import org.locktable.timing.workload.Workload;

/**
 * One run of a device characterisation: one fio job (libaio, O_DIRECT, one job), as fio runs it and as the model
 * simulates it.
 *
 * @param read random reads (else writes)
 * @param bytes the block size
 * @param iodepth I/Os in flight
 * @param unwritten sequential writes into a freshly fallocated file (else random I/O over a written one)
 * @param dsync O_DSYNC writes
 */
public record DeviceRun(boolean read, int bytes, int iodepth, boolean unwritten, boolean dsync) {
    /** The deep queue of the characterisation. */
    public static final int QUEUED = 32;

    /**
     * The plan: 512 B, 4 KiB and 64 KiB at iodepth 1 and {@value #QUEUED}, reads and writes over written blocks; 4 KiB
     * O_DSYNC writes over written blocks and 4 KiB writes into unwritten ones, at both depths. Without
     * {@code small} (a device whose logical block is larger than 512 bytes) no 512-byte run; without
     * {@code fileSystem} (a raw block device) no unwritten run.
     */
    public static List<DeviceRun> plan(boolean small, boolean fileSystem) {
        List<DeviceRun> out = new ArrayList<>();
        for (boolean read : new boolean[] {false, true}) {
            for (int bs : new int[] {512, 4096, 65536}) {
                for (int depth : new int[] {1, QUEUED}) {
                    if (bs == 512 && !small) {
                        continue;
                    }
                    out.add(new DeviceRun(read, bs, depth, false, false));
                }
            }
        }
        for (int depth : new int[] {1, QUEUED}) {
            out.add(new DeviceRun(false, 4096, depth, false, true));
            if (fileSystem) {
                out.add(new DeviceRun(false, 4096, depth, true, false));
            }
        }
        return List.copyOf(out);
    }

    /** The run of {@link #id()} {@code id}. */
    public static DeviceRun parse(String id) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("(read|write)-(\\d+)(k?)-qd(\\d+)(-unwritten)?(-dsync)?")
                .matcher(id);
        if (!m.matches()) {
            throw new IllegalArgumentException("not a device run: " + id);
        }
        int bytes = Integer.parseInt(m.group(2)) * (m.group(3).isEmpty() ? 1 : 1024);
        return new DeviceRun(m.group(1).equals("read"), bytes, Integer.parseInt(m.group(4)), m.group(5) != null,
                m.group(6) != null);
    }

    /** {@code write-4k-qd32-dsync}. */
    public String id() {
        return (read ? "read" : "write") + "-" + size(bytes) + "-qd" + iodepth + (unwritten ? "-unwritten" : "")
                + (dsync ? "-dsync" : "");
    }

    /** {@code 4 KiB random writes, iodepth 32, O_DSYNC, over written blocks}. */
    public String label() {
        String kind = unwritten ? "sequential writes into unwritten blocks" : "random " + (read ? "reads" : "writes")
                + " over written blocks";
        return String.format(Locale.ROOT, "%s %s, iodepth %d%s", sizeText(bytes), kind, iodepth, dsync ? ", O_DSYNC"
                : "");
    }

    /** fio's arguments for this run on {@code file} of {@code fileBytes}, at most {@code seconds} long. */
    public List<String> fioArgs(String file, long fileBytes, double seconds) {
        List<String> a = new ArrayList<>(List.of("--name=" + id(), "--filename=" + file, "--bs=" + bytes,
                "--direct=1", "--ioengine=libaio", "--iodepth=" + iodepth, "--size=" + fileBytes,
                "--runtime=" + Math.max(1, Math.round(seconds * 1000)) + "ms"));
        if (unwritten) {
            // fixed work, capped by the runtime: every write meets an unwritten block (a loop would not)
            a.addAll(List.of("--rw=write", "--fallocate=native"));
        } else {
            a.addAll(List.of("--rw=" + (read ? "randread" : "randwrite"), "--time_based", "--norandommap",
                    "--randrepeat=0", "--fallocate=none"));
        }
        if (dsync) {
            a.add("--sync=dsync");
        }
        return a;
    }

    /** The run as the model simulates it, over {@code fileBytes}. */
    public Workload workload(long fileBytes) {
        JobSpec js = new JobSpec(unwritten ? JobSpec.Pattern.SEQUENTIAL : JobSpec.Pattern.RANDOM, read ? 100 : 0,
                BlockSizes.fixed(bytes), 0, 0, 0, fileBytes, fileBytes, 0, JobSpec.Engine.LIBAIO,
                iodepth, true, dsync, false, false, bytes);
        return new Workload(id(), 1, js, Workload.FileSharing.ONE_SHARED_FILE, unwritten ? InitialLayout.UNWRITTEN
                : InitialLayout.WRITTEN, List.of());
    }

    private static String size(int b) {
        return b >= 1024 ? b / 1024 + "k" : Integer.toString(b);
    }

    private static String sizeText(int b) {
        return b >= 1024 ? b / 1024 + " KiB" : b + " B";
    }
}
