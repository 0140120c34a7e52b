package org.locktable.engine.decision;

/**
 * One transaction code of spec §3.5: {@code M2} (count), {@code Zpc[6000,8192)} (range; empty when the
 * zeroing phase ran but found only holes and unwritten blocks), {@code C:cv}.
 */
public record Tx(TxKind kind, int count, long from, long to) {
    public static Tx of(TxKind kind) {
        return new Tx(kind, 1, 0, 0);
    }

    public static Tx counted(TxKind kind, int count) {
        return new Tx(kind, count, 0, 0);
    }

    public static Tx range(TxKind kind, long from, long to) {
        return new Tx(kind, 1, from, to);
    }

    @Override
    public String toString() {
        switch (kind) {
            case MAP_BLOCKS:
            case ALLOCATE:
                return kind.code() + count;
            case EOF_PAGECACHE_ZERO:
                return from == to ? "Zpc[]" : "Zpc[" + from + "," + to + ")";
            default:
                return kind.code();
        }
    }
}
