package org.locktable.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.locktable.rig.Progress;

/** The report is byte-identical when the same kernel runs it twice (quick run, scenarios included). */
class DeterminismTest {

    @Test
    void twoRunsWriteTheSameReport() throws Exception {
        String[] md = new String[2];
        for (int i = 0; i < 2; i++) {
            try (Rig rig = KernelTestEnvironment.rig(); Progress p = Progress.silent()) {
                ConformanceReport r = Conformance.run(rig, new Conformance.Options(List.of(Pass.quick()), true, List.of(),
                        true), p, System.out);
                md[i] = ReportWriter.markdown(r);
            }
        }
        assertEquals(md[0], md[1]);
    }
}
