package org.locktable.engine.policy;

import org.locktable.engine.decision.MapType;
import org.locktable.engine.decision.Segment;
import org.locktable.engine.model.BlockState;
import org.locktable.engine.model.Layout;

/** fs/ext4/inode.c: {@code ext4_iomap_begin()} and {@code ext4_iomap_alloc()}, in the versions the policies model. */
public enum Ext4IomapBegin implements IomapBegin {
    /**
     * v7.0: written and unwritten blocks within {@code i_size} are mapped without a handle; everything else
     * goes through {@code ext4_iomap_alloc} with one journal handle per segment.
     */
    V7_0 {
        @Override
        public Segment begin(DecisionBuilder b, Layout layout, long cur, long to) {
            long blk = cur >>> b.bits;
            if (b.end <= b.inode.size()) {
                int i = layout.recordIndexAt(blk);
                if (i >= 0 && layout.recordState(i).allocated()) {
                    return segment(cur, to, b.bits, layout.recordEnd(i),
                            layout.recordState(i) == BlockState.WRITTEN ? MapType.MAPPED : MapType.UNWRITTEN, false, false);
                }
            }
            return alloc(b, layout, cur, to, false);
        }
    },
    /**
     * v5.10 until v7.0-rc1 (9faac62d4013 "ext4: optimize file overwrites"): written blocks within {@code i_size}
     * are mapped without a handle; unwritten blocks and holes go through {@code ext4_iomap_alloc} (IO_CREATE_EXT).
     * Debian's 6.12.117 still reads so ({@code ext4_iomap_begin}: only {@code EXT4_MAP_MAPPED} skips the alloc).
     */
    V5_10 {
        @Override
        public Segment begin(DecisionBuilder b, Layout layout, long cur, long to) {
            long blk = cur >>> b.bits;
            if (b.end <= b.inode.size()) {
                int i = layout.recordIndexAt(blk);
                if (i >= 0 && layout.recordState(i) == BlockState.WRITTEN) {
                    return segment(cur, to, b.bits, layout.recordEnd(i), MapType.MAPPED, false, false);
                }
            }
            return alloc(b, layout, cur, to, true);
        }
    },
    /** v5.5 {@code ext4_iomap_ops}: no fast path, every segment allocates with a handle (IO_CREATE_EXT splits unwritten). */
    V5_5 {
        @Override
        public Segment begin(DecisionBuilder b, Layout layout, long cur, long to) {
            return alloc(b, layout, cur, to, true);
        }
    },
    /** Jan Kara's {@code ext4_iomap_overwrite_ops}: mapped as for a read, no handle, the range is all written. */
    OVERWRITE {
        @Override
        public Segment begin(DecisionBuilder b, Layout layout, long cur, long to) {
            long blk = cur >>> b.bits;
            int i = layout.recordIndexAt(blk);
            long recordEnd = i < 0 ? layout.nextRecordStart(blk) : layout.recordEnd(i);
            return segment(cur, to, b.bits, recordEnd, MapType.MAPPED, false, false);
        }
    };

    /**
     * {@code ext4_iomap_alloc}: {@code EXT4_GET_BLOCKS_CREATE} at or beyond {@code i_size} (holes become written,
     * unwritten is converted), {@code CREATE_UNWRIT_EXT} (v5.5: {@code IO_CREATE_EXT}) below it.
     */
    public static Segment alloc(DecisionBuilder b, Layout layout, long cur, long to, boolean v55) {
        long blk = cur >>> b.bits;
        boolean beyondEof = (blk << b.bits) >= b.inode.size();
        int i = layout.recordIndexAt(blk);
        BlockState state = i < 0 ? BlockState.HOLE : layout.recordState(i);
        long runEnd = i < 0 || state == BlockState.DELALLOC ? layout.nextRecordStart(blk) : layout.recordEnd(i);
        switch (state) {
            case WRITTEN:
                return segment(cur, to, b.bits, runEnd, MapType.MAPPED, false, true);
            case UNWRITTEN:
                return beyondEof
                        ? segment(cur, to, b.bits, runEnd, MapType.MAPPED, true, true)
                        : segment(cur, to, b.bits, runEnd, MapType.UNWRITTEN, v55, true);
            default:
                return beyondEof
                        ? segment(cur, to, b.bits, runEnd, MapType.MAPPED, true, true)
                        : segment(cur, to, b.bits, runEnd, MapType.UNWRITTEN, true, true);
        }
    }

    /** The segment {@code [cur, min(to, endBlock's first byte))}; {@code endBlock} may be {@link Long#MAX_VALUE}. */
    public static Segment segment(long cur, long to, int bits, long endBlock, MapType type, boolean isNew, boolean tx) {
        long segEnd = endBlock > ((to - 1) >>> bits) ? to : endBlock << bits;
        return new Segment(cur, segEnd, type, isNew, tx);
    }
}
