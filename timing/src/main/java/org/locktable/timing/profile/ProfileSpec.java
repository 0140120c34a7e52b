package org.locktable.timing.profile;

import java.lang.reflect.Constructor;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import org.locktable.timing.cost.CostModel;
import org.locktable.timing.device.Device;

/**
 * How a {@link Profile} is made: one definition per parameter (every record component of its device type and of
 * {@link CostModel}, nothing left implicit), each fitted (with a start and bounds for the fitter), assumed (with
 * the reason) or derived from another profile. {@link #build(Map)} makes the profile from values for the fitted
 * parameters; {@link Profiles#get(String)} uses the committed ones ({@link FittedValues}).
 */
public final class ProfileSpec {

    /**
     * One parameter's definition.
     *
     * @param name {@code device.<component>} or {@code cost.<component>}
     * @param unit for reports
     * @param source how its value is obtained
     * @param value the value (assumed), the fitter's start (fitted), or the factor applied to the referenced value
     *              (derived)
     * @param lower lower bound for the fitter (fitted only)
     * @param upper upper bound for the fitter (fitted only)
     * @param ref {@code profile:parameter} the value is derived from (derived only)
     * @param scale for a derived value: also multiplied by this profile's value of {@code scale} over the
     *              referenced profile's (a parameter defined earlier), or null
     * @param provenance where the value comes from: training cells, measurement, or {@code assumed: <why>}
     */
    public record Def(String name, String unit, Param.Source source, double value, double lower, double upper,
            String ref, String scale, String provenance) {
    }

    private final String name;
    private final String description;
    private final Class<? extends Device> deviceType;
    private final List<Def> defs = new ArrayList<>();

    public ProfileSpec(String name, String description, Class<? extends Device> deviceType) {
        if (!deviceType.isRecord()) {
            throw new IllegalArgumentException(deviceType + " is not a record");
        }
        this.name = name;
        this.description = description;
        this.deviceType = deviceType;
    }

    public String name() {
        return name;
    }

    public String description() {
        return description;
    }

    public Class<? extends Device> deviceType() {
        return deviceType;
    }

    public List<Def> defs() {
        return List.copyOf(defs);
    }

    /** The fitted parameters, in declaration order: the fitter's vector. */
    public List<Def> fitted() {
        return defs.stream().filter(d -> d.source() == Param.Source.FITTED).toList();
    }

    public Def def(String param) {
        return defs.stream().filter(d -> d.name().equals(param)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException(name + " has no parameter " + param));
    }

    /** A parameter fitted on the named cells: {@code start} is the fitter's starting point. */
    public ProfileSpec fitted(String param, String unit, double start, double lower, double upper, String cells) {
        return add(new Def(param, unit, Param.Source.FITTED, start, lower, upper, null, null, cells));
    }

    /** A parameter chosen by assumption; {@code why} says why (and why it cannot be fitted). */
    public ProfileSpec assumed(String param, String unit, double value, String why) {
        return add(new Def(param, unit, Param.Source.ASSUMED, value, value, value, null, null, "assumed: " + why));
    }

    /** A parameter equal to {@code factor} × another profile's parameter ({@code ref} = "profile:param"). */
    public ProfileSpec derived(String param, String unit, String ref, double factor, String why) {
        return add(new Def(param, unit, Param.Source.DERIVED, factor, factor, factor, ref, null, why));
    }

    /**
     * A parameter equal to another profile's parameter ({@code ref} = "profile:param") scaled by the ratio of
     * {@code scaleParam} here (defined earlier) to {@code scaleParam} there: the other profile's cost structure
     * at this machine's speed.
     */
    public ProfileSpec derivedScaled(String param, String unit, String ref, String scaleParam, String why) {
        return add(new Def(param, unit, Param.Source.DERIVED, 1, 1, 1, ref, scaleParam, why));
    }

    /**
     * A device class's value from public sources, with the range they span ({@code low} .. {@code high}): the range
     * is the parameter's band ({@link ParameterRanges#of}).
     */
    public ProfileSpec published(String param, String unit, double value, double low, double high, String sources) {
        if (!(low <= value && value <= high)) {
            throw new IllegalArgumentException(name + ": " + param + " = " + value + " outside its published range "
                    + low + " .. " + high);
        }
        return add(new Def(param, unit, Param.Source.PUBLISHED, value, low, high, null, null, "published: " + sources));
    }

    /** A parameter measured on this machine (the live characterisation). */
    public ProfileSpec measured(String param, String unit, double value, String how) {
        return add(new Def(param, unit, Param.Source.MEASURED, value, value, value, null, null, how));
    }

    /**
     * A parameter measured by a recorded live run, its value committed with the fitted ones ({@link FittedValues},
     * written by the run's {@code --write}); building without that value is an error.
     */
    public ProfileSpec measuredCommitted(String param, String unit, String how) {
        return add(new Def(param, unit, Param.Source.MEASURED, Double.NaN, Double.NaN, Double.NaN, null, null, how));
    }

    /** A copy of this specification with {@code d} in place of the definition of the same name. */
    public ProfileSpec with(Def d) {
        ProfileSpec copy = new ProfileSpec(name, description, deviceType);
        for (Def x : defs) {
            copy.defs.add(x.name().equals(d.name()) ? d : x);
        }
        if (copy.defs.stream().noneMatch(x -> x == d)) {
            throw new IllegalArgumentException(name + " has no parameter " + d.name());
        }
        return copy;
    }

