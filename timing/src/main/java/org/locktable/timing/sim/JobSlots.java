package org.locktable.timing.sim;

import java.util.Arrays;

/**
 * The simulation's I/O slots, {@code iodepth} per job (slot {@code job * depth + k}): what each in-flight I/O is
 * and where it is; and per job, its submitting thread's state, its free slots and what it has completed.
 */
final class JobSlots {
    final int[] slotJob;
    final int[] slotFile;
    final long[] slotOffset;
    final long[] slotLength;
    final boolean[] slotRead;
    final Plan[] slotPlan;
    final int[] slotStep;
    final long[] slotPendingNs;
    final boolean[] slotPaid;
    /** The slot's thread was woken from a sleep and has not run since: its next burst may pay an idle exit. */
    final boolean[] slotWoken;
    final byte[] slotHolding; // 0 none, 1 shared, 2 exclusive
    final long[] slotRequestTime;
    final long[] slotStartTime;
    final long[] slotDrainStart;
    /** The I/O went on in an io-wq worker: its job's submitter is no longer waiting for it. */
    final boolean[] slotPunted;
    /** Device commands of the I/O not yet complete. */
    final int[] slotBiosLeft;
    final boolean[] submitting;
    final boolean[] finished;
    /** The job's thread went to sleep waiting for a completion: its next I/O pays the wake-up. */
    final boolean[] asleep;
    final int[] inflight;
    final int[] blockedOn;
    final int[][] freeSlots;
    final int[] freeCount;
    final long[] jobIos;
    final long[] jobBytes;
    final long[] jobLast;
    final int[] writesSinceSync;
    final int[] pendingSync;

    JobSlots(int jobs, int depth) {
        int slots = jobs * depth;
        slotJob = new int[slots];
        slotFile = new int[slots];
        slotOffset = new long[slots];
        slotLength = new long[slots];
        slotRead = new boolean[slots];
        slotPlan = new Plan[slots];
        slotStep = new int[slots];
        slotPendingNs = new long[slots];
        slotPaid = new boolean[slots];
        slotWoken = new boolean[slots];
        slotHolding = new byte[slots];
        slotRequestTime = new long[slots];
        slotStartTime = new long[slots];
        slotDrainStart = new long[slots];
        slotPunted = new boolean[slots];
        slotBiosLeft = new int[slots];
        submitting = new boolean[jobs];
        finished = new boolean[jobs];
        asleep = new boolean[jobs];
        inflight = new int[jobs];
        blockedOn = new int[jobs];
        freeSlots = new int[jobs][depth];
        freeCount = new int[jobs];
        jobIos = new long[jobs];
        jobBytes = new long[jobs];
        jobLast = new long[jobs];
        writesSinceSync = new int[jobs];
        pendingSync = new int[jobs];
        Arrays.fill(pendingSync, -1);
        for (int j = 0; j < jobs; j++) {
            blockedOn[j] = -1;
            for (int k = 0; k < depth; k++) {
                int s = j * depth + k;
                slotJob[s] = j;
                freeSlots[j][depth - 1 - k] = s;
            }
            freeCount[j] = depth;
        }
    }

    /** Fixed work: every job finished with nothing in flight, else the run stalled (a lock or drain cycle). */
    void checkAllFinished() {
        for (int j = 0; j < finished.length; j++) {
            if (!finished[j] || inflight[j] != 0) {
                throw new IllegalStateException("simulation stalled: job " + j + " has " + inflight[j]
                        + " I/Os in flight and no event pending (a lock or drain cycle)");
            }
        }
    }
}
