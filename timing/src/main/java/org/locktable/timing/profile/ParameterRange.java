package org.locktable.timing.profile;

/**
 * The plausible range of one profile parameter that no training cell determines ({@code parameter-ranges.tsv}).
 *
 * @param profile the profile ({@link Profiles#names()})
 * @param parameter one of its parameters ({@code device.latencyNs}, {@code cost.cv}, ...)
 * @param low the lowest plausible value
 * @param high the highest plausible value
 * @param provenance where the range comes from
 */
public record ParameterRange(String profile, String parameter, double low, double high, String provenance) {
    public ParameterRange {
        if (!(low <= high)) {
            throw new IllegalArgumentException(profile + " " + parameter + ": low " + low + " above high " + high);
        }
        if (provenance == null || provenance.isBlank()) {
            throw new IllegalArgumentException(profile + " " + parameter + ": a range needs its provenance");
        }
    }

    /** {@code 0..2000 ns}. */
    public String text(String unit) {
        return Profiles.format(low, unit) + ".." + Profiles.format(high, unit);
    }
}
