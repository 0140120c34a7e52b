package org.locktable.timing.sim;

/**
 * Which of the kernel's waiting rules a simulation applies (issue 13 item 1). {@link #KERNEL} is what the kernel
 * does, and what the committed profiles (fitted-values.tsv) are fitted under ({@link #COMMITTED}, every default);
 * {@link #NONE} is the model before the audit, kept to show what the rules move. A profile's values compensate for
 * the rules it was fitted under, so predicting with other rules mis-states both: that comparison is an experiment.
 *
 * @param wakeAllReaders {@code rwsem_mark_wake} (kernel/locking/rwsem.c, v5.3+): a reader at the head of the
 *                       wait list wakes every waiting reader, up to 256, past the writers between them; otherwise
 *                       only the leading run of readers is woken
 * @param ioUringPunt io_uring direct I/O that would sleep goes on in an io-wq worker ({@code io_queue_iowq},
 *                    io_uring/io_uring.c) and frees its submitter; otherwise io_uring behaves as libaio
 * @param biosPerSegment a direct write is one device command per iomap segment plus one per sub-block zero
 *                       range ({@code iomap_dio_bio_iter}, {@code iomap_dio_zero}, fs/iomap/direct-io.c);
 *                       otherwise one command per write
 * @param pageWriteback an O_DSYNC buffered write waits for its page's writeback in flight, which ends after its
 *                      ioend's conversion, and the writers who waited go out in one write ({@link PageWriteback}),
 *                      converting only blocks still unwritten then; otherwise every such write is its own device
 *                      write at once and converts when its copy met an unwritten block
 * @param inodeLogForce an O_DSYNC write of an inode whose logged metadata changes are not yet on disk forces the
 *                      log for them, whether or not it changed metadata itself ({@code xfs_fsync_seq}: pinned,
 *                      {@code ili_fsync_fields} beyond timestamps, fs/xfs/xfs_file.c; ext4 waits for the inode's
 *                      {@code i_datasync_tid} likewise); otherwise only a write whose completion changed metadata
 *                      forces it
 * @param optimisticSpin a writer that finds the inode lock taken spins while a writer on a CPU or readers hold it,
 *                       and takes it ahead of sleeping waiters; a woken writer is not handed the lock but tries
 *                       for it when it runs, and a writer or a reader arriving meanwhile takes it first; after
 *                       4 ms in the list the first waiter's hand-off bit stops that ({@code rwsem_optimistic_spin},
 *                       {@code rwsem_try_write_lock}, {@code rwsem_down_read_slowpath}, kernel/locking/rwsem.c,
 *                       v5.11+; {@link RwSem}); otherwise every waiter sleeps and a released lock is handed over
 */
public record WaitRules(boolean wakeAllReaders, boolean ioUringPunt, boolean biosPerSegment, boolean pageWriteback,
        boolean inodeLogForce, boolean optimisticSpin) {
    /** The kernel's rules. */
    public static final WaitRules KERNEL = new WaitRules(true, true, true, true, true, true);
    /** None of the above: the model before the audit. */
    public static final WaitRules NONE = new WaitRules(false, false, false, false, false, false);
    /** The rules the committed profiles are fitted under, and every simulation's default. */
    public static final WaitRules COMMITTED = KERNEL;

    /** These rules with writers' optimistic spinning and lock stealing on or off. */
    public WaitRules withOptimisticSpin(boolean on) {
        return new WaitRules(wakeAllReaders, ioUringPunt, biosPerSegment, pageWriteback, inodeLogForce, on);
    }

    /** {@code kernel} or {@code none}. */
    public static WaitRules named(String name) {
        switch (name) {
            case "kernel":
                return KERNEL;
            case "none":
                return NONE;
            default:
                throw new IllegalArgumentException("wait rules: kernel or none, not " + name);
        }
    }

    /** {@code kernel}, {@code none}, or the flags. */
    public String label() {
        if (equals(KERNEL)) {
            return "kernel";
        }
        if (equals(NONE)) {
            return "none";
        }
        return "wakeAllReaders=" + wakeAllReaders + ",ioUringPunt=" + ioUringPunt + ",biosPerSegment="
                + biosPerSegment + ",pageWriteback=" + pageWriteback + ",inodeLogForce=" + inodeLogForce
                + ",optimisticSpin=" + optimisticSpin;
    }
}
