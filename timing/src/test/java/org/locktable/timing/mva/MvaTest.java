package org.locktable.timing.mva;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.locktable.timing.device.Station;

@DisplayName("MVA")
class MvaTest {
    @Test
    @DisplayName("one customer: throughput = 1 / Σ demands")
    void single() {
        List<Station> s = List.of(Station.delay("z", 100), Station.queue("a", 30), Station.queue("b", 20),
                Station.multi("c", 50, 4));
        assertEquals(1e9 / 200, Mva.throughput(s, 1), 1e-6);
    }

    @Test
    @DisplayName("asymptotes: X(N) → 1 / D_max, and Little's law holds at every population")
    void asymptotesAndLittle() {
        List<Station> s = List.of(Station.delay("z", 1000), Station.queue("a", 30), Station.queue("b", 50));
        Mva.Point[] p = Mva.solve(s, 200);
        assertEquals(1e9 / 50, p[199].throughputPerSecond(), 1e9 / 50 * 1e-3);
        for (Mva.Point x : p) {
            double q = 0;
            for (double v : x.queueLength()) {
                q += v;
            }
            assertEquals(x.customers(), q, 1e-9);
        }
    }

    @Test
    @DisplayName("the lock form: R(n) = S + (S + h)·Q(n−1), saturating at 1 / (S + h)")
    void lockForm() {
        List<Station> s = List.of(Station.delay("z", 10_000), Station.lock("lock", 1_000, 500));
        Mva.Point[] p = Mva.solve(s, 100);
        assertEquals(1e9 / 1_500, p[99].throughputPerSecond(), 1e9 / 1_500 * 0.01);
        assertEquals(1_000, p[0].residenceNs()[1], 1e-9);
        assertEquals(1_000 + 1_500 * p[0].queueLength()[1], p[1].residenceNs()[1], 1e-9);
    }

    @Test
    void badInput() {
        assertThrows(IllegalArgumentException.class, () -> Mva.solve(List.of(), 0));
        assertThrows(IllegalArgumentException.class, () -> Station.queue("x", -1));
    }
}
