package org.locktable.timing.cost;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.SplittableRandom;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class VariabilityTest {
    @ParameterizedTest(name = "cv = {0}")
    @ValueSource(doubles = {0, 0.25, 0.5, 1, 2})
    void meanAndCv(double cv) {
        SplittableRandom rng = new SplittableRandom(1);
        int n = 400_000;
        double sum = 0;
        double sq = 0;
        for (int i = 0; i < n; i++) {
            double x = Variability.sample(rng, 1000, cv);
            assertEquals(true, x >= 0);
            sum += x;
            sq += x * x;
        }
        double mean = sum / n;
        double sd = Math.sqrt(Math.max(0, sq / n - mean * mean));
        assertEquals(1000, mean, 1000 * 0.01);
        assertEquals(cv, sd / mean, 0.03);
    }

    @Test
    void costModelRejectsNegativeTerms() {
        assertThrows(IllegalArgumentException.class, () -> CostModel.ZERO.withThinkNs(-1));
        assertThrows(IllegalArgumentException.class, () -> CostModel.ZERO.withCores(-1));
        assertEquals(7, CostModel.ZERO.withConversionNs(7).conversionNs());
    }
}
