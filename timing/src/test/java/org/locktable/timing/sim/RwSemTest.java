package org.locktable.timing.sim;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("RwSem: Linux rwsem semantics")
class RwSemTest {
    private final int[] woken = new int[64];

    private int[] release(RwSem l, boolean exclusive) {
        return Arrays.copyOf(woken, l.release(exclusive, woken));
    }

    @Test
    @DisplayName("uncontended requests are granted at once and cost no hand-off")
    void fastPath() {
        RwSem l = new RwSem();
        assertTrue(l.acquire(1, false));
        assertTrue(l.acquire(2, false));
        assertEquals(2, l.readers());
        assertEquals(0, release(l, false).length);
        assertEquals(0, release(l, false).length);
        assertTrue(l.acquire(3, true));
        assertTrue(l.writerHeld());
        assertEquals(0, release(l, true).length);
        assertEquals(0, l.handoffs());
    }

    @Test
    @DisplayName("writers are served in FIFO order, one at a time")
    void fifoWriters() {
        RwSem l = new RwSem();
        assertTrue(l.acquire(0, true));
        for (int i = 1; i <= 4; i++) {
            assertFalse(l.acquire(i, true));
        }
        for (int i = 1; i <= 4; i++) {
            assertArrayEquals(new int[] {i}, release(l, true), "wake order");
        }
        assertArrayEquals(new int[0], release(l, true));
    }

    @Test
    @DisplayName("rwsem_mark_wake: a reader at the head wakes every waiting reader, past the writers between them")
    void readerBatch() {
        RwSem l = new RwSem();
        assertTrue(l.acquire(0, true));
        assertFalse(l.acquire(1, false));
        assertFalse(l.acquire(2, false));
        assertFalse(l.acquire(3, false));
        assertFalse(l.acquire(4, true));
        assertFalse(l.acquire(5, false));
        assertArrayEquals(new int[] {1, 2, 3, 5}, release(l, true), "reader 5 passes the waiting writer 4");
        assertEquals(4, l.readers());
        assertEquals(1, l.waiters());
        assertArrayEquals(new int[0], release(l, false));
        assertArrayEquals(new int[0], release(l, false));
        assertArrayEquals(new int[0], release(l, false));
        assertArrayEquals(new int[] {4}, release(l, false), "the writer goes when the last reader leaves");
        assertArrayEquals(new int[0], release(l, true));
        assertEquals(0, l.waiters());
    }

    @Test
    @DisplayName("a waiting writer blocks new readers: no reader fast path while waiters exist")
    void writerBlocksNewReaders() {
        RwSem l = new RwSem();
        assertTrue(l.acquire(0, false));
        assertFalse(l.acquire(1, true), "writer waits for the reader");
        assertFalse(l.acquire(2, false), "a new reader queues behind the waiting writer");
        assertEquals(1, l.readers());
        assertArrayEquals(new int[] {1}, release(l, false));
        assertArrayEquals(new int[] {2}, release(l, true));
    }

    @Test
    @DisplayName("one hand-off per sleeping waiter woken, none for immediate grants")
    void handoffCountedOncePerSleepingWaiter() {
        RwSem l = new RwSem();
        assertTrue(l.acquire(0, true));
        assertFalse(l.acquire(1, false));
        assertFalse(l.acquire(2, false));
        assertFalse(l.acquire(3, true));
        release(l, true); // wakes 1, 2
        assertEquals(2, l.handoffs());
        assertTrue(l.acquire(9, false) == false, "a reader behind the waiting writer queues");
        release(l, false);
        assertEquals(2, l.handoffs(), "no wake while a reader still holds");
        release(l, false); // wakes writer 3
        assertEquals(3, l.handoffs());
        release(l, true); // wakes reader 9
        assertEquals(4, l.handoffs());
        release(l, false);
        assertTrue(l.acquire(10, true));
        assertEquals(4, l.handoffs(), "an immediate grant is no hand-off");
    }

    @Test
    @DisplayName("downgrade_write turns the writer into a reader and admits every waiting reader")
    void downgrade() {
        RwSem l = new RwSem();
        assertTrue(l.acquire(0, true));
        assertFalse(l.acquire(1, false));
        assertFalse(l.acquire(2, true));
        assertFalse(l.acquire(3, false));
        int n = l.downgrade(woken);
        assertArrayEquals(new int[] {1, 3}, Arrays.copyOf(woken, n));
        assertEquals(3, l.readers());
        assertFalse(l.writerHeld());
        release(l, false);
        release(l, false);
        assertArrayEquals(new int[] {2}, release(l, false));
    }

    @Test
    @DisplayName("releasing a hold nobody has is an error")
    void badRelease() {
        RwSem l = new RwSem();
        assertThrows(IllegalStateException.class, () -> l.release(true, woken));
        assertThrows(IllegalStateException.class, () -> l.release(false, woken));
        assertThrows(IllegalStateException.class, () -> l.downgrade(woken));
    }

    @Test
    @DisplayName("the wait list grows past its initial capacity and keeps FIFO order")
    void manyWaiters() {
        RwSem l = new RwSem();
        assertTrue(l.acquire(0, true));
        for (int i = 1; i < 50; i++) {
            assertFalse(l.acquire(i, true));
        }
        for (int i = 1; i < 50; i++) {
            assertArrayEquals(new int[] {i}, release(l, true));
        }
    }

    @Test
    @DisplayName("one wake-up admits at most MAX_READERS_WAKEUP (256) readers; the next release admits the rest")
    void readerWakeLimit() {
        RwSem l = new RwSem();
        int[] buf = new int[400];
        assertTrue(l.acquire(0, true));
        for (int i = 1; i <= 300; i++) {
            assertFalse(l.acquire(i, false));
        }
        assertEquals(256, l.release(true, buf));
        assertEquals(44, l.waiters());
        assertEquals(44, l.release(false, buf), "a reader's release wakes the readers still at the head");
        assertEquals(301 - 1, l.handoffs());
    }

    @Test
    @DisplayName("without wakeAllReaders (the rules the profiles were fitted under) only the leading readers wake")
    void leadingReadersOnly() {
        RwSem l = new RwSem(false);
        assertTrue(l.acquire(0, true));
        assertFalse(l.acquire(1, false));
        assertFalse(l.acquire(2, false));
        assertFalse(l.acquire(3, true));
        assertFalse(l.acquire(4, false));
        assertArrayEquals(new int[] {1, 2}, release(l, true));
        assertArrayEquals(new int[0], release(l, false));
        assertArrayEquals(new int[] {3}, release(l, false));
        assertArrayEquals(new int[] {4}, release(l, true));
    }
}
