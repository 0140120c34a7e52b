package org.locktable.concurrency;

import org.locktable.engine.decision.ZeroRange;

/** One write bio of a direct write: its data, or a head/tail zero bio of a zero range (fs/iomap/direct-io.c, iomap_dio_zero). */
public record Bio(long start, long end, byte value, String what) {

    static Bio data(int op, long start, long end) {
        return new Bio(start, end, Sector.of(op), "data");
    }

    static Bio zero(ZeroRange range) {
        return new Bio(range.start(), range.end(), Sector.ZERO, "zero " + range.kind().label());
    }

    @Override
    public String toString() {
        return what + " [" + start + "," + end + ")";
    }
}
