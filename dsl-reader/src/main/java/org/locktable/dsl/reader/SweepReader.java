package org.locktable.dsl.reader;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.locktable.engine.model.InvalidInputException;
import org.locktable.engine.scenario.SweepSpec;

/** {@code @Sweep} with its {@code @Rule}s → the engine's {@link SweepSpec} and one rule per (rule, policy). */
final class SweepReader {
    private final Report report;
    private final ExpectationReader expectations;
    private final long maxCases;

    SweepReader(Report report, ExpectationReader expectations, long maxCases) {
        this.report = report;
        this.expectations = expectations;
        this.maxCases = maxCases;
    }

    /** Null when the sweep itself is invalid (its rules are still checked). */
    ScenarioModel.SweepModel read(DslAnnotation s, List<DslAnnotation> rules, List<String> classDefaults) {
        DslAnnotation offsets = s.nested("offsets");
        DslAnnotation lengths = s.nested("lengths");
        List<String> sizes = s.enumNames("size");
        ScenarioModel.SweepParams params = new ScenarioModel.SweepParams(s.strings("layouts"), s.intValue("blockSize"),
                s.bool("boundaries"), sizes.contains("LAYOUT_END"), sizes.contains("MID_LAST_BLOCK"),
                new long[] {offsets.longValue("from"), offsets.longValue("to"), offsets.longValue("step")},
                new long[] {lengths.longValue("from"), lengths.longValue("to"), lengths.longValue("step")},
                s.bools("nosec"), s.bools("nowait"), s.bools("async"), s.bool("direct"));
        SweepSpec spec = null;
        try {
            spec = SweepBuilder.build(params, maxCases);
        } catch (InvalidInputException e) {
            Message m = e.getMessage().contains("more than the limit") ? Message.SWEEP_TOO_LARGE : Message.BAD_SWEEP;
            String member = memberFor(e.field());
            if (m == Message.SWEEP_TOO_LARGE) {
                report.add(m, s.site(), e.getMessage());
            } else if (member.equals("blockSize")) {
                report.add(Message.BAD_BLOCK_SIZE, s.at("blockSize"), "Sweep", e.getMessage());
            } else {
                report.add(m, s.at(member), member, e.getMessage());
            }
        }
        List<String> sweepPolicies = new ArrayList<>();
        for (DslValue v : s.list("policies")) {
            PolicyCheck.known(report, v.site(), (String) v.value());
            sweepPolicies.add((String) v.value());
        }
        List<String> defaults = sweepPolicies.isEmpty() ? classDefaults : sweepPolicies;
        List<ScenarioModel.StatedRule> stated = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (DslAnnotation r : rules) {
            String name = r.string("name");
            if (!names.add(name)) {
                report.add(Message.DUPLICATE_RULE_NAME, r.at("name"), name);
                continue;
            }
            for (String id : expectations.targets(r, defaults, "Rule")) {
                stated.add(new ScenarioModel.StatedRule(DslToEngine.rule(r, name, id), r.site()));
            }
        }
        boolean first = s.enumName("hitPolicy").equals("FIRST");
        return spec == null ? null
                : new ScenarioModel.SweepModel(spec, List.copyOf(stated), first, s.bool("complete"), params, s.site());
    }

    private static String memberFor(String field) {
        switch (field) {
            case "offsets":
            case "lengths":
            case "blockSize":
            case "size":
            case "nosec":
            case "nowait":
            case "async":
                return field;
            default:
                return "layouts";
        }
    }
}
