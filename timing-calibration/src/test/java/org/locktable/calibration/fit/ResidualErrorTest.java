package org.locktable.calibration.fit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.locktable.timing.seed.Cell;
import org.locktable.timing.seed.Column;
import org.locktable.timing.seed.Metric;
import org.locktable.timing.seed.SeedCells;

@DisplayName("ResidualError: a fit's standard error and 95 % prediction factor, by hand")
class ResidualErrorTest {
    private static final Column A = new Column("a", "9", "t", "A", "p", "w", "ext4-base", Column.Adjustment.NONE, "");
    private static final Column B = new Column("b", "9", "t", "B", "p", "w", "ext4-base", Column.Adjustment.NONE, "");

    @Test
    @DisplayName("four runs, one parameter: s = sqrt(Σ ln² / 3), factor exp(t(3) · s · sqrt(1 + 1/4))")
    void byHand() {
        List<Cell> cells = List.of(new Cell(A, 1, Metric.IOPS, 100, true), new Cell(A, 2, Metric.IOPS, 100, true),
                new Cell(B, 1, Metric.IOPS, 100, true), new Cell(B, 2, Metric.IOPS, 100, true),
                new Cell(B, 4, Metric.IOPS, 100, false));
        double e = Math.exp(0.1);
        double[] predicted = {100 * e, 100 / e, 100 * e, 100 / e, 1e9};
        ResidualError r = ResidualError.of("p", 1, cells, predicted);
        assertEquals(4, r.runs(), "the held-out cell is not a training run");
        assertEquals(3, r.degreesOfFreedom());
        double s = Math.sqrt(4 * 0.01 / 3);
        assertEquals(s, r.rms(), 1e-12);
        double t3 = 3.182446305284263; // Student's t, 97.5 % quantile, 3 degrees of freedom
        assertEquals(Math.exp(t3 * s * Math.sqrt(1.25)), r.factor(), 1e-9);
    }

    @Test
    @DisplayName("two lines of one run are one observation; n <= p leaves nothing to estimate")
    void oneRunOneParameter() {
        List<Cell> cells = List.of(new Cell(A, 1, Metric.READ_MIB_S, 10, true),
                new Cell(A, 1, Metric.WRITE_MIB_S, 10, true));
        ResidualError r = ResidualError.of("p", 1, cells, new double[] {11, 9});
        assertEquals(1, r.runs());
        assertFalse(r.estimated());
        assertTrue(r.factorIfEstimated().isEmpty());
    }

    @Test
    @DisplayName("seed 004's two published lines are one run")
    void seed004() {
        List<Cell> cells = SeedCells.published("seed004-vm");
        ResidualError r = ResidualError.of("seed004-vm", 1, cells, new double[] {296, 296});
        assertEquals(1, r.runs());
        assertEquals(0, r.degreesOfFreedom());
    }
}
