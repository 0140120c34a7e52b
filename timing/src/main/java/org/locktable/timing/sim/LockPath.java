package org.locktable.timing.sim;

import org.locktable.engine.decision.Retry;

/**
 * An I/O's way through its file's {@code i_rwsem}: the decision for the layout it meets (engine, cached by window
 * shape), then each lock op of the plan ({@code S}, {@code X}, {@code S → unlock → X}, {@code X → downgrade}; a
 * waiter that slept pays h, a writer that spun does not: {@link RwSem}, {@link LockHolds}), then the in-lock CPU
 * burst (c, + x after a restart / -EAGAIN retry, + a cost per journal handle, + page copy for buffered writes). An
 * O_DSYNC copy into a page whose folio lock a writer waiting for its writeback holds waits for it, holding the inode
 * lock. The I/O then goes on to {@link IoSubmission#afterLock}.
 */
final class LockPath {
    private final RunState run;
    private final JobSlots io;
    private final JobThreads threads;
    private final IoSubmission submission;

    LockPath(RunState run, JobThreads threads, IoSubmission submission) {
        this.run = run;
        this.io = run.io;
        this.threads = threads;
        this.submission = submission;
    }

    /** Slot {@code s}'s thread has thought: its I/O is decided on the file as it is now, and its lock path starts. */
    void begin(int s) {
        io.slotStartTime[s] = run.now;
        Plan p;
        if (io.slotRead[s]) {
            p = run.readPlan;
        } else {
            SimFile f = run.file(s);
            p = run.plans.planFor(f.map, f.iSize, io.slotOffset[s], io.slotLength[s]);
            run.tally.count(p);
        }
        io.slotPlan[s] = p;
        io.slotStep[s] = 0;
        io.slotPendingNs[s] = 0;
        io.slotPaid[s] = false;
        io.slotPunted[s] = false;
        advance(s);
    }

    /** Runs the lock path from the slot's current step; returns when it sleeps or a CPU burst is scheduled. */
    void advance(int s) {
        Plan p = io.slotPlan[s];
        byte[] ops = p.ops;
        SimFile f = run.file(s);
        while (io.slotStep[s] < ops.length) {
            byte op = ops[io.slotStep[s]];
            if (op == Plan.ACQUIRE_SHARED || op == Plan.ACQUIRE_EXCLUSIVE) {
                boolean x = op == Plan.ACQUIRE_EXCLUSIVE;
                io.slotRequestTime[s] = run.now;
                if (run.locks.acquire(run.now, f, s, x, run.cpu.idleCore(run.now)) != RwSem.GRANTED) {
                    threads.punt(s);
                    return; // spinning until SPIN_GRANTED, or asleep until GRANTED or WRITER_WOKEN
                }
                io.slotStep[s]++;
                continue;
            }
            if (!io.slotPaid[s]) {
                double ns = io.slotPendingNs[s] + (op == Plan.DOWNGRADE ? run.cost.relockNs() : 0);
                io.slotPendingNs[s] = 0;
                if (ns > 0 || io.slotWoken[s]) {
                    io.slotPaid[s] = true;
                    run.events.push(run.burst(takeWoken(s), run.sample(ns)), SimEvent.of(SimEvent.PRE_OP_DONE, s));
                    return;
                }
            }
            io.slotPaid[s] = false;
            if (op == Plan.UNLOCK) {
                run.locks.release(run.now, f, s);
            } else {
                run.locks.downgrade(run.now, f, s);
            }
            io.slotStep[s]++;
        }
        double ns = io.slotPendingNs[s] + run.cost.lockedNs();
        io.slotPendingNs[s] = 0;
        if (p.retry != Retry.NONE) {
            ns += run.cost.relockNs();
        }
        if (p.handles > 0) {
            ns += p.handles * run.cost.journalHandleNs();
            run.tally.journalHandles += p.handles;
        }
        if (!run.spec.direct() && !io.slotRead[s]) {
            ns += io.slotLength[s] * run.cost.copyNsPerByte();
        }
        PageWriteback pages = run.pageWriteback;
        if (pages != null && p.completion == Plan.COPY && run.dsync && pages.locked(io.slotFile[s], io.slotOffset[s])) {
            io.slotPendingNs[s] = Math.round(ns);
            pages.waitForLock(s, io.slotFile[s], io.slotOffset[s]);
            run.locks.ownerSleeps(run.now, f, s);
            return; // holding the inode lock until copyUnlocked
        }
        inLock(s, ns);
    }

    /**
     * Slot {@code s}'s copy into its page had waited for the folio lock, holding the inode lock: it goes on, once
     * its thread, asleep in {@code folio_lock}, has been woken ({@code cost.wakeNs}).
     */
    void copyUnlocked(int s) {
        long ns = io.slotPendingNs[s] + Math.round(run.cost.wakeNs());
        io.slotPendingNs[s] = 0;
        if (run.cost.wakeNs() > 0) {
            run.tally.wakeUps++;
        }
        markWoken(s);
        run.locks.ownerRuns(run.file(s), s);
        inLock(s, ns);
    }

    /** The first spinner took the lock as it was released: it never slept, so it pays no hand-off. */
    void spinGranted(int s) {
        run.locks.grant(s, true);
        lockTaken(s);
    }

    /** The writer at the head of the wait list was woken: it runs (h, as CPU) before it tries for the lock. */
    void writerWoken(int s) {
        markWoken(s);
        run.events.push(run.burst(takeWoken(s), run.sample(run.cost.handoffNs())), SimEvent.of(SimEvent.WRITER_TRY, s));
    }

    /** The woken writer runs: it takes the lock if it is free, else it sleeps again until the next release. */
    void writerTry(int s) {
        if (run.locks.tryWoken(run.now, run.file(s), s)) {
            lockTaken(s);
        }
    }

    /** A sleeping waiter the rwsem handed the lock to: its next burst begins with its wake-up. */
    void granted(int s) {
        run.locks.grant(s, io.slotPlan[s].ops[io.slotStep[s]] == Plan.ACQUIRE_EXCLUSIVE);
        markWoken(s);
        io.slotPendingNs[s] += Math.round(run.cost.handoffNs());
        lockTaken(s);
    }

    /** Slot {@code s} holds the lock it waited for: its lock path goes on. */
    private void lockTaken(int s) {
        run.tally.lockWaitNs += run.now - io.slotRequestTime[s];
        io.slotStep[s]++;
        advance(s);
    }

    /** The in-lock CPU burst of {@code ns}, then {@link IoSubmission#afterLock}. */
    private void inLock(int s, double ns) {
        if (ns > 0 || io.slotWoken[s]) {
            run.events.push(run.burst(takeWoken(s), run.sample(ns)), SimEvent.of(SimEvent.MAIN_DONE, s));
        } else {
            submission.afterLock(s);
        }
    }

    /** Slot {@code s}'s thread was woken from a sleep: with idle exits modelled, its next burst may pay one. */
    private void markWoken(int s) {
        io.slotWoken[s] = run.cpu.idleExits();
    }

    /** Whether slot {@code s}'s thread was woken since its last burst; clears it. */
    private boolean takeWoken(int s) {
        boolean w = io.slotWoken[s];
        io.slotWoken[s] = false;
        return w;
    }
}
