package org.locktable.timing.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("EventQueue: time order, FIFO among equal times")
class EventQueueTest {
    @Test
    void ordersByTimeThenInsertion() {
        EventQueue q = new EventQueue();
        SplittableRandom rng = new SplittableRandom(7);
        List<long[]> expected = new ArrayList<>();
        for (int i = 0; i < 10_000; i++) {
            long t = rng.nextLong(500);
            q.push(t, i);
            expected.add(new long[] {t, i});
        }
        expected.sort(Comparator.<long[]>comparingLong(e -> e[0]).thenComparingLong(e -> e[1]));
        for (long[] e : expected) {
            int p = q.pop();
            assertEquals(e[0], q.poppedTime());
            assertEquals(e[1], p);
        }
        assertTrue(q.isEmpty());
    }

    @Test
    void interleavedPushAndPop() {
        EventQueue q = new EventQueue();
        SplittableRandom rng = new SplittableRandom(11);
        long now = 0;
        int seq = 0;
        for (int i = 0; i < 100; i++) {
            q.push(rng.nextLong(100), seq++);
        }
        for (int i = 0; i < 100_000; i++) {
            q.pop();
            assertTrue(q.poppedTime() >= now, "never goes back in time");
            now = q.poppedTime();
            q.push(now + rng.nextLong(100), seq++);
        }
        assertEquals(100, q.size());
    }
}
