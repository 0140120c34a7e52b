package org.locktable.dsl.reader;

import java.util.List;

import org.locktable.engine.model.Inode;
import org.locktable.engine.model.WriteRequest;
import org.locktable.engine.scenario.Expectation;
import org.locktable.engine.scenario.RuleSpec;
import org.locktable.engine.scenario.SweepSpec;

/**
 * A valid scenario class: plain data and engine objects, whichever source it was read from. Each stated item
 * carries the {@link Site} it was read at, for checks that report on it later. {@code write} and {@code inode}
 * are null for a sweep-only class and a race; {@code sweep} is null for a single-write class; {@code timing} is null
 * without {@code @Workload}; {@code race} is null without {@code @Concurrent}.
 *
 * @param simpleName      the flat name, {@code Outer_Inner} for a nested class, so the generated suite can sit beside it
 * @param binaryName      the class's binary name, {@code a.b.Outer$Inner}
 * @param defaultPolicies the {@code @Policies} in effect: the class's, else its package's (empty when neither)
 * @param site            the {@code @Scenario} annotation
 */
public record ScenarioModel(
        String packageName,
        String simpleName,
        String binaryName,
        String title,
        String why,
        String source,
        Inode inode,
        WriteRequest write,
        List<String> defaultPolicies,
        List<Expected> expected,
        List<Relation> relations,
        SweepModel sweep,
        TimingModel timing,
        RaceModel race,
        Site site) {

    /**
     * How every generated suite's name ends: the processor writes one per package, {@code Scenarios_LocktableTest},
     * whose tests are named by the scenario's flat {@link #simpleName} and the expectation.
     */
    public static final String SUITE_SUFFIX = "_LocktableTest";

    /** The package and the flat simple name: two classes sharing it (a nested A.B, a top-level A_B) share test names. */
    public String qualifiedName() {
        return qualified(simpleName);
    }

    private String qualified(String name) {
        return packageName.isEmpty() ? name : packageName + "." + name;
    }

    /** The {@code @ExpectLock} expectations, one per policy, in source order. */
    public List<Expectation> expectations() {
        return expected.stream().map(Expected::expectation).toList();
    }

    /**
     * One {@code @ExpectLock} for one policy.
     *
     * @param policyNamed whether the annotation names the policy itself (rather than taking it from {@code @Policies})
     */
    public record Expected(Expectation expectation, boolean policyNamed, Site site) {
    }

    /** {@code @ExpectNoStricter(policy, than)} or {@code @ExpectSame(policies)}. */
    public record Relation(Kind kind, List<String> policies, Site site) {
        public enum Kind {
            NO_STRICTER, SAME
        }
    }

    /** One {@code @Rule} for one policy. */
    public record StatedRule(RuleSpec spec, Site site) {
    }

    /**
     * A sweep with its rules, one {@link StatedRule} per (rule, policy), and the parameters to rebuild it.
     *
     * @param site the {@code @Sweep} annotation
     */
    public record SweepModel(SweepSpec spec, List<StatedRule> statedRules, boolean firstHit, boolean complete,
            SweepParams params, Site site) {
        public List<RuleSpec> rules() {
            return statedRules.stream().map(StatedRule::spec).toList();
        }
    }

    /** The sweep's declared values, as the generated test rebuilds the {@link SweepSpec} from them. */
    public record SweepParams(List<String> patterns, int blockSize, boolean boundaries, boolean layoutEnd,
            boolean midLastBlock, long[] offsets, long[] lengths, boolean[] nosec, boolean[] nowait, boolean[] async,
            boolean direct) {
        /** {@code offsets} and {@code lengths} hold {from, to, step}. */
    }
}
