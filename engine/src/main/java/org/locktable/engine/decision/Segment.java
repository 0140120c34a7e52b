package org.locktable.engine.decision;

/**
 * One mapping returned by {@code iomap_begin} during the DIO, and the byte range issued with it.
 *
 * @param isNew {@code IOMAP_F_NEW}: the blocks were allocated by this write
 * @param transaction the mapping started an ext4 journal handle or an XFS allocation transaction
 */
public record Segment(long start, long end, MapType type, boolean isNew, boolean transaction) {
    /** The suffix of a segment whose blocks this write allocated ({@code IOMAP_F_NEW}). */
    public static final String NEW_MARK = "+N";
    /** The suffix of a segment whose mapping started a journal handle or allocation transaction. */
    public static final String TRANSACTION_MARK = "*";

    /** The spec's notation: {@code [0,4096)M}, {@code [4096,8192)U+N*}. */
    @Override
    public String toString() {
        return "[" + start + "," + end + ")" + type.letter() + (isNew ? NEW_MARK : "")
                + (transaction ? TRANSACTION_MARK : "");
    }
}
