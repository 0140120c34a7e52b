package org.locktable.engine.policy;

import org.locktable.engine.model.BlockState;
import org.locktable.engine.policy.DecisionBuilder.Ext4Map;

/** fs/ext4/file.c: the extent probes behind ext4's DIO lock decision (spec §2.2, §2.3). */
public final class Ext4Lookups {
    private Ext4Lookups() {
    }

    /** A trace line around one lookup, built only when tracing; {@code {len}} stands for the length asked. */
    private static void note(DecisionBuilder b, String function, String prefix, Ext4Map map, String outcome) {
        if (b.tracing()) {
            b.trace(function, prefix + DecisionBuilder.describe(map) + outcome.replace("{len}", Long.toString(map.len)));
        }
    }

    private static void beyondEof(DecisionBuilder b, String function, String outcome) {
        if (b.tracing()) {
            b.trace(function, "pos + len = " + b.end + " > i_size " + b.inode.size() + outcome);
        }
    }

    /** {@code ext4_extending_io()}: the write ends beyond {@code i_size} or {@code i_disksize}. */
    public static boolean extendingIo(DecisionBuilder b) {
        return b.end > b.inode.size() || b.end > b.inode.diskSize();
    }

    /**
     * {@code ext4_overwrite_io(inode, pos, len, &unwritten)}, v6.4+: does one allocated record (written or
     * unwritten) cover the whole block range inside {@code i_size}? Sets {@code state.unwritten} only on success.
     */
    public static boolean overwriteIo(DecisionBuilder b, Ext4DioState state) {
        if (b.end > b.inode.size()) {
            beyondEof(b, "ext4_overwrite_io", " -> not an overwrite");
            return false;
        }
        long blklen = b.lastBlk - b.firstBlk + 1;
        Ext4Map map = new Ext4Map(b.firstBlk, blklen);
        b.ext4MapBlocks(map);
        if (map.found != blklen) {
            note(b, "ext4_overwrite_io", "", map, " != {len} -> not an overwrite");
            return false;
        }
        state.unwritten = map.state == BlockState.UNWRITTEN;
        note(b, "ext4_overwrite_io", "", map, state.unwritten ? " -> overwrite of unwritten blocks" : " -> overwrite");
        return true;
    }

    /** {@code ext4_overwrite_io(inode, pos, len)}, v5.5: one WRITTEN record covers the whole block range. */
    public static boolean overwriteIoV55(DecisionBuilder b) {
        if (b.end > b.inode.size()) {
            beyondEof(b, "ext4_overwrite_io", " -> not an overwrite");
            return false;
        }
        long blklen = b.lastBlk - b.firstBlk + 1;
        Ext4Map map = new Ext4Map(b.firstBlk, blklen);
        b.ext4MapBlocks(map);
        boolean overwrite = map.found == blklen && map.state == BlockState.WRITTEN;
        note(b, "ext4_overwrite_io", "", map, overwrite ? " -> overwrite of written blocks"
                : map.found != blklen ? " != {len} -> not an overwrite" : " -> not written, not an overwrite");
        return overwrite;
    }

    /**
     * {@code ext4_dio_needs_zeroing()} (Baokun Li, patch 2/2): would the DIO layer zero the partial head or
     * tail block? Only those blocks are looked up, at most twice.
     */
    public static boolean dioNeedsZeroing(DecisionBuilder b) {
        if (b.end > b.inode.size()) {
            beyondEof(b, "ext4_dio_needs_zeroing", " -> zeroing");
            return true;
        }
        if (b.headPartial) {
            Ext4Map map = new Ext4Map(b.firstBlk, b.lastBlk - b.firstBlk + 1);
            int err = b.ext4MapBlocks(map);
            if (err <= 0 || map.state != BlockState.WRITTEN) {
                note(b, "ext4_dio_needs_zeroing", "head ", map, " -> head block needs zeroing");
                return true;
            }
            if (!b.tailPartial || map.lblk + map.found > b.lastBlk) {
                note(b, "ext4_dio_needs_zeroing", "head ", map, " reaches the tail block -> no zeroing");
                return false;
            }
            note(b, "ext4_dio_needs_zeroing", "head ", map, " -> head block written");
        }
        if (b.tailPartial) {
            Ext4Map map = new Ext4Map(b.lastBlk, 1);
            int err = b.ext4MapBlocks(map);
            if (err <= 0 || map.state != BlockState.WRITTEN) {
                note(b, "ext4_dio_needs_zeroing", "tail ", map, " -> tail block needs zeroing");
                return true;
            }
            note(b, "ext4_dio_needs_zeroing", "tail ", map, " -> tail block written");
        }
        if (!b.headPartial && !b.tailPartial) {
            b.trace("ext4_dio_needs_zeroing", "no partial block (unaligned only by the user buffer) -> no zeroing");
        }
        return false;
    }
}
