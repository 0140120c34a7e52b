package org.locktable.concurrency;

/** What a 512-byte sector of the disk holds: the original bytes, zeros, stale bytes of a fresh block, or an operation's pattern. */
public final class Sector {
    public static final int SIZE = 512;
    public static final byte ORIGINAL = 0;
    public static final byte ZERO = 1;
    /** Whatever a block held before it was allocated to the file: never a valid result. */
    public static final byte STALE = 2;
    private static final byte FIRST_OP = 3;
    /**
     * A flag on a cached or on-disk sector: these bytes are a page-cache copy read from the disk while a direct write
     * over the sector was submitted and not complete (its bio in flight, or landed with the block still unwritten). The
     * direct/buffered collision of the README's criterion; {@link #value} strips it.
     */
    static final byte STALE_COPY = 0x40;

    private Sector() {
    }

    public static byte of(int op) {
        return (byte) (FIRST_OP + op);
    }

    /** The sector's bytes without the {@link #STALE_COPY} flag. */
    public static byte value(byte sector) {
        return (byte) (sector & ~STALE_COPY);
    }

    static boolean staleCopy(byte sector) {
        return (sector & STALE_COPY) != 0;
    }

    public static String name(byte value) {
        switch (value(value)) {
            case ORIGINAL:
                return "original";
            case ZERO:
                return "zeros";
            case STALE:
                return "stale";
            default:
                return String.valueOf(Lane.letter(value(value) - FIRST_OP));
        }
    }
}
