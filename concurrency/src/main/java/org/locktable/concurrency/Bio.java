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
        return writeback(start, page, false);
    }

    /**
     * {@code converting}: the page goes to an unwritten block, converted at the writeback's end_io — and its writeback
     * ends only then (ext4_release_io_end after ext4_end_io_end's conversion; xfs_end_ioend converts before
     * iomap_finish_ioends), so whoever waits for the page's writeback waits for the conversion.
     */
    static Bio writeback(long start, byte[] page, boolean converting) {
        StringBuilder sectors = new StringBuilder();
        for (byte s : page) {
            sectors.append((char) ('0' + s));
        }
        return new Bio(start, start + (long) page.length * Sector.SIZE, (byte) 0, converting ? UNWRITTEN_WRITEBACK : "writeback",
                sectors.toString());
    }

    static final String UNWRITTEN_WRITEBACK = "writeback (unwritten)";

    /** A writeback bio whose page stays under writeback until its operation's writeback end_io. */
    boolean convertsAtEndIo() {
        return UNWRITTEN_WRITEBACK.equals(what);
    }

    byte sector(int i) {
        return page == null ? value : (byte) (page.charAt(i) - '0');
    }

    /** A read's bio or its result: it writes nothing. */
    boolean isRead() {
        return what.startsWith("read");
    }

    /** A direct read's bio over {@code [start, end)}, in flight: it reads the disk when it completes. */
    static Bio read(long start, long end) {
        return new Bio(start, end, Sector.ZERO, "read");
    }

    /** What a read got for {@code [start, end)}: {@code sectors} a value each ({@link Sector}). */
    static Bio readResult(String what, long start, byte[] sectors) {
        StringBuilder page = new StringBuilder();
        for (byte s : sectors) {
            page.append((char) ('0' + Sector.value(s)));
        }
        return new Bio(start, start + (long) sectors.length * Sector.SIZE, (byte) 0, what, page.toString());
    }

    static Bio data(int op, long start, long end) {
        return new Bio(start, end, Sector.of(op), "data");
    }

    private static final java.util.Map<org.locktable.engine.decision.ZeroKind, String> ZERO_LABELS = new java.util.EnumMap<>(
            org.locktable.engine.decision.ZeroKind.class);

    static {
        for (org.locktable.engine.decision.ZeroKind k : org.locktable.engine.decision.ZeroKind.values()) {
            ZERO_LABELS.put(k, "zero " + k.label());
        }
    }

    static Bio zero(ZeroRange range) {
        return new Bio(range.start(), range.end(), Sector.ZERO, ZERO_LABELS.get(range.kind()));
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
