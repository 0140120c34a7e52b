package org.locktable.calibration.live;

import org.locktable.timing.cost.CostModel;
import org.locktable.timing.profile.Profile;
import org.locktable.timing.profile.Profiles;
import org.locktable.timing.sim.SimConfig;
import org.locktable.timing.sim.Simulator;
import org.locktable.timing.sim.WaitRules;

/**
 * The model's side of a mechanism pair: both runs simulated from the same fio options and starting layout, on the
 * committed {@code local-loop} profile (this machine's loop device over tmpfs), under both sets of waiting rules;
 * an arm whose CPUs poll instead of idling ({@link MechanismPair.Arm#pollingIdle}) pays no idle exits.
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

    /** An arm that holds the CPUs out of their idle states runs with no idle exits. */
    private static double iops(MechanismPair.Arm arm, String policy, Profile profile, WaitRules rules) {
        CostModel cost = arm.pollingIdle() ? profile.cost().withIdleExitNs(0) : profile.cost();
        return Simulator.run(SimConfig.of(arm.workload(), policy, profile.device(), cost).withRules(rules)).iops();
    }
}
