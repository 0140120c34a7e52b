package org.locktable.calibration.fit;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.locktable.timing.interval.ModelError;
import org.locktable.timing.profile.FittedValues;
import org.locktable.timing.tsv.Tsv;

/**
 * Rewrites the committed fitted values in the source tree ({@link FittedValues}' resources), so that a calibration
 * run updates them directly: the rows of the refitted profiles (or alternatives) are replaced where they stood,
 * every other row is kept as it is.
 */
public final class FittedValuesFile {
    private FittedValuesFile() {
    }

    /** Where the resources live, from the repository root. */
    public static final Path DIRECTORY = Path.of("timing", "src", "main", "resources", "org", "locktable", "timing",
            "profile");

    /** {@code fitted-values.tsv} under {@code root}. */
    public static Path values(Path root) {
        return root.resolve(DIRECTORY).resolve(FittedValues.VALUES_FILE);
    }

    /** {@code alternatives.tsv} under {@code root}. */
    public static Path alternatives(Path root) {
        return root.resolve(DIRECTORY).resolve(FittedValues.ALTERNATIVES_FILE);
    }

    /** {@code residual-errors.tsv} under {@code root}. */
    public static Path residualErrors(Path root) {
        return root.resolve(DIRECTORY).resolve(ModelError.FILE);
    }

    /** Replaces the rows of the profiles of {@code errors} with theirs. */
    public static void writeResidualErrors(Path file, List<ResidualError> errors) throws IOException {
        Tsv old = read(file);
        Map<String, List<List<String>>> byProfile = new LinkedHashMap<>();
        for (Map<String, String> row : old.rows()) {
            byProfile.computeIfAbsent(row.get("profile"), k -> new ArrayList<>()).add(List.copyOf(row.values()));
        }
        for (ResidualError e : errors) {
            byProfile.put(e.profile(), List.of(e.row()));
        }
        write(file, old, byProfile);
    }

    /** Replaces the rows of every profile in {@code fitted} with its new values. */
    public static void writeValues(Path file, Map<String, Map<String, Double>> fitted) throws IOException {
        Tsv old = read(file);
        Map<String, List<List<String>>> byProfile = new LinkedHashMap<>();
        for (Map<String, String> row : old.rows()) {
            byProfile.computeIfAbsent(row.get("profile"), k -> new ArrayList<>())
                    .add(List.of(row.get("profile"), row.get("parameter"), row.get("value")));
        }
        fitted.forEach((profile, values) -> {
            List<List<String>> rows = new ArrayList<>();
            values.forEach((k, v) -> rows.add(List.of(profile, k, number(v))));
            byProfile.put(profile, rows);
        });
        write(file, old, byProfile);
    }

    /** Replaces the rows of every alternative in {@code fitted} (by name) with its new values. */
    public static void writeAlternatives(Path file, List<FittedValues.Alternative> fitted) throws IOException {
        Tsv old = read(file);
        Map<String, List<List<String>>> byName = new LinkedHashMap<>();
        for (Map<String, String> row : old.rows()) {
            byName.computeIfAbsent(row.get("alternative"), k -> new ArrayList<>()).add(List.copyOf(row.values()));
        }
        for (FittedValues.Alternative a : fitted) {
            List<List<String>> rows = new ArrayList<>();
            a.values().forEach((k, v) -> rows.add(List.of(a.name(), a.profile(), a.param(), number(a.value()), k,
                    number(v))));
            byName.put(a.name(), rows);
        }
        write(file, old, byName);
    }

    private static Tsv read(Path file) throws IOException {
        try {
            return Tsv.parse(file.toString(), Files.readString(file, StandardCharsets.UTF_8));
        } catch (NoSuchFileException e) {
            throw new NoSuchFileException(file + " (run from the repository root, or give its path)");
        }
    }

    private static void write(Path file, Tsv old, Map<String, List<List<String>>> groups) throws IOException {
        List<List<String>> rows = new ArrayList<>();
        groups.values().forEach(rows::addAll);
        Files.writeString(file, Tsv.format(old.comments(), old.header(), rows), StandardCharsets.UTF_8);
    }

    /** A committed value: integers as they are, four significant digits in exponent form from 10^7. */
    public static String number(double v) {
        if (Math.abs(v) >= 1e7) {
            int exponent = (int) Math.floor(Math.log10(v));
            return String.format(Locale.ROOT, "%.4ge%d", v / Math.pow(10, exponent), exponent);
        }
        if (v == Math.rint(v)) {
            return String.format(Locale.ROOT, "%d", (long) v);
        }
        return Double.toString(v);
    }
}
