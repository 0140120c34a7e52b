package org.locktable.timing.workload;

import java.util.List;

/**
 * The I/O sizes of a job: one fixed size, a range ({@code bsrange}, multiples of the minimum), or weighted
 * sizes ({@code bssplit}). Separate for reads and writes when fio is given {@code bs=r,w}.
 */
public record BlockSizes(List<Weighted> writes, List<Weighted> reads, boolean range) {
    /** A size and its share in percent. */
    public record Weighted(long bytes, int percent) {
    }

    public static BlockSizes fixed(long bytes) {
        List<Weighted> one = List.of(new Weighted(bytes, 100));
        return new BlockSizes(one, one, false);
    }

    public long smallestWrite() {
        return writes.stream().mapToLong(Weighted::bytes).min().orElse(4096);
    }
}
