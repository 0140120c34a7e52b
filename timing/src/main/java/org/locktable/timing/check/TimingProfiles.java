package org.locktable.timing.check;

import java.util.List;
import java.util.Optional;

import org.locktable.engine.names.DidYouMean;
import org.locktable.timing.cost.CostModel;
import org.locktable.timing.device.Device;
import org.locktable.timing.profile.Profile;
import org.locktable.timing.profile.Profiles;

/**
 * The named device profiles ({@link Profiles}) as the CLI's {@code simulate --device} and the DSL's
 * {@code @Workload(device = ...)} use them: a device, a cost model and a one-line description.
 */
public final class TimingProfiles {
    private TimingProfiles() {
    }

    /** A resolved profile: what one simulation needs besides the workload and the policy. */
    public record Resolved(String name, Device device, CostModel cost, String description) {
    }

    /** Every profile name, in catalog order. */
    public static List<String> names() {
        return Profiles.names();
    }

    public static Optional<Resolved> find(String name) {
        if (!Profiles.known(name)) {
            return Optional.empty();
        }
        Profile p = Profiles.get(name);
        return Optional.of(new Resolved(p.name(), p.device(), p.cost(), p.description()));
    }

    /**
     * The named profile.
     *
     * @throws IllegalArgumentException for an unknown name, one line with "did you mean"
     */
    public static Resolved get(String name) {
        return find(name).orElseThrow(() -> new IllegalArgumentException(DidYouMean.unknown("device profile", name, names())));
    }
}
