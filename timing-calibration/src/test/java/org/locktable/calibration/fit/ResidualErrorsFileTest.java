package org.locktable.calibration.fit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.locktable.timing.interval.ModelError;
import org.locktable.timing.profile.Profiles;
import org.locktable.timing.seed.SeedCells;

/** The committed {@code residual-errors.tsv}, which every simulated interval reads, is the committed fits' own. */
class ResidualErrorsFileTest {

    @Test
    void theCommittedResidualErrorsAreTheCommittedFits() {
        List<List<String>> expected = new ArrayList<>();
        for (String profile : Profiles.names()) {
            if (!SeedCells.training(profile).isEmpty()) {
                expected.add(ResidualError.committed(profile).row());
            }
        }
        List<List<String>> committed = new ArrayList<>();
        for (ModelError.Fit f : ModelError.fits()) {
            committed.add(new ResidualError(f.profile(), f.runs(), f.parameters(), f.rms(), Double.NaN).row());
        }
        assertEquals(expected, committed, ModelError.FILE + " is stale: `bin/locktable calibrate seeds --write` "
                + "rewrites it with the fitted values");
    }
}
