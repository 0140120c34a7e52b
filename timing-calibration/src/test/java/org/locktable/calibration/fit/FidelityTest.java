package org.locktable.calibration.fit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.locktable.timing.check.RunLength;
import org.locktable.timing.seed.Cell;
import org.locktable.timing.seed.SeedCells;
import org.locktable.timing.seed.SeedWorkloads;
import org.locktable.timing.workload.JobSpec;
import org.locktable.timing.workload.Workload;

@DisplayName("Fidelity: the cut-down workloads")
class FidelityTest {

    @Test
    @DisplayName("Fidelity: seed 000's regions become whole stripes; random work keeps the file; time-based shortens")
    void fidelity() {
        Fidelity f = new Fidelity("t", 100, 0.5, 1);
        Workload t1 = f.scale(SeedWorkloads.get("seed000-test1"));
        assertEquals(100 * 8192, t1.job().region());
        assertEquals(t1.job().region(), t1.job().offsetIncrement());
        Workload t2 = f.scale(SeedWorkloads.get("seed000-test2"));
        assertEquals(100 * 16384, t2.job().region());
        assertEquals(512, t2.job().offset());
        Workload s002 = f.scale(SeedWorkloads.get("seed002-table2"));
        assertEquals(2L << 30, s002.job().region());
        assertEquals(100 * 4096, s002.job().ioBytes());
        Workload s004 = f.scale(SeedWorkloads.get("seed004-512"));
        assertEquals(0.5, s004.job().timeBasedSeconds());
        assertEquals(JobSpec.Pattern.RANDOM, s004.job().pattern());
    }

    @Test
    @DisplayName("Fidelity: the fit sees what the report reports - every published cell within 3 % between the two "
            + "fidelities (seed 002 Table 1's 16-job Buffered cell was 61 % apart before RunLength)")
    void fitAndReportAgree() {
        List<Cell> cells = SeedCells.published();
        double[] fit = Predictor.committed(Fidelity.FIT).predict(cells);
        double[] report = Predictor.committed(Fidelity.REPORT).predict(cells);
        StringBuilder apart = new StringBuilder();
        for (int i = 0; i < cells.size(); i++) {
            if (Math.abs(fit[i] / report[i] - 1) > 0.03) {
                apart.append(String.format(java.util.Locale.ROOT, "%n  %s: fit %.4g, report %.4g", cells.get(i).key(),
                        fit[i], report[i]));
            }
        }
        assertEquals("", apart.toString(), "cells whose prediction depends on the run's length");
    }

    @Test
    @DisplayName("Fidelity: a pack of appenders (seed 002 Table 1) runs its settled length at the fit's and the "
            + "report's fidelity alike")
    void packSettles() {
        Workload t1 = SeedWorkloads.get("seed002-table1");
        assertEquals(RunLength.PACK_IOS_PER_JOB * 4096, Fidelity.FIT.scale(t1).job().ioBytes());
        assertEquals(Fidelity.FIT.scale(t1).job(), Fidelity.REPORT.scale(t1).job());
        assertEquals(Fidelity.FIT.scale(t1).job(), Fidelity.QUICK.scale(t1).job());
    }
}
