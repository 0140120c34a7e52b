package org.locktable.processor;

import java.util.List;

import org.locktable.engine.model.Inode;
import org.locktable.engine.model.WriteRequest;
import org.locktable.engine.scenario.Expectation;
import org.locktable.engine.scenario.RuleSpec;
import org.locktable.engine.scenario.SweepSpec;

/**
 * A validated scenario class: plain data and engine objects, free of {@code javax.lang.model}, which is all the
 * generators see. {@code write} and {@code inode} are null for a sweep-only class; {@code sweep} is null for a
 * single-write class. {@code timing} is null without {@code @Workload}.
 */
record ScenarioModel(
        String packageName,
        String simpleName,
        String title,
        String why,
        String source,
        Inode inode,
        WriteRequest write,
        List<Expectation> expectations,
        List<Relation> relations,
        SweepModel sweep,
        TimingModel timing) {

    String qualifiedName() {
        return packageName.isEmpty() ? simpleName : packageName + "." + simpleName;
    }

    /** The generated suite's simple name. */
    String suiteName() {
        return simpleName + "_LocktableTest";
    }

    /** {@code @ExpectNoStricter(policy, than)} or {@code @ExpectSame(policies)}. */
    record Relation(Kind kind, List<String> policies) {
        enum Kind {
            NO_STRICTER, SAME
        }
    }

    /** A sweep with its rules, one {@link RuleSpec} per (rule, policy), and the parameters to rebuild it. */
    record SweepModel(SweepSpec spec, List<RuleSpec> rules, boolean firstHit, boolean complete, SweepParams params) {
    }

    /** The sweep's declared values, as the generated test rebuilds the {@link SweepSpec} from them. */
    record SweepParams(List<String> patterns, int blockSize, boolean boundaries, boolean layoutEnd, boolean midLastBlock,
            long[] offsets, long[] lengths, boolean[] nosec, boolean[] nowait, boolean[] async, boolean direct) {
        /** {@code offsets} and {@code lengths} hold {from, to, step}. */
    }
}
