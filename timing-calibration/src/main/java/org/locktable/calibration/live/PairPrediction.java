package org.locktable.calibration.live;

import org.locktable.timing.profile.Profile;
import org.locktable.timing.profile.Profiles;
import org.locktable.timing.sim.SimConfig;
import org.locktable.timing.sim.Simulator;
import org.locktable.timing.sim.WaitRules;

/**
 * The model's side of a mechanism pair: both runs simulated from the same fio options and starting layout, on the
 * committed {@code local-loop} profile (this machine's loop device over tmpfs), under both sets of waiting rules.
 *
 * @param aIops the reference run's IOPS under {@code rules}
 * @param bIops the other run's
 */
public record PairPrediction(double aIops, double bIops) {

    /** {@code b / a}. */
    public double ratio() {
        return bIops / aIops;
    }

    /** {@code pair} as the model with the committed {@code local-loop} predicts it under {@code rules}. */
    public static PairPrediction of(MechanismPair pair, WaitRules rules) {
        Profile local = Profiles.get(Profiles.LOCAL_LOOP);
        return new PairPrediction(iops(pair.a(), pair.policy(), local, rules),
                iops(pair.b(), pair.policy(), local, rules));
    }

    private static double iops(MechanismPair.Arm arm, String policy, Profile profile, WaitRules rules) {
        return Simulator.run(SimConfig.of(arm.workload(), policy, profile.device(), profile.cost()).withRules(rules))
                .iops();
    }
}
