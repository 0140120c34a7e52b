package org.locktable.timing.cost;

/**
 * Host CPU and file-system costs of one I/O, in nanoseconds (timing-notes §3.7, §4). Each CPU term is a burst
 * on one of {@link #cores} FIFO cores (0 = as many cores as needed: the bursts are pure delays); the conversion
 * and size-update terms are served by the inode's own serialized completion stage instead.
 *
 * @param cores CPU cores the bursts share, FIFO; 0 for unlimited (no CPU queueing)
 * @param thinkNs Z: per-I/O CPU outside the inode lock (fio, system call entry and exit, reaping)
 * @param wakeNs W: a job thread's sleep and wake-up when it had to wait for a completion (fio blocked in
 *               {@code io_getevents} with nothing to reap, a synchronous write or a {@code FORCE_WAIT} write asleep in
 *               the kernel until its bio completes, a drain, a {@code sync_file_range} wait): the scheduler's switch
 *               out and back and, on an otherwise idle CPU, its wake from idle. Charged, as CPU, before the thread's
 *               next I/O. At iodepth 1 every I/O pays it, so a profile fitted there alone cannot tell it from Z
 * @param lockedNs c: per-I/O CPU inside the inode lock (write checks, iomap mapping, bio submission)
 * @param relockNs x: extra CPU when the lock mode changes: charged under the final exclusive lock for ext4's
 *                 {@code CHECKS_RESTART} and XFS's {@code DIO_EAGAIN_RETRY} (the checks or the refused shared
 *                 submission are redone), and under the exclusive lock before a {@code downgrade_write} /
 *                 {@code xfs_ilock_demote}
 * @param handoffNs h: charged to every sleeping waiter the rwsem wakes (wake-up and hand-off), before its
 *                  in-lock work, while it holds the lock
 * @param journalHandleNs per journal handle or transaction started at submission, under the lock: ext4
 *                        {@code MAP_BLOCKS} (one per segment) and {@code ORPHAN}, XFS {@code ALLOCATE}, ext4
 *                        buffered {@code WRITE_END_HANDLE} (seed 001: about 5,600 ns)
 * @param copyNsPerByte page-cache copy per byte for buffered and write-through writes, under the lock
 * @param conversionNs V: unwritten→written conversion at completion, in the inode's serialized conversion stage
 * @param sizeUpdateNs i_size / i_disksize update at completion ({@code SIZE_AT_COMPLETION}, {@code SIZE_AFTER_DIO}),
 *                     in the same serialized stage
 * @param completionLatencyNs L: a pure delay between the device's completion and the conversion stage
 *                            (interrupt, bio completion, aio/io_uring completion delivery)
 * @param logForceNs F: one write of the file system's log, which an O_DSYNC write waits for after its completion
 *                   changed metadata (a conversion or a size update). Forces group-commit: one that is
 *                   requested while another is being written waits for the next, which covers every
 *                   request made meanwhile ({@code xfs_log_force_seq}, jbd2's commit). One log per simulation.
 * @param cv coefficient of variation of every CPU burst and conversion-stage service (0 deterministic,
 *           1 exponential, otherwise gamma)
 * @param pageBytes the kernel's page size, the smallest folio: O_DSYNC buffered writers of one folio share its
 *                  writeback and its folio lock ({@code WaitRules.pageWriteback}); 0 for the file system's block size
 * @param idleExitNs E: how long a woken thread waits, as wall time and not CPU, when the core it lands on had gone
 *                   idle: the core's exit from its idle state. In a VM whose vCPU halted, the hypervisor must run
 *                   the vCPU again (with the {@code haltpoll} cpuidle driver and {@code guest_halt_poll_ns} 0 every
 *                   idle halts). Paid only with a finite {@link #cores} count, by a thread woken from a sleep (a job
 *                   thread back from its wait, a page writer woken on the folio-lock chain, a sleeping rwsem
 *                   waiter; not a device worker, which is woken while its submitter runs and takes that CPU when
 *                   the submitter sleeps), and only when the core had been idle for longer than {@link #idlePollNs}
 * @param idlePollNs P: how long an idle core stays cheap to wake: the idle time covered by polling (the guest's
 *                   haltpoll window, the host's KVM halt polling) before the core really halts
 */
