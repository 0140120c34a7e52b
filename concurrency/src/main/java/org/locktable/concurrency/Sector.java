package org.locktable.concurrency;

/** What a 512-byte sector of the disk holds: the original bytes, zeros, stale bytes of a fresh block, or an operation's pattern. */
public final class Sector {
    public static final int SIZE = 512;
    public static final byte ORIGINAL = 0;
    public static final byte ZERO = 1;
    /** Whatever a block held before it was allocated to the file: never a valid result. */
    public static final byte STALE = 2;
    private static final byte FIRST_OP = 3;

    private Sector() {
    }

    public static byte of(int op) {
        return (byte) (FIRST_OP + op);
    }

    public static String name(byte value) {
        switch (value) {
            case ORIGINAL:
                return "original";
            case ZERO:
                return "zeros";
            case STALE:
                return "stale";
            default:
                return String.valueOf(Lane.letter(value - FIRST_OP));
        }
    }
}
