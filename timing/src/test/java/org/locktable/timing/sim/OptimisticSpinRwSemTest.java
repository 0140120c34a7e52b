package org.locktable.timing.sim;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * {@link RwSem} with the v5.11+ rules (kernel/locking/rwsem.c): writers' optimistic spinning, lock stealing from a
 * woken writer, the hand-off bit and the reader-spinning threshold, each a schedule worked out by hand.
 */
@DisplayName("RwSem: optimistic spinning, lock stealing and the hand-off bit")
class OptimisticSpinRwSemTest {
    private static final long MS = 1_000_000;
    private final int[] woken = new int[64];

    private static RwSem kernel() {
        return new RwSem(true, true);
    }

    private int[] release(RwSem l, boolean exclusive, long now) {
        return Arrays.copyOf(woken, l.release(exclusive, now, woken));
    }

    private static int e(int id, int kind) {
        return id << 2 | kind;
    }

    @Test
    @DisplayName("a writer spins on a running writer and takes the lock at its release, ahead of a sleeping reader")
    void spinnerTakesAtRelease() {
        RwSem l = kernel();
        assertEquals(RwSem.GRANTED, l.acquire(1, true, 0, true));
        assertEquals(RwSem.SPINNING, l.acquire(2, true, 0, true));
        assertEquals(RwSem.QUEUED, l.acquire(3, false, 0, true), "a reader never spins");
        assertArrayEquals(new int[] {e(2, RwSem.SPINNER_TOOK)}, release(l, true, 1_000));
        assertTrue(l.writerHeld());
        assertEquals(1, l.waiters());
        assertEquals(1, l.spinGrants());
        assertEquals(1, l.steals(), "it went ahead of the sleeping reader");
        assertEquals(0, l.handoffs(), "nobody slept and was woken");
        assertArrayEquals(new int[] {e(3, RwSem.GRANTED_ASLEEP)}, release(l, true, 2_000));
        assertEquals(1, l.readers());
    }

    @Test
    @DisplayName("need_resched: a writer that may not spin sleeps")
    void noSpinWhenTheCpuIsWanted() {
        RwSem l = kernel();
        l.acquire(1, true, 0, true);
        assertEquals(RwSem.QUEUED, l.acquire(2, true, 0, false));
        assertEquals(0, l.spinners());
    }

    @Test
    @DisplayName("owner_on_cpu: when the owner sleeps holding the lock its spinners sleep, in order; later writers too")
    void ownerSleeps() {
        RwSem l = kernel();
        l.acquire(1, true, 0, true);
        l.acquire(2, true, 0, true);
        l.acquire(3, true, 0, true);
        assertEquals(2, l.ownerSleeps(500));
        assertEquals(0, l.spinners());
        assertEquals(2, l.waiters());
        assertEquals(RwSem.QUEUED, l.acquire(4, true, 600, true), "its owner is off the CPU");
        assertArrayEquals(new int[] {e(2, RwSem.WRITER_WOKEN)}, release(l, true, 1_000));
        assertFalse(l.writerHeld(), "a woken writer is not handed the lock");
        assertTrue(l.tryWoken(2, 7_000));
    }

    @Test
    @DisplayName("a woken writer that has not run yet loses the free lock to a reader, sleeps, and gets it next time")
    void readerStealsFromAWokenWriter() {
        RwSem l = kernel();
        l.acquire(1, true, 0, false);
        assertEquals(RwSem.QUEUED, l.acquire(2, true, 0, false));
        assertArrayEquals(new int[] {e(2, RwSem.WRITER_WOKEN)}, release(l, true, 1_000));
        assertEquals(RwSem.GRANTED, l.acquire(3, false, 1_100, false), "reader lock stealing");
        assertEquals(1, l.steals());
        assertFalse(l.tryWoken(2, 1_200), "the reader holds it");
        assertEquals(1, l.waiters());
        assertArrayEquals(new int[] {e(2, RwSem.WRITER_WOKEN)}, release(l, false, 2_000));
        assertTrue(l.tryWoken(2, 2_100));
        assertTrue(l.writerHeld());
        assertEquals(0, l.waiters());
        assertEquals(2, l.handoffs(), "woken twice");
    }

