package org.locktable.timing.workload;

/**
 * One fio job (per clone).
 *
 * @param pattern sequential (with a skip after each I/O, {@code rw=write:4k}) or random offsets
 * @param readPercent share of reads for mixed patterns ({@code rwmixread}); 0 for pure writes
 * @param blockSizes write sizes ({@code bs}, {@code bsrange}, {@code bssplit})
 * @param offset {@code offset}: where clone 0 starts, bytes
 * @param offsetIncrement {@code offset_increment}: clone k starts at {@code offset + k * offsetIncrement}
 * @param skip bytes added after each sequential I/O ({@code rw=write:SKIP})
 * @param region bytes of file each clone works in ({@code size} / {@code filesize})
 * @param ioBytes bytes each clone transfers before it stops ({@code io_size}, default {@code region}); ignored
 *                when time based
 * @param timeBasedSeconds {@code time_based} with {@code runtime}, or 0 for fixed work
 * @param engine psync (one I/O in flight, the lock held through completion) or async with an iodepth
 * @param iodepth I/Os in flight per job for async engines (1 for sync engines)
 * @param direct O_DIRECT
 * @param dsync O_DSYNC / O_SYNC ({@code sync=dsync|sync|1})
 * @param writethrough RWF_WRITETHROUGH (patched fio {@code --writethrough=1})
 * @param noserial RWF_NOSERIAL
 * @param alignment offset alignment of random I/O ({@code blockalign}), default the smallest block size
 * @param syncFileRange {@code sync_file_range}: page writeback the job starts and waits for every N writes
 */
public record JobSpec(
        Pattern pattern,
        int readPercent,
        BlockSizes blockSizes,
        long offset,
        long offsetIncrement,
        long skip,
        long region,
        long ioBytes,
        double timeBasedSeconds,
        Engine engine,
        int iodepth,
        boolean direct,
        boolean dsync,
        boolean writethrough,
        boolean noserial,
        long alignment,
        SyncFileRange syncFileRange) {

    /** A job without {@code sync_file_range} calls. */
    public JobSpec(Pattern pattern, int readPercent, BlockSizes blockSizes, long offset, long offsetIncrement, long skip,
            long region, long ioBytes, double timeBasedSeconds, Engine engine, int iodepth, boolean direct,
            boolean dsync, boolean writethrough, boolean noserial, long alignment) {
        this(pattern, readPercent, blockSizes, offset, offsetIncrement, skip, region, ioBytes, timeBasedSeconds, engine,
                iodepth, direct, dsync, writethrough, noserial, alignment, SyncFileRange.NONE);
    }

    public JobSpec {
        if (syncFileRange == null) {
            throw new IllegalArgumentException("syncFileRange is null (use SyncFileRange.NONE)");
        }
    }

    public JobSpec withSyncFileRange(SyncFileRange v) {
        return new JobSpec(pattern, readPercent, blockSizes, offset, offsetIncrement, skip, region, ioBytes,
                timeBasedSeconds, engine, iodepth, direct, dsync, writethrough, noserial, alignment, v);
    }

    public enum Pattern {
        SEQUENTIAL, RANDOM
    }

    public enum Engine {
        /** pread/pwrite: synchronous kiocb. */
        PSYNC,
        /** libaio: asynchronous with O_DIRECT; buffered libaio completes synchronously. */
        LIBAIO,
        /** io_uring. */
        IO_URING;

        public boolean async() {
            return this != PSYNC;
        }
    }
}
