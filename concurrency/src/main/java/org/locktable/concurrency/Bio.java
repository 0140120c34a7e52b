package org.locktable.concurrency;

import org.locktable.engine.decision.ZeroRange;

/**
 * One write bio: a direct write's data, a head/tail zero bio of a zero range (fs/iomap/direct-io.c, iomap_dio_zero), or
 * the writeback of one cached page, {@code page} then holding its sectors (null for the other two: every sector is
 * {@code value}).
 */
public record Bio(long start, long end, byte value, String what, String page) {

    Bio(long start, long end, byte value, String what) {
        this(start, end, value, what, null);
    }

    /** The page's sectors as they are when writeback submits it (ext4_bio_write_folio, iomap_writepage_map_blocks). */
    static Bio writeback(long start, byte[] page) {
        StringBuilder sectors = new StringBuilder();
        for (byte s : page) {
            sectors.append((char) ('0' + s));
        }
        return new Bio(start, start + (long) page.length * Sector.SIZE, (byte) 0, "writeback", sectors.toString());
    }

    byte sector(int i) {
        return page == null ? value : (byte) (page.charAt(i) - '0');
    }

    static Bio data(int op, long start, long end) {
        return new Bio(start, end, Sector.of(op), "data");
    }

    static Bio zero(ZeroRange range) {
        return new Bio(range.start(), range.end(), Sector.ZERO, "zero " + range.kind().label());
    }

    @Override
    public String toString() {
        if (page == null) {
            return what + " [" + start + "," + end + ")";
        }
        StringBuilder letters = new StringBuilder();
        for (int i = 0; i < page.length(); i++) {
            letters.append(Timeline.letter(sector(i)));
        }
        return what + " [" + start + "," + end + ") " + letters;
    }
}
