package org.locktable.timing.sim;

import java.util.Arrays;

/**
 * One inode during a run: its rwsem, extent map, i_size, in-flight DIO counter, drainers, conversion stage, and
 * its page cache as far as {@code sync_file_range} sees it (dirty ranges, writeback under way, waiters).
 */
final class SimFile {
    /** Set by {@link SimFiles} from the run's {@link WaitRules}. */
    RwSem lock = new RwSem();
    /** When the timer for writers spinning on this file's readers goes off (set once per reader phase). */
    long readerSpinTimer = -1;
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
    /** Metadata transactions of this inode committed to the log, and how many of them a log force has covered. */
    long logCommits;
    long logForced;

    /** Dirty ranges of buffered writes not yet under writeback: offsets and lengths. */
    long[] dirtyOffset = new long[16];
    long[] dirtyLength = new long[16];
    int dirtyCount;
    /** Writeback I/Os submitted and completed so far. */
    long writebackSubmitted;
    long writebackCompleted;
    /** Jobs in sync_file_range waiting for writeback: the job and how many completions it waits for. */
    int[] waitJob = new int[4];
    long[] waitTarget = new long[4];
    int waitCount;

    SimFile(BlockMap map, long iSize, long deviceBase) {
        this.map = map;
        this.iSize = iSize;
        this.deviceBase = deviceBase;
    }

    /** {@code inode_dio_end} (include/linux/fs.h): at 0, every drainer gets {@code drainedEvent} now. */
    void dioEnd(EventQueue events, long now, int drainedEvent) {
        if (--dio == 0 && drainerCount > 0) {
            for (int i = 0; i < drainerCount; i++) {
                events.push(now, drainedEvent | drainers[i]);
            }
            drainerCount = 0;
        }
    }

    void addDirty(long offset, long length) {
        if (dirtyCount == dirtyOffset.length) {
            dirtyOffset = Arrays.copyOf(dirtyOffset, dirtyCount * 2);
            dirtyLength = Arrays.copyOf(dirtyLength, dirtyCount * 2);
        }
        dirtyOffset[dirtyCount] = offset;
        dirtyLength[dirtyCount++] = length;
    }

    void addWaiter(int job, long target) {
        if (waitCount == waitJob.length) {
            waitJob = Arrays.copyOf(waitJob, waitCount * 2);
            waitTarget = Arrays.copyOf(waitTarget, waitCount * 2);
        }
        waitJob[waitCount] = job;
        waitTarget[waitCount++] = target;
    }

    void addDrainer(int slot) {
        if (drainerCount == drainers.length) {
            drainers = Arrays.copyOf(drainers, drainerCount * 2);
        }
        drainers[drainerCount++] = slot;
    }
}
