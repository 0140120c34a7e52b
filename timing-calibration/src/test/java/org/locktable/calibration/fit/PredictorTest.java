package org.locktable.calibration.fit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.locktable.timing.seed.Column;
import org.locktable.timing.seed.Metric;
import org.locktable.timing.seed.SeedCells;
import org.locktable.timing.sim.Simulator;

@DisplayName("Predictor: a prediction is the mean of independent replications")
class PredictorTest {
    /** Seed 002 Table 1 Buffered at 16 jobs: jobs contending for folios, so the seeds disagree. */
    private static final Column CONTENDED = SeedCells.column("s002-t1-buf");

    @Test
    @DisplayName("the mean and its standard error over two seeds, worked out from the two runs")
    void meanOfTwoSeeds() {
        Fidelity two = new Fidelity("two", 512, 0.02, 7, 2);
        Predictor p = Predictor.committed(two);
        var first = p.config(CONTENDED, 16);
        double a = Metric.IOPS.of(Simulator.run(first.withSeed(7)));
        double b = Metric.IOPS.of(Simulator.run(first.withSeed(8)));
        assertTrue(a != b, "two seeds, two results: " + a);
        double mean = (a + b) / 2;
        assertEquals(mean, p.mean(CONTENDED, 16, Metric.IOPS), 1e-9 * mean);
        // n = 2: the sample standard deviation is |a - b| / √2, the mean's standard error |a - b| / 2
        assertEquals(Math.abs(a - b) / 2 / mean, p.standardError(CONTENDED, 16, Metric.IOPS), 1e-12);
        assertEquals(a, Metric.IOPS.of(p.run(CONTENDED, 16)), 0.0, "run() is the first replication");
    }

    @Test
    @DisplayName("one replication: the run itself, no standard error")
    void oneReplication() {
        Predictor p = Predictor.committed(new Fidelity("one", 512, 0.02, 7));
        assertEquals(Metric.IOPS.of(p.run(CONTENDED, 16)), p.mean(CONTENDED, 16, Metric.IOPS), 0.0);
        assertEquals(0.0, p.standardError(CONTENDED, 16, Metric.IOPS), 0.0);
    }

    @Test
    @DisplayName("one committed predictor per fidelity in a JVM: a run made through one is the other's")
    void committedPredictorsAreShared() {
        Predictor p = Predictor.committed(new Fidelity("shared", 512, 0.02, 7));
        Predictor again = Predictor.committed(new Fidelity("shared", 512, 0.02, 7));
        assertSame(p, again);
        assertSame(p.runs(CONTENDED, 2), again.runs(CONTENDED, 2));
        assertNotSame(p, Predictor.committed(new Fidelity("shared", 512, 0.02, 8)), "another seed, another predictor");
    }
}
