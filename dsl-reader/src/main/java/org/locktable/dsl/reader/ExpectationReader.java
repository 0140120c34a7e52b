package org.locktable.dsl.reader;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.locktable.engine.catalog.PolicyCatalog;
import org.locktable.engine.scenario.Expectation;

/**
 * {@code @Policies}, {@code @ExpectLock}, {@code @ExpectNoStricter} and {@code @ExpectSame}: which policies an
 * annotation is about (its own, else the defaults) and what it states of them.
 */
final class ExpectationReader {
    private final Report report;

    ExpectationReader(Report report) {
        this.report = report;
    }

    /** The {@code @Policies} in effect: the class's, else its package's; empty when neither has one. */
    List<String> defaultPolicies(DslClass type) {
        Optional<DslAnnotation> own = type.annotation(Dsl.POLICIES);
        Optional<DslAnnotation> policies = own.isPresent() ? own : type.packageAnnotation(Dsl.POLICIES);
        if (policies.isEmpty()) {
            return List.of();
        }
        DslAnnotation p = policies.get();
        List<DslValue> values = p.list("value");
        if (values.isEmpty()) {
            report.add(Message.EMPTY_POLICIES, p.at("value"));
        }
        List<String> ids = new ArrayList<>();
        for (DslValue v : values) {
            String id = (String) v.value();
            PolicyCheck.known(report, v.site(), id);
            ids.add(id);
        }
        return List.copyOf(ids);
    }

    List<ScenarioModel.Expected> expectations(DslClass type, List<String> defaults) {
        List<ScenarioModel.Expected> out = new ArrayList<>();
        Map<String, Expectation> seen = new LinkedHashMap<>();
        for (DslAnnotation e : type.annotations(Dsl.EXPECT_LOCK)) {
            boolean named = !e.string("policy").isEmpty();
            for (String id : targets(e, defaults, "ExpectLock")) {
                Expectation x = DslToEngine.outcome(e, id, "value", "nowait");
                Expectation before = seen.get(id);
                if (before != null) {
                    if (before.equals(x)) {
                        report.add(Message.DUPLICATE_EXPECTATION, e.site(), id);
                    } else {
                        report.add(Message.CONTRADICTORY_EXPECTATION, e.site(), id, x.describe(), before.describe());
                    }
                    continue;
                }
                seen.put(id, x);
                out.add(new ScenarioModel.Expected(x, named, e.site()));
            }
        }
        return List.copyOf(out);
    }

    /** The policies an annotation applies to: its own {@code policy}, else the defaults; reports problems. */
    List<String> targets(DslAnnotation a, List<String> defaults, String annotation) {
        String own = a.string("policy");
        if (!own.isEmpty()) {
            return PolicyCheck.known(report, a.at("policy"), own) ? List.of(own) : List.of();
        }
        if (defaults.isEmpty()) {
            report.add(Message.NO_POLICY, a.site(), annotation);
        }
        List<String> known = new ArrayList<>();
        for (String id : defaults) {
            if (PolicyCatalog.find(id).isPresent()) {
                known.add(id);
            }
        }
        return known;
    }

    List<ScenarioModel.Relation> relations(DslClass type) {
        List<ScenarioModel.Relation> out = new ArrayList<>();
        for (DslAnnotation r : type.annotations(Dsl.EXPECT_NO_STRICTER)) {
            String policy = r.string("policy");
            String than = r.string("than");
            boolean ok = PolicyCheck.known(report, r.at("policy"), policy) & PolicyCheck.known(report, r.at("than"), than);
            if (policy.equals(than)) {
                report.add(Message.SELF_RELATION, r.at("than"), policy);
                ok = false;
            }
            if (ok) {
                out.add(new ScenarioModel.Relation(ScenarioModel.Relation.Kind.NO_STRICTER, List.of(policy, than), r.site()));
            }
        }
        for (DslAnnotation r : type.annotations(Dsl.EXPECT_SAME)) {
            List<DslValue> values = r.list("value");
            List<String> ids = r.strings("value");
            boolean ok = true;
            if (ids.size() < 2) {
                report.add(Message.TOO_FEW_POLICIES, r.at("value"), ids);
                ok = false;
            }
            for (DslValue v : values) {
                ok &= PolicyCheck.known(report, v.site(), (String) v.value());
            }
            if (ok) {
                out.add(new ScenarioModel.Relation(ScenarioModel.Relation.Kind.SAME, List.copyOf(ids), r.site()));
            }
        }
        return List.copyOf(out);
    }
}
