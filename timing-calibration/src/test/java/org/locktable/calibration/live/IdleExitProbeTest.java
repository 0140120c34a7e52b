package org.locktable.calibration.live;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.locktable.calibration.live.IdleExitProbe.Point;

/** E and P read from the probe's points, worked out by hand. */
class IdleExitProbeTest {

    @Test
    void theExitAtFiftyMicrosecondsIsEAndTheLongestCheapIdleIsP() {
        List<Point> points = List.of(new Point(2, 12_000, 3_000), new Point(5, 9_000, 3_000),
                new Point(10, 20_000, 3_000), new Point(50, 21_000, 3_000), new Point(200, 24_000, 3_000));
        IdleExitProbe.Result r = IdleExitProbe.result(points, 2);
        assertEquals(18_000, r.idleExitNs()); // 21 - 3 µs
        assertEquals(5_000, r.idlePollNs()); // 5 µs: 6 µs < 9 µs; 10 µs: 17 µs is not
    }

    @Test
    void noCheapIdleMeansNoPollWindow() {
        List<Point> points = List.of(new Point(2, 20_000, 3_000), new Point(50, 21_000, 3_000));
        assertEquals(0, IdleExitProbe.result(points, 2).idlePollNs());
    }

    @Test
    void aPollingMachineMeasuresNoExit() {
        List<Point> points = List.of(new Point(2, 3_100, 3_000), new Point(50, 2_900, 3_000));
        IdleExitProbe.Result r = IdleExitProbe.result(points, 2);
        assertEquals(0, r.idleExitNs());
    }

    @Test
    void theMedianOfAnEvenCountIsTheMeanOfTheMiddleTwo() {
        assertEquals(2.5, IdleExitProbe.median(new double[] {4, 1, 3, 2}));
        assertEquals(3, IdleExitProbe.median(new double[] {5, 3, 1}));
    }
}
