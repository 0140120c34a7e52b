package org.locktable.timing.profile;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.locktable.timing.tsv.Tsv;

/**
 * The committed {@link ParameterRange}s ({@code parameter-ranges.tsv}), and a profile with some of its
 * parameters set to values in them.
 */
public final class ParameterRanges {
    public static final String FILE = "parameter-ranges.tsv";
    private static final List<ParameterRange> ALL = load();

    private ParameterRanges() {
    }

    private static List<ParameterRange> load() {
        Tsv tsv = Tsv.resource(ParameterRanges.class, FILE);
        List<ParameterRange> out = new ArrayList<>();
        for (Map<String, String> row : tsv.rows()) {
            out.add(new ParameterRange(row.get("profile"), row.get("parameter"), tsv.number(row, "low"),
                    tsv.number(row, "high"), row.get("provenance")));
        }
        return List.copyOf(out);
    }

    /** Every committed range, in file order. */
    public static List<ParameterRange> all() {
        return ALL;
    }

    /**
     * The ranges of one profile: a device class's published ranges ({@link Param.Source#PUBLISHED}, in definition
     * order), then the committed ones in file order (empty when it has none).
     */
    public static List<ParameterRange> of(String profile) {
        List<ParameterRange> out = new ArrayList<>();
        if (Profiles.known(profile)) {
            out.addAll(published(Profiles.spec(profile)));
        }
        for (ParameterRange r : ALL) {
            if (r.profile().equals(profile)) {
                out.add(r);
            }
        }
        return List.copyOf(out);
    }

    /** A specification's published ranges ({@link Param.Source#PUBLISHED} with low below high), in its order. */
    public static List<ParameterRange> published(ProfileSpec spec) {
        List<ParameterRange> out = new ArrayList<>();
        for (ProfileSpec.Def d : spec.defs()) {
            if (d.source() == Param.Source.PUBLISHED && d.lower() < d.upper()) {
                out.add(new ParameterRange(spec.name(), d.name(), d.lower(), d.upper(), d.provenance()));
            }
        }
        return out;
    }

    /** {@code spec} (nothing fitted in it) with {@code values} in place of its own, each marked as a band value. */
    public static Profile with(ProfileSpec spec, Map<String, Double> values) {
        for (Map.Entry<String, Double> e : values.entrySet()) {
            spec = spec.with(e.getKey(), Param.Source.ASSUMED, e.getValue(), "band value");
        }
        return spec.build(Map.of());
    }

    /**
     * The committed profile with {@code values} (parameter → value) in place of its own, each marked as a band
     * value; the other parameters as committed.
     */
    public static Profile with(String profile, Map<String, Double> values) {
        ProfileSpec spec = Profiles.spec(profile);
        for (Map.Entry<String, Double> e : values.entrySet()) {
            spec = spec.with(e.getKey(), Param.Source.ASSUMED, e.getValue(), "band value (" + FILE + ")");
        }
        return spec.build(FittedValues.of(profile));
    }
}
