package org.locktable.timing.seed;

import org.locktable.timing.sim.SimResult;

/** What a published number measures, and how to read it off a {@link SimResult} (fio's rules). */
public enum Metric {
    /** Total I/Os per second (seed 000). */
    IOPS("IOPS"),
    /** Total MiB/s, 2^20 bytes (seed 002's tables). */
    MIB_S("MiB/s"),
    /** Total MB/s, 10^6 bytes, read + write (seed 001; timing-notes §3.6 reads 3018 MB/s as 737k IOPS). */
    MB_S("MB/s"),
    /** fio's READ line, MiB/s (seed 004). */
    READ_MIB_S("READ MiB/s"),
    /** fio's WRITE line, MiB/s (seed 004). */
    WRITE_MIB_S("WRITE MiB/s");

    private final String unit;

    Metric(String unit) {
        this.unit = unit;
    }

    public String unit() {
        return unit;
    }

    public double of(SimResult r) {
        switch (this) {
            case IOPS:
                return r.iops();
            case MIB_S:
                return r.mibPerSecond();
            case MB_S:
                return r.runtimeSeconds() > 0 ? r.bytes() / 1e6 / r.runtimeSeconds() : 0;
            case READ_MIB_S:
                return r.runtimeSeconds() > 0 ? readBytes(r) / 1048576.0 / r.runtimeSeconds() : 0;
            default:
                return r.runtimeSeconds() > 0 ? (r.bytes() - readBytes(r)) / 1048576.0 / r.runtimeSeconds() : 0;
        }
    }

    /** Read bytes: the seed-004 workloads have one size for reads and writes, so bytes split by count. */
    private static double readBytes(SimResult r) {
        return r.ios() == 0 ? 0 : (double) r.bytes() * r.readIos() / r.ios();
    }
}
