package org.locktable.timing.profile;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.locktable.timing.tsv.Tsv;

/**
 * The committed fitted values, four significant digits, from the resources {@value #VALUES_FILE} and
 * {@value #ALTERNATIVES_FILE}: for the seed profiles what the seed calibration found ({@code locktable calibrate
 * seeds --write} rewrites its rows), for {@code local-loop} the fit of the recorded live run ({@code locktable
 * calibrate recorded --write}). {@code CalibrationTest} re-runs the seed fits with quick settings and checks these
 * within tolerance.
 */
public final class FittedValues {
    private FittedValues() {
    }

    /** The fitted values: {@code profile}, {@code parameter}, {@code value}. */
    public static final String VALUES_FILE = "fitted-values.tsv";
    /** The calibrated alternatives: {@code alternative}, {@code profile}, {@code assumed}, ... */
    public static final String ALTERNATIVES_FILE = "alternatives.tsv";

    /**
     * A calibrated alternative: the profile refitted on the same training cells with one assumed parameter set to
     * another value. The validation report predicts the withheld cells with each, to show how much the
     * predictions depend on assumptions the training cells cannot decide.
     *
     * @param name short label
     * @param profile the profile refitted
     * @param param the assumed parameter changed
     * @param value its value in this alternative
     * @param values the refitted values (same keys as the profile's committed ones)
     */
    public record Alternative(String name, String profile, String param, double value, Map<String, Double> values) {
    }

    private static final Map<String, Map<String, Double>> VALUES = readValues();
    private static final List<Alternative> ALTERNATIVES = readAlternatives();

    private static Map<String, Map<String, Double>> readValues() {
        Tsv tsv = Tsv.resource(FittedValues.class, VALUES_FILE);
        Map<String, Map<String, Double>> m = new LinkedHashMap<>();
        for (Map<String, String> row : tsv.rows()) {
            m.computeIfAbsent(row.get("profile"), k -> new LinkedHashMap<>()).put(row.get("parameter"),
                    tsv.number(row, "value"));
        }
        m.replaceAll((k, v) -> Collections.unmodifiableMap(v));
        return Collections.unmodifiableMap(m);
    }

    private static List<Alternative> readAlternatives() {
        Tsv tsv = Tsv.resource(FittedValues.class, ALTERNATIVES_FILE);
        Map<String, Alternative> byName = new LinkedHashMap<>();
        for (Map<String, String> row : tsv.rows()) {
            Alternative a = byName.computeIfAbsent(row.get("alternative"), n -> new Alternative(n, row.get("profile"),
                    row.get("assumed"), tsv.number(row, "assumed value"), new LinkedHashMap<>()));
            a.values().put(row.get("parameter"), tsv.number(row, "value"));
        }
        List<Alternative> out = new ArrayList<>();
        for (Alternative a : byName.values()) {
            out.add(new Alternative(a.name(), a.profile(), a.param(), a.value(),
                    Collections.unmodifiableMap(a.values())));
        }
        return List.copyOf(out);
    }

    /** The committed calibrated alternatives, in order. */
    public static List<Alternative> alternatives() {
        return ALTERNATIVES;
    }

    /** The committed fitted values of a profile (empty when it has none). */
    public static Map<String, Double> of(String profile) {
        return VALUES.getOrDefault(profile, Map.of());
    }

    /** Every profile's committed values, in file order. */
    public static Map<String, Map<String, Double>> all() {
        return VALUES;
    }
}
