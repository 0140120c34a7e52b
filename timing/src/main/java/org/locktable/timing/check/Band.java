package org.locktable.timing.check;

import java.util.Locale;

/**
 * The interval a prediction spans over its profile's {@code parameter-ranges.tsv}, and the parameter whose range
 * moves it most on its own ({@code none} when the profile has no ranges or none moves it).
 *
 * @param nominal the prediction at the committed values
 * @param low the lowest value found (one-at-a-time ends and seeded joint draws, never above {@code nominal})
 * @param high the highest (never below {@code nominal})
 * @param dominant the parameter of the widest one-at-a-time swing
 * @param dominantSwing that swing, high minus low, as a fraction of {@code nominal}
 */
public record Band(double nominal, double low, double high, String dominant, double dominantSwing) {
    public static final String NONE = "none";

    /** A band of one point. */
    public static Band point(double v) {
        return new Band(v, v, v, NONE, 0);
    }

    /** Whether every value of the band lies in [min, max]. */
    public boolean inside(double min, double max) {
        return low >= min && high <= max;
    }

    /** Whether no value of the band lies in [min, max]. */
    public boolean outside(double min, double max) {
        return high < min || low > max;
    }

    /** {@code -12 %..+8 %} around the nominal value. */
    public String relativeText() {
        if (!(nominal > 0)) {
            return "-";
        }
        return String.format(Locale.ROOT, "%+.0f %%..%+.0f %%", 100 * (low / nominal - 1), 100 * (high / nominal - 1));
    }
}
