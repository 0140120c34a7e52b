package org.locktable.calibration.fit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("Nelder–Mead: finds minima, deterministically")
class NelderMeadTest {

    @Test
    @DisplayName("a shifted quadratic bowl in 4 dimensions")
    void quadratic() {
        double[] target = {1, -2, 3, 0.5};
        NelderMead.Result r = NelderMead.minimise(x -> {
            double s = 0;
            for (int i = 0; i < x.length; i++) {
                s += (i + 1) * (x[i] - target[i]) * (x[i] - target[i]);
            }
            return s;
        }, new double[4], new double[] {1, 1, 1, 1}, 2000, 1e-10);
        for (int i = 0; i < 4; i++) {
            assertEquals(target[i], r.x()[i], 1e-3);
        }
        assertTrue(r.converged());
    }

    @Test
    @DisplayName("Rosenbrock's valley")
    void rosenbrock() {
        NelderMead.Result r = NelderMead.minimise(x -> 100 * Math.pow(x[1] - x[0] * x[0], 2) + Math.pow(1 - x[0], 2),
                new double[] {-1.2, 1}, new double[] {0.5, 0.5}, 5000, 1e-12);
        assertEquals(1, r.x()[0], 1e-3);
        assertEquals(1, r.x()[1], 1e-3);
    }

    @Test
    @DisplayName("same function, start and step: the same answer, evaluation for evaluation")
    void deterministic() {
        java.util.function.ToDoubleFunction<double[]> f = x -> Math.abs(x[0] - 3) + Math.pow(x[1] + 1, 2);
        NelderMead.Result a = NelderMead.minimise(f, new double[] {0, 0}, new double[] {1, 1}, 300, 1e-9);
        NelderMead.Result b = NelderMead.minimise(f, new double[] {0, 0}, new double[] {1, 1}, 300, 1e-9);
        assertArrayEquals(a.x(), b.x());
        assertEquals(a.evaluations(), b.evaluations());
    }

    @Test
    @DisplayName("stops at the evaluation budget")
    void budget() {
        NelderMead.Result r = NelderMead.minimise(x -> x[0] * x[0] + x[1] * x[1], new double[] {5, 5},
                new double[] {1, 1}, 20, 0);
        assertTrue(r.evaluations() <= 22, "evaluations " + r.evaluations());
    }
}
