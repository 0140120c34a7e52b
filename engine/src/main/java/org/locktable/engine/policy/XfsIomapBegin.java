package org.locktable.engine.policy;

import org.locktable.engine.decision.MapType;
import org.locktable.engine.decision.Segment;
import org.locktable.engine.model.BlockState;
import org.locktable.engine.model.Layout;

/**
 * fs/xfs/xfs_iomap.c: {@code xfs_direct_write_iomap_begin()} for a non-COW inode: written records map as
 * MAPPED, unwritten as UNWRITTEN, holes get an allocation transaction and a new unwritten extent.
 */
public final class XfsIomapBegin implements IomapBegin {
    public static final XfsIomapBegin INSTANCE = new XfsIomapBegin();

    @Override
    public Segment begin(DecisionBuilder b, Layout layout, long cur, long to) {
        long blk = cur >>> b.bits;
        int i = layout.recordIndexAt(blk);
        if (i >= 0 && layout.recordState(i).allocated()) {
            return Ext4IomapBegin.segment(cur, to, b.bits, layout.recordEnd(i),
                    layout.recordState(i) == BlockState.WRITTEN ? MapType.MAPPED : MapType.UNWRITTEN, false, false);
        }
        return Ext4IomapBegin.segment(cur, to, b.bits, layout.nextRecordStart(blk), MapType.UNWRITTEN, true, true);
    }

    /** Why an {@code IOMAP_NOWAIT} or {@code IOMAP_OVERWRITE_ONLY} mapping returns -EAGAIN. */
    public enum ProbeFailure {
        NEEDS_ALLOC("imap_needs_alloc: the first block is a hole or a delalloc reservation"),
        NOT_ONE_RECORD("!imap_spans_range: the first record ends before the write does"),
        UNWRITTEN("IOMAP_OVERWRITE_ONLY: unaligned I/O to an unwritten extent would need sub-block zeroing");

        final String text;

        ProbeFailure(String text) {
            this.text = text;
        }

        /** Why, as the trace says it. */
        public String text() {
            return text;
        }
    }

    /**
     * {@code xfs_bmapi_read(nimaps=1)} + {@code imap_needs_alloc} / {@code imap_spans_range} at the first block:
     * why an {@code IOMAP_NOWAIT} or {@code IOMAP_OVERWRITE_ONLY} mapping fails, or null when it does not.
     */
    public static ProbeFailure probeFailure(DecisionBuilder b, Layout layout, boolean overwriteOnly) {
        b.countLookup();
        long endFsb = ((b.end - 1) >>> b.bits) + 1;
        int i = layout.recordIndexAt(b.firstBlk);
        if (i < 0 || !layout.recordState(i).allocated()) {
            return ProbeFailure.NEEDS_ALLOC;
        }
        if (layout.recordEnd(i) < endFsb) {
            return ProbeFailure.NOT_ONE_RECORD;
        }
        if (overwriteOnly && layout.recordState(i) != BlockState.WRITTEN) {
            return ProbeFailure.UNWRITTEN;
        }
        return null;
    }
}
