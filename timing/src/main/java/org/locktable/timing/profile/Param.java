package org.locktable.timing.profile;

/**
 * One parameter of a {@link Profile}: its value and where the value comes from.
 *
 * @param name {@code device.<component>} or {@code cost.<component>}: the record component of the profile's
 *             {@link org.locktable.timing.device.Device} or {@link org.locktable.timing.cost.CostModel} it sets
 * @param value the value (counts and flags as numbers: 0/1 for booleans)
 * @param unit {@code ns}, {@code B/s}, {@code ns/B}, {@code B}, {@code count}, {@code flag} or empty
 * @param source fitted, assumed, derived from another profile, measured, or published (a device class)
 * @param provenance which published cells (seed, table, column, job counts) or which measurement it was
 *                   fitted on, or {@code assumed: <why>}
 */
public record Param(String name, double value, String unit, Source source, String provenance) {

    /** Where a value comes from. */
    public enum Source {
        /** Fitted by {@code calibrate.Calibration} on the named training cells; committed in {@link FittedValues}. */
        FITTED,
        /** Chosen, with the reason; not identifiable from the available cells. */
        ASSUMED,
        /** Taken from another profile's value (named in the provenance). */
        DERIVED,
        /** Measured on this machine by the live characterisation ({@code calibrate.LiveCalibration}). */
        MEASURED,
        /**
         * A device class's typical value from public sources (a data sheet, a published measurement, an interface
         * specification, physics: named in the provenance), with the range those sources span.
         */
        PUBLISHED
    }

    public Param {
        if (name == null || !(name.startsWith("device.") || name.startsWith("cost."))) {
            throw new IllegalArgumentException("parameter names are device.* or cost.*: " + name);
        }
        if (!Double.isFinite(value)) {
            throw new IllegalArgumentException(name + ": value must be finite, got " + value);
        }
        if (provenance == null || provenance.isBlank()) {
            throw new IllegalArgumentException(name + ": provenance is required");
        }
    }

    /** {@code fitted: ...}, {@code assumed: ...}: the source and the provenance as one line. */
    public String describe() {
        String p = provenance.strip();
        String tag = source.name().toLowerCase(java.util.Locale.ROOT);
        return p.startsWith(tag + ":") ? p : tag + ": " + p;
    }
}