    /**
     * A copy of this specification with one parameter redefined (e.g. the live run's measured core count, or a
     * fitted parameter pinned to a value).
     */
    public ProfileSpec with(String param, Param.Source source, double value, String provenance) {
        ProfileSpec copy = new ProfileSpec(name, description, deviceType);
        for (Def d : defs) {
            copy.defs.add(d.name().equals(param) ? new Def(param, d.unit(), source, value, value, value, null, null,
                    provenance) : d);
        }
        if (copy.defs.stream().noneMatch(d -> d.name().equals(param))) {
            throw new IllegalArgumentException(name + " has no parameter " + param);
        }
        return copy;
    }

    /** {@code d} as it is (another specification's definition). */
    public ProfileSpec add(Def d) {
        if (defs.stream().anyMatch(x -> x.name().equals(d.name()))) {
            throw new IllegalArgumentException(name + ": " + d.name() + " defined twice");
        }
        defs.add(d);
        return this;
    }

    /** The profile with the committed fitted values ({@link FittedValues}). */
    public Profile build() {
        return build(FittedValues.of(name));
    }

    /**
     * The profile with {@code fittedValues} for the fitted parameters (each must be present), the assumed
     * values, and derived values resolved through {@code Profiles.get}.
     */
    public Profile build(Map<String, Double> fittedValues) {
        return build(fittedValues, ref -> Profiles.get(ref));
    }

    /** As {@link #build(Map)}, resolving derived parameters' profiles with {@code resolver}. */
    public Profile build(Map<String, Double> fittedValues, Function<String, Profile> resolver) {
        Map<String, Double> values = new LinkedHashMap<>();
        List<Param> params = new ArrayList<>();
        for (Def d : defs) {
            double v;
            String prov = d.provenance();
            switch (d.source()) {
                case FITTED:
                    Double f = fittedValues.get(d.name());
                    if (f == null) {
                        throw new IllegalArgumentException(name + ": no value for fitted parameter " + d.name());
                    }
                    v = f;
                    prov = "fitted on " + d.provenance();
                    break;
                case MEASURED:
                    // a value given here (a live run's own measurement) wins over the committed one
                    Double m = Double.isNaN(d.value()) ? fittedValues.get(d.name()) : Double.valueOf(d.value());
                    if (m == null) {
                        throw new IllegalArgumentException(name + ": no committed value for measured parameter "
                                + d.name());
                    }
                    v = m;
                    break;
                case DERIVED:
                    int colon = d.ref().indexOf(':');
                    String other = d.ref().substring(0, colon);
                    String param = d.ref().substring(colon + 1);
                    Profile o = resolver.apply(other);
                    v = d.value() * o.value(param);
                    String by = "";
                    if (d.scale() != null) {
                        Double mine = values.get(d.scale());
                        if (mine == null) {
                            throw new IllegalStateException(name + ": " + d.name() + " scales by " + d.scale()
                                    + ", which must be defined before it");
                        }
                        double ratio = mine / o.value(d.scale());
                        v *= ratio;
                        by = String.format(java.util.Locale.ROOT, " x %.3g (%s here / there)", ratio, d.scale());
                    }
                    prov = "derived: " + (d.value() == 1 ? "" : d.value() + " x ") + other + " " + param + by + " = "
                            + Profiles.format(v, d.unit()) + "; " + d.provenance();
                    break;
                default:
                    v = d.value();
                    break;
            }
            values.put(d.name(), v);
            params.add(new Param(d.name(), v, d.unit(), d.source(), prov));
        }
        Device device = construct(deviceType, "device.", values);
        CostModel cost = construct(CostModel.class, "cost.", values);
        List<String> missing = new ArrayList<>(values.keySet());
        for (RecordComponent rc : deviceType.getRecordComponents()) {
            missing.remove("device." + rc.getName());
        }
        for (RecordComponent rc : CostModel.class.getRecordComponents()) {
            missing.remove("cost." + rc.getName());
        }
        if (!missing.isEmpty()) {
            throw new IllegalStateException(name + ": parameters that are not a component of "
                    + deviceType.getSimpleName() + " or CostModel: " + missing);
        }
        return new Profile(name, description, device, cost, params);
    }

    /** Calls the record's canonical constructor with {@code prefix + component} values, converted to its types. */
    private <T> T construct(Class<T> type, String prefix, Map<String, Double> values) {
        RecordComponent[] rcs = type.getRecordComponents();
        Class<?>[] types = new Class<?>[rcs.length];
        Object[] args = new Object[rcs.length];
        for (int i = 0; i < rcs.length; i++) {
            types[i] = rcs[i].getType();
            String key = prefix + rcs[i].getName();
            Double v = values.get(key);
            if (v == null) {
                throw new IllegalStateException(name + ": parameter " + key + " of " + type.getSimpleName()
                        + " has no definition (every parameter needs a value and a provenance)");
            }
            if (types[i] == int.class) {
                args[i] = (int) Math.round(v);
            } else if (types[i] == long.class) {
                args[i] = Math.round(v);
            } else if (types[i] == boolean.class) {
                args[i] = v != 0;
            } else if (types[i] == double.class) {
                args[i] = v;
            } else {
                throw new IllegalStateException(type.getSimpleName() + "." + rcs[i].getName() + ": unsupported type "
                        + types[i]);
            }
        }
        try {
            Constructor<T> c = type.getDeclaredConstructor(types);
            return c.newInstance(args);
        } catch (ReflectiveOperationException e) {
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            throw new IllegalArgumentException(name + ": cannot build " + type.getSimpleName() + ": "
                    + cause.getMessage(), cause);
        }
    }
}
