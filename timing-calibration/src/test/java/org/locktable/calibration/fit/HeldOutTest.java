package org.locktable.calibration.fit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.locktable.timing.profile.FittedValues;

/**
 * {@link Calibration#heldOut}: a "refit" that lands exactly on the committed values, under the rules they were
 * fitted with, must predict every held-out cell as the committed profiles do. The held-out cells are seed 002's 22
 * (timing-validation.md section 1: 4 lock-bound and 18 device-bound), whichever profiles are passed in.
 */
class HeldOutTest {
    private static final Pattern CELL = Pattern.compile("(?m)^  (\\S+)\\s+refit\\s+([+-][\\d.]+) %\\s+committed\\s+([+-][\\d.]+) %$");

    @Test
    void theCommittedValuesAsARefitChangeNoHeldOutCell() {
        Map<String, Fitter.Result> results = new LinkedHashMap<>();
        for (String p : Calibration.SEED_PROFILES) {
            results.put(p, new Fitter.Result(FittedValues.of(p), 0, 0, Map.of()));
        }
        String text = Calibration.heldOut(results, Fitter.Settings.QUICK);
        Matcher m = CELL.matcher(text);
        int cells = 0;
        while (m.find()) {
            cells++;
            assertTrue(m.group(1).startsWith("s002-"), m.group());
            assertEquals(m.group(2), m.group(3), m.group());
        }
        assertEquals(22, cells, text);
        assertTrue(text.startsWith("held-out cells, refit under kernel rules against the committed values:"), text);
        assertTrue(text.contains("mean |error| of 22 cells"), text);
    }
}
