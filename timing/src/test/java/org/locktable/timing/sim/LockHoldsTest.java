package org.locktable.timing.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The simulator's side of the rwsem's spinning rules, schedules worked by hand: which events {@link LockHolds}
 * pushes for a release, and when. Times are nanoseconds.
 */
@DisplayName("LockHolds: an owner that sleeps and runs again, and one spinning timer per reader phase")
class LockHoldsTest {
    private static final int SLOT_BITS = 16;
    private static final LockHolds.Events EV = new LockHolds.Events(1 << SLOT_BITS, 2 << SLOT_BITS, 3 << SLOT_BITS,
            4 << SLOT_BITS);

    private final JobSlots io = new JobSlots(4, 1);
    private final Tally tally = new Tally();
    private final EventQueue events = new EventQueue();
    private final LockHolds holds = new LockHolds(io, tally, events, 4, EV);
    private final SimFile file = new SimFile(BlockMap.uniform(16, 0), 0, 0);

    @BeforeEach
    void kernelRules() {
        file.lock = new RwSem(false, true);
    }

    @Test
    @DisplayName("a writer queues behind an owner asleep for its I/O, the next one spins once it runs again and "
            + "takes the lock at the release")
    void ownerRunsAgain() {
        assertEquals(RwSem.GRANTED, holds.acquire(0, file, 0, true, true));
        assertEquals(1, tally.exclusiveGrants);
        holds.ownerSleeps(100, file, 0);
        assertEquals(RwSem.QUEUED, holds.acquire(200, file, 1, true, true), "owner_on_cpu() is false: no spinning");
        holds.ownerRuns(file, 0);
        assertEquals(RwSem.SPINNING, holds.acquire(300, file, 2, true, true), "the owner is back on its CPU");
        assertEquals(0, events.size(), "nothing to wake yet");

        holds.release(400, file, 0);
        assertEquals(2 << SLOT_BITS | 2, events.pop(), "the spinner takes the lock ahead of the sleeping writer");
        assertEquals(400, events.poppedTime());
        // rwsem_wake after up_write: the sleeping writer is woken once, runs, finds the lock taken and sleeps again
        assertEquals(3 << SLOT_BITS | 1, events.pop(), "the writer at the head is woken, not handed the lock");
        assertEquals(400, events.poppedTime());
        assertEquals(0, events.size());
        assertEquals(1, file.lock.waiters(), "slot 1 stays in the list: it waited 200 ns, far from the 4 ms hand-off");
    }

    @Test
    @DisplayName("a shared holder's sleep leaves spinners alone")
    void readerSleeps() {
        assertEquals(RwSem.GRANTED, holds.acquire(0, file, 0, false, true));
        holds.ownerSleeps(50, file, 0);
        assertEquals(RwSem.SPINNING, holds.acquire(100, file, 1, true, true));
    }

    @Test
    @DisplayName("writers spinning on one reader: one timer at 10.5 µs for the first spinner; when it goes off both "
            + "sleep, and the reader's release wakes the first")
    void readerSpinTimer() {
        assertEquals(RwSem.GRANTED, holds.acquire(0, file, 0, false, true));
        assertEquals(RwSem.SPINNING, holds.acquire(1_000, file, 1, true, true));
        assertEquals(RwSem.SPINNING, holds.acquire(2_000, file, 2, true, true));
        assertEquals(1, events.size(), "one timer per reader phase, not one per spinner");
        assertEquals(4 << SLOT_BITS | 1, events.pop());
        // rwsem_rspin_threshold: (10 + readers / 2) µs from the first spinner's start, one reader
        assertEquals(1_000 + 10_500, events.poppedTime());

        holds.readerSpinTimeout(11_500, file);
        assertEquals(0, file.lock.spinners());
        assertEquals(2, file.lock.waiters(), "both spinners joined the wait list, in order");
        assertEquals(RwSem.QUEUED, holds.acquire(11_600, file, 3, true, true),
                "non-spinnable until a writer takes the lock: a new writer sleeps at once");
        assertEquals(0, events.size(), "and arms no timer");

        holds.release(12_000, file, 0);
        assertEquals(3 << SLOT_BITS | 1, events.pop(), "the head writer is woken, not handed the lock");
        assertEquals(12_000, events.poppedTime());
    }
}
