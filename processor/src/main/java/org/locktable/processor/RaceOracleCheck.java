package org.locktable.processor;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.locktable.concurrency.RaceCheck;
import org.locktable.concurrency.Verdict;
import org.locktable.dsl.reader.Message;
import org.locktable.dsl.reader.RaceModel;
import org.locktable.dsl.reader.ScenarioModel;
import org.locktable.engine.catalog.PolicyCatalog;
import org.locktable.engine.policy.Policy;
import org.locktable.engine.policy.PolicyInfo;
import org.locktable.engine.text.OneLine;

/**
 * Explores a validated {@code @Concurrent} race at compile time under every direct-write policy of the catalog, and
 * reports each {@code @ExpectSafe} / {@code @ExpectUnsafe} the oracle does not bear out at the severity of
 * {@code -Alocktable.mismatch} (LT103), as {@link EngineCheck} does for lock expectations; a race the oracle refuses
 * under an expected policy is an error (LT104). Returns the outcomes for the page. The generated test checks the same
 * thing at run time.
 */
final class RaceOracleCheck {
    private final Diagnostics diag;
    private final Options options;

    RaceOracleCheck(Diagnostics diag, Options options) {
        this.diag = diag;
        this.options = options;
    }

    /** Under one policy: the verdict, or why the oracle could not race it. */
    record Outcome(String policy, Verdict verdict, String refusal) {
    }

    /** The outcomes in catalog order (only the expected policies when no page is written); null without a race. */
    List<Outcome> check(ScenarioModel m) {
        RaceModel race = m.race();
        if (race == null) {
            return null;
        }
        RaceCheck oracle = RaceCheck.of(m.qualifiedName(), race.inode().toString(),
                race.opTexts().toArray(new String[0]));
        Map<String, RaceModel.RaceExpectation> expected = new LinkedHashMap<>();
        for (RaceModel.RaceExpectation e : race.expectations()) {
            expected.put(e.policy(), e);
        }
        List<Outcome> out = new ArrayList<>();
        for (Policy p : PolicyCatalog.all()) {
            RaceModel.RaceExpectation e = expected.get(p.id());
            if (p.info().path() != PolicyInfo.WritePath.DIRECT || (e == null && !options.markdown)) {
                continue;
            }
            Outcome o = explore(oracle, p.id());
            out.add(o);
            if (e == null) {
                continue;
            }
            if (o.refusal() != null) {
                diag.report(Message.RACE_FAILED, e.site(), p.id(), o.refusal());
                continue;
            }
            String problem = RaceCheck.problem(o.verdict(), e.safe(), e.badRanges());
            if (problem != null) {
                diag.report(options.mismatch, Message.RACE_MISMATCH, e.site(), found(o.verdict()), p.id(), e.describe(),
                        problem + o.verdict().counterexample().map(c -> "\n" + RaceCheck.drawn(c)).orElse(""));
            }
        }
        return out;
    }

    private static Outcome explore(RaceCheck oracle, String policy) {
        try {
            return new Outcome(policy, oracle.verdict(policy), null);
        } catch (RuntimeException e) { // a refused decision, or a user policy's own failure: shown, not a crash
            return new Outcome(policy, null, OneLine.of(e.getMessage()));
        }
    }

    /** {@code SAFE} or {@code UNSAFE, bad [6144,8192)}. */
    static String found(Verdict v) {
        return v.safe() ? "SAFE" : "UNSAFE" + v.counterexample().map(c -> ", bad " + c.badRangesText()).orElse("");
    }
}
