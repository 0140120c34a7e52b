package org.locktable.engine.decision;

/**
 * One mapping returned by {@code iomap_begin} during the DIO, and the byte range issued with it.
 *
 * @param isNew {@code IOMAP_F_NEW}: the blocks were allocated by this write
 * @param transaction the mapping started an ext4 journal handle or an XFS allocation transaction
 */
public record Segment(long start, long end, MapType type, boolean isNew, boolean transaction) {
    /** The spec's notation: {@code [0,4096)M}, {@code [4096,8192)U+N*}. */
    @Override
    public String toString() {
        return "[" + start + "," + end + ")" + (type == MapType.MAPPED ? "M" : "U") + (isNew ? "+N" : "")
                + (transaction ? "*" : "");
    }
}
