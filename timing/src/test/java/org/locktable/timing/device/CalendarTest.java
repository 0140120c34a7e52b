package org.locktable.timing.device;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("Calendar: reservation scheduling of a non-preemptive server")
class CalendarTest {
    @Test
    @DisplayName("in-order arrivals are plain FCFS")
    void fcfs() {
        Calendar c = new Calendar();
        assertEquals(10, c.reserve(0, 10));
        assertEquals(20, c.reserve(5, 10));
        assertEquals(40, c.reserve(30, 10));
        assertEquals(40, c.lastEnd());
        assertEquals(7, c.reserve(7, 0), "zero-length work needs no slot");
    }

    @Test
    @DisplayName("an earlier-ready request fills a gap before a later booking instead of queueing behind it")
    void backfill() {
        Calendar c = new Calendar();
        assertEquals(110, c.reserve(100, 10));
        assertEquals(15, c.reserve(5, 10), "fits before the booking at 100");
        assertEquals(120, c.reserve(95, 10), "does not fit in [95,100): after 110");
        assertEquals(30, c.reserve(15, 15));
    }

    @Test
    @DisplayName("reservations never overlap, under random use with pruning")
    void neverOverlap() {
        Calendar c = new Calendar();
        SplittableRandom rng = new SplittableRandom(3);
        long now = 0;
        long[] busy = new long[200_000];
        for (int i = 0; i < 20_000; i++) {
            now += rng.nextInt(5);
            c.prune(now);
            long ready = now + rng.nextInt(50);
            long d = 1 + rng.nextInt(8);
            long end = c.reserve(ready, d);
            for (long t = end - d; t < end; t++) {
                assertEquals(0, busy[(int) t], "overlap at " + t);
                busy[(int) t] = 1;
            }
            assertEquals(true, end - d >= ready);
        }
    }
}
