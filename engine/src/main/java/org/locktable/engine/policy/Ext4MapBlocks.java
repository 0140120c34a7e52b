package org.locktable.engine.policy;

import org.locktable.engine.model.BlockState;
import org.locktable.engine.model.Layout;
import org.locktable.engine.policy.DecisionBuilder.Ext4Map;

/** fs/ext4/inode.c {@code ext4_map_blocks(NULL, inode, &map, 0)}: a lookup of the extent map, no allocation. */
final class Ext4MapBlocks {
    private Ext4MapBlocks() {
    }

    /**
     * The record of {@code layout} containing {@code map.lblk}, trimmed to {@code map.len}, into {@code map}; a hole or
     * delalloc block returns 0.
     */
    static int lookUp(Layout layout, Ext4Map map) {
        int i = layout.recordIndexAt(map.lblk);
        if (i < 0 || layout.recordState(i) == BlockState.DELALLOC) {
            map.state = i < 0 ? BlockState.HOLE : BlockState.DELALLOC;
            map.found = 0;
        } else {
            map.state = layout.recordState(i);
            map.found = Math.min(layout.recordEnd(i) - map.lblk, map.len);
        }
        return (int) Math.min(map.found, Integer.MAX_VALUE);
    }

    /** {@code ext4_map_blocks(lblk=0, len=4) -> WRITTEN x1}, for trace lines. */
    static String describe(Ext4Map map) {
        return "ext4_map_blocks(lblk=" + map.lblk + ", len=" + map.len + ") -> "
                + (map.found == 0 ? map.state + " (returns 0)" : map.state + " x" + map.found);
    }
}
