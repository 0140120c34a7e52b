package org.locktable.timing.sim;

import java.util.Arrays;

/** One inode during a run: its rwsem, extent map, i_size, in-flight DIO counter, drainers, conversion stage. */
final class SimFile {
    final RwSem lock = new RwSem();
    final BlockMap map;
    /** Where the file starts on the device, bytes. */
    final long deviceBase;
    long iSize;
    /** inode_dio_begin / inode_dio_end counter. */
    int dio;
    int[] drainers = new int[4];
    int drainerCount;
    /** When the inode's serialized conversion stage is free. */
    long conversionFree;

    SimFile(BlockMap map, long iSize, long deviceBase) {
        this.map = map;
        this.iSize = iSize;
        this.deviceBase = deviceBase;
    }

    void addDrainer(int slot) {
        if (drainerCount == drainers.length) {
            drainers = Arrays.copyOf(drainers, drainerCount * 2);
        }
        drainers[drainerCount++] = slot;
    }
}