public record CostModel(
        int cores,
        double thinkNs,
        double wakeNs,
        double lockedNs,
        double relockNs,
        double handoffNs,
        double journalHandleNs,
        double copyNsPerByte,
        double conversionNs,
        double sizeUpdateNs,
        double completionLatencyNs,
        double logForceNs,
        double cv,
        int pageBytes,
        double idleExitNs,
        double idlePollNs) {

    public CostModel {
        if (pageBytes != 0 && (pageBytes < 512 || Integer.bitCount(pageBytes) != 1)) {
            throw new IllegalArgumentException("pageBytes must be 0 or a power of two >= 512, got " + pageBytes);
        }
        if (cores < 0) {
            throw new IllegalArgumentException("cores must be >= 0 (0 = unlimited), got " + cores);
        }
        for (double v : new double[] {thinkNs, wakeNs, lockedNs, relockNs, handoffNs, journalHandleNs, copyNsPerByte,
                conversionNs, sizeUpdateNs, completionLatencyNs, logForceNs, cv, idleExitNs, idlePollNs}) {
            if (!(v >= 0) || Double.isInfinite(v)) {
                throw new IllegalArgumentException("cost terms must be finite and >= 0: " + v);
            }
        }
    }

    /** Every cost zero, unlimited cores, deterministic: the starting point for the withers. */
    public static final CostModel ZERO = new CostModel(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);

    public CostModel withCores(int v) {
        return new CostModel(v, thinkNs, wakeNs, lockedNs, relockNs, handoffNs, journalHandleNs, copyNsPerByte,
                conversionNs, sizeUpdateNs, completionLatencyNs, logForceNs, cv, pageBytes, idleExitNs, idlePollNs);
    }

    public CostModel withThinkNs(double v) {
        return new CostModel(cores, v, wakeNs, lockedNs, relockNs, handoffNs, journalHandleNs, copyNsPerByte,
                conversionNs, sizeUpdateNs, completionLatencyNs, logForceNs, cv, pageBytes, idleExitNs, idlePollNs);
    }

    public CostModel withWakeNs(double v) {
        return new CostModel(cores, thinkNs, v, lockedNs, relockNs, handoffNs, journalHandleNs, copyNsPerByte,
                conversionNs, sizeUpdateNs, completionLatencyNs, logForceNs, cv, pageBytes, idleExitNs, idlePollNs);
    }

    public CostModel withLockedNs(double v) {
        return new CostModel(cores, thinkNs, wakeNs, v, relockNs, handoffNs, journalHandleNs, copyNsPerByte,
                conversionNs, sizeUpdateNs, completionLatencyNs, logForceNs, cv, pageBytes, idleExitNs, idlePollNs);
    }

    public CostModel withRelockNs(double v) {
        return new CostModel(cores, thinkNs, wakeNs, lockedNs, v, handoffNs, journalHandleNs, copyNsPerByte,
                conversionNs, sizeUpdateNs, completionLatencyNs, logForceNs, cv, pageBytes, idleExitNs, idlePollNs);
    }

    public CostModel withHandoffNs(double v) {
        return new CostModel(cores, thinkNs, wakeNs, lockedNs, relockNs, v, journalHandleNs, copyNsPerByte,
                conversionNs, sizeUpdateNs, completionLatencyNs, logForceNs, cv, pageBytes, idleExitNs, idlePollNs);
    }

    public CostModel withJournalHandleNs(double v) {
        return new CostModel(cores, thinkNs, wakeNs, lockedNs, relockNs, handoffNs, v, copyNsPerByte, conversionNs,
                sizeUpdateNs, completionLatencyNs, logForceNs, cv, pageBytes, idleExitNs, idlePollNs);
    }

    public CostModel withCopyNsPerByte(double v) {
        return new CostModel(cores, thinkNs, wakeNs, lockedNs, relockNs, handoffNs, journalHandleNs, v, conversionNs,
                sizeUpdateNs, completionLatencyNs, logForceNs, cv, pageBytes, idleExitNs, idlePollNs);
    }

    public CostModel withConversionNs(double v) {
        return new CostModel(cores, thinkNs, wakeNs, lockedNs, relockNs, handoffNs, journalHandleNs, copyNsPerByte, v,
                sizeUpdateNs, completionLatencyNs, logForceNs, cv, pageBytes, idleExitNs, idlePollNs);
    }

    public CostModel withSizeUpdateNs(double v) {
        return new CostModel(cores, thinkNs, wakeNs, lockedNs, relockNs, handoffNs, journalHandleNs, copyNsPerByte,
                conversionNs, v, completionLatencyNs, logForceNs, cv, pageBytes, idleExitNs, idlePollNs);
    }

    public CostModel withCompletionLatencyNs(double v) {
        return new CostModel(cores, thinkNs, wakeNs, lockedNs, relockNs, handoffNs, journalHandleNs, copyNsPerByte,
                conversionNs, sizeUpdateNs, v, logForceNs, cv, pageBytes, idleExitNs, idlePollNs);
    }

    public CostModel withLogForceNs(double v) {
        return new CostModel(cores, thinkNs, wakeNs, lockedNs, relockNs, handoffNs, journalHandleNs, copyNsPerByte,
                conversionNs, sizeUpdateNs, completionLatencyNs, v, cv, pageBytes, idleExitNs, idlePollNs);
    }

    public CostModel withCv(double v) {
        return new CostModel(cores, thinkNs, wakeNs, lockedNs, relockNs, handoffNs, journalHandleNs, copyNsPerByte,
                conversionNs, sizeUpdateNs, completionLatencyNs, logForceNs, v, pageBytes, idleExitNs, idlePollNs);
    }

    public CostModel withIdleExitNs(double v) {
        return new CostModel(cores, thinkNs, wakeNs, lockedNs, relockNs, handoffNs, journalHandleNs, copyNsPerByte,
                conversionNs, sizeUpdateNs, completionLatencyNs, logForceNs, cv, pageBytes, v, idlePollNs);
    }

    public CostModel withIdlePollNs(double v) {
        return new CostModel(cores, thinkNs, wakeNs, lockedNs, relockNs, handoffNs, journalHandleNs, copyNsPerByte,
                conversionNs, sizeUpdateNs, completionLatencyNs, logForceNs, cv, pageBytes, idleExitNs, v);
    }

    public CostModel withPageBytes(int v) {
        return new CostModel(cores, thinkNs, wakeNs, lockedNs, relockNs, handoffNs, journalHandleNs, copyNsPerByte,
                conversionNs, sizeUpdateNs, completionLatencyNs, logForceNs, cv, v, idleExitNs, idlePollNs);
    }
}
