package org.locktable.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.locktable.timing.workload.BlockSizes;
import org.locktable.timing.workload.InitialLayout;
import org.locktable.timing.workload.JobSpec;
import org.locktable.timing.workload.Workload;

/** What {@code simulate} ran, in words: each job's I/O, how the jobs share files, and the layout they start on. */
final class WorkloadEcho {
    private WorkloadEcho() {
    }

    /** {@code random reads and writes, 50 % reads, bs 4096, libaio iodepth 32, O_DIRECT, 1 GiB region per job}. */
    static String job(Workload w) {
        JobSpec j = w.job();
        List<String> parts = new ArrayList<>();
        String pattern = j.pattern() == JobSpec.Pattern.RANDOM ? "random" : "sequential";
        parts.add(j.readPercent() > 0 ? pattern + " reads and writes, " + j.readPercent() + " % reads"
                : pattern + " writes");
        parts.add("bs " + blockSize(j.blockSizes().writes(), j.blockSizes().range())
                + (j.readPercent() > 0 && !j.blockSizes().reads().equals(j.blockSizes().writes())
                        ? " (reads " + blockSize(j.blockSizes().reads(), j.blockSizes().range()) + ")" : ""));
        parts.add(engine(j) + " iodepth " + iodepth(j));
        parts.add(j.direct() ? "O_DIRECT" : "buffered");
        if (j.dsync()) {
            parts.add("O_DSYNC");
        }
        if (j.writethrough()) {
            parts.add("RWF_WRITETHROUGH");
        }
        if (j.noserial()) {
            parts.add("RWF_NOSERIAL");
        }
        parts.add(bytes(j.region()) + " region per job");
        return String.join(", ", parts);
    }

    /** {@code 8192}, {@code 4096..65536}, {@code 4096 50 %, 8192 50 %}. */
    static String blockSize(List<BlockSizes.Weighted> sizes, boolean range) {
        if (sizes.size() == 1) {
            return Long.toString(sizes.get(0).bytes());
        }
        if (range) {
            return sizes.get(0).bytes() + ".." + sizes.get(sizes.size() - 1).bytes();
        }
        List<String> out = new ArrayList<>();
        for (BlockSizes.Weighted s : sizes) {
            out.add(s.bytes() + " " + s.percent() + " %");
        }
        return String.join(", ", out);
    }

    static String engine(JobSpec j) {
        return j.engine().name().toLowerCase(Locale.ROOT);
    }

    /** fio's iodepth only matters for async engines: a sync engine has one I/O in flight. */
    static int iodepth(JobSpec j) {
        return j.engine().async() ? j.iodepth() : 1;
    }

    /** {@code one file shared by every job} or {@code its own file per job}. */
    static String files(Workload w) {
        Workload.FileSharing f = w.files();
        if (f.shared()) {
            return "one file shared by every job";
        }
        return f.filesPerJob() == 1 ? "its own file per job" : f.filesPerJob() + " own files per job";
    }

    /** {@code unwritten (fallocated)}, {@code written}, {@code empty}, {@code "W U U W" repeated}. */
    static String layout(InitialLayout l) {
        switch (l.kind()) {
            case UNWRITTEN:
                return "all unwritten (fio's fallocate)";
            case WRITTEN:
                return "all written (fio laid the file out first)";
            case EMPTY:
                return "empty: nothing allocated, writes fill holes or extend";
            default:
                return "\"" + l.stripe() + "\" repeated (layout notation, one letter per block)";
        }
    }

    /** The layout as a JSON value: {@code UNWRITTEN}, {@code WRITTEN}, {@code EMPTY} or the stripe. */
    static String layoutCode(InitialLayout l) {
        return l.kind() == InitialLayout.Kind.PATTERN ? l.stripe() : l.kind().name();
    }

    private static String bytes(long n) {
        String[] units = {"B", "KiB", "MiB", "GiB", "TiB"};
        int u = 0;
        long v = n;
        while (u < units.length - 1 && v >= 1024 && v % 1024 == 0) {
            v /= 1024;
            u++;
        }
        return v + " " + units[u];
    }
}
