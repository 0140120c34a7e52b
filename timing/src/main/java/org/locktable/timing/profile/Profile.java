package org.locktable.timing.profile;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.locktable.timing.cost.CostModel;
import org.locktable.timing.device.Device;

/**
 * A named environment for the simulator: a device and the host's cost model, with the provenance of every
 * parameter. Policy-independent: the same profile serves every column (kernel policy) of a table.
 *
 * <pre>{@code
 * Profile p = Profiles.get("seed000-vm");
 * SimConfig cfg = SimConfig.of(workload, "ext4-base", p.device(), p.cost());
 * p.provenance().get("device.bytesPerSecond");   // "fitted: seed 000 Test 1 +patch 1 ..."
 * }</pre>
 *
 * @param name the profile's name ({@link Profiles#names()})
 * @param description what environment it stands for
 * @param device the device model with the parameter values
 * @param cost the cost model with the parameter values
 * @param params every parameter of {@code device} and {@code cost}, in declaration order, with its source
 */
public record Profile(String name, String description, Device device, CostModel cost, List<Param> params) {

    public Profile {
        params = List.copyOf(params);
    }

    /** Parameter name → {@link Param#describe()} (source and provenance), in declaration order. */
    public Map<String, String> provenance() {
        Map<String, String> m = new LinkedHashMap<>();
        for (Param p : params) {
            m.put(p.name(), p.describe());
        }
        return Collections.unmodifiableMap(m);
    }

    /** Parameter name → value, in declaration order. */
    public Map<String, Double> values() {
        Map<String, Double> m = new LinkedHashMap<>();
        for (Param p : params) {
            m.put(p.name(), p.value());
        }
        return Collections.unmodifiableMap(m);
    }

    public Optional<Param> param(String name) {
        return params.stream().filter(p -> p.name().equals(name)).findFirst();
    }

    /** The value of a parameter. */
    public double value(String name) {
        return param(name).orElseThrow(() -> new IllegalArgumentException(this.name + " has no parameter " + name))
                .value();
    }

    /** The parameters with the given source. */
    public List<Param> params(Param.Source source) {
        return params.stream().filter(p -> p.source() == source).toList();
    }
}