    @Test
    @DisplayName("RWSEM_FLAG_HANDOFF: a first waiter failing after 4 ms in the list stops anyone taking the lock first")
    void handoffBit() {
        RwSem l = kernel();
        l.acquire(1, true, 0, true);
        assertEquals(RwSem.QUEUED, l.acquire(2, true, 0, false));
        release(l, true, 1 * MS);
        assertEquals(RwSem.GRANTED, l.acquire(3, true, 1 * MS, true), "a writer arriving takes the free lock");
        assertFalse(l.tryWoken(2, 1 * MS + 5_000));
        assertFalse(l.handoffSet(), "1 ms in the list");
        assertArrayEquals(new int[] {e(2, RwSem.WRITER_WOKEN)}, release(l, true, 5 * MS));
        assertEquals(RwSem.GRANTED, l.acquire(4, true, 5 * MS, true));
        assertFalse(l.tryWoken(2, 5 * MS + 5_000));
        assertTrue(l.handoffSet(), "5 ms in the list");
        assertArrayEquals(new int[] {e(2, RwSem.WRITER_WOKEN)}, release(l, true, 6 * MS));
        assertEquals(RwSem.SPINNING, l.acquire(5, true, 6 * MS, true), "no stealing past the hand-off");
        assertEquals(RwSem.QUEUED, l.acquire(6, false, 6 * MS, true), "nor by a reader");
        assertTrue(l.tryWoken(2, 6 * MS + 5_000));
        assertFalse(l.handoffSet());
        assertArrayEquals(new int[] {e(5, RwSem.SPINNER_TOOK)}, release(l, true, 7 * MS),
                "the spinner then takes it, ahead of the reader");
    }

    @Test
    @DisplayName("rwsem_rspin_threshold: a writer spins on one reader for 10.5 µs, then it and later writers sleep")
    void readerSpinThreshold() {
        RwSem l = kernel();
        assertEquals(RwSem.GRANTED, l.acquire(1, false, 0, true));
        assertEquals(RwSem.SPINNING, l.acquire(2, true, 0, true));
        assertEquals(10_500, l.readerSpinDeadline(0), "(20 + 1 reader) x 0.5 µs");
        assertEquals(RwSem.GRANTED, l.acquire(3, false, 1_000, true), "no waiters: the reader fast path");
        assertEquals(10_500, l.readerSpinDeadline(1_000), "set once per reader phase");
        assertEquals(0, l.readerSpinTimeout(10_499));
        assertEquals(1, l.readerSpinTimeout(10_500));
        assertEquals(1, l.waiters());
        assertEquals(RwSem.QUEUED, l.acquire(4, true, 11_000, true), "the lock is non-spinnable");
        assertEquals(RwSem.QUEUED, l.acquire(5, false, 11_000, true), "readers hold it and writers wait");
        assertArrayEquals(new int[0], release(l, false, 12_000));
        assertArrayEquals(new int[] {e(2, RwSem.WRITER_WOKEN)}, release(l, false, 13_000));
    }

    @Test
    @DisplayName("readers that leave the lock to a spinner hand it over at the last release, with no wake-up")
    void spinnerTakesFromReaders() {
        RwSem l = kernel();
        l.acquire(1, false, 0, true);
        l.acquire(2, false, 0, true);
        assertEquals(RwSem.SPINNING, l.acquire(3, true, 0, true));
        assertEquals(11_000, l.readerSpinDeadline(0), "(20 + 2 readers) x 0.5 µs");
        assertArrayEquals(new int[0], release(l, false, 2_000));
        assertArrayEquals(new int[] {e(3, RwSem.SPINNER_TOOK)}, release(l, false, 4_000));
        assertEquals(-1, l.readerSpinDeadline(4_000), "a writer holds it now");
        assertEquals(0, l.readerSpinTimeout(11_000), "the old phase's timer finds nothing to do");
    }
}
