package org.locktable.processor;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.PackageElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Elements;

import org.locktable.engine.decision.Lock;
import org.locktable.engine.decision.NowaitOutcome;
import org.locktable.engine.decision.Result;
import org.locktable.engine.model.Inode;
import org.locktable.engine.model.InvalidInputException;
import org.locktable.engine.model.Layout;
import org.locktable.engine.model.LayoutSyntaxException;
import org.locktable.engine.model.WriteRequest;
import org.locktable.engine.policy.PolicyCatalog;
import org.locktable.engine.scenario.Expectation;
import org.locktable.engine.scenario.RuleSpec;
import org.locktable.engine.scenario.SweepSpec;
import org.locktable.engine.table.Column;

/**
 * Validate → model: checks one scenario class's annotations, reporting every problem at its annotation value,
 * and builds the {@link ScenarioModel} when there is none. All errors of the class are reported in one pass.
 */
final class ScenarioValidator {
    private final Elements elements;
    private final Diagnostics diag;
    private final Options options;
    private final SourcePositions positions;

    ScenarioValidator(Elements elements, Diagnostics diag, Options options, SourcePositions positions) {
        this.elements = elements;
        this.diag = diag;
        this.options = options;
        this.positions = positions;
    }

    /** The model with the annotation sites its parts came from, for the engine check's diagnostics. */
    record Validated(ScenarioModel model, TypeElement type, Ann scenario, List<Ann> expectationSites,
            List<Ann> relationSites, Ann sweepSite, List<Ann> ruleSites, TimingReader.Read timing) {
    }

    Optional<Validated> validate(TypeElement type) {
        if (hasErroneousValue(type)) {
            return Optional.empty(); // javac has reported the value it could not resolve; nothing to add
        }
        int errorsBefore = diag.errors();
        Ann scenario = Dsl.one(type, Dsl.SCENARIO, elements).orElseThrow();
        if (type.getKind() != ElementKind.CLASS) {
            diag.report(Message.NOT_A_CLASS, type, scenario.mirror, null,
                    type.getKind().name().toLowerCase(java.util.Locale.ROOT).replace('_', ' '), type.getSimpleName());
            return Optional.empty();
        }
        if (scenario.string("title").isBlank()) {
            diag.report(Message.EMPTY_TITLE, type, scenario.mirror, scenario.at("title"));
        }
        Optional<Ann> layout = Dsl.one(type, Dsl.EXTENT_LAYOUT, elements);
        Optional<Ann> write = Dsl.one(type, Dsl.WRITE, elements);
        Optional<Ann> sweep = Dsl.one(type, Dsl.SWEEP, elements);
        List<Ann> rules = Dsl.all(type, Dsl.RULE, elements, positions);
        Optional<Ann> workload = Dsl.one(type, Dsl.WORKLOAD, elements);
        List<Ann> speedups = Dsl.all(type, Dsl.EXPECT_SPEEDUP, elements, positions);
        if (layout.isPresent() && write.isEmpty()) {
            diag.report(Message.MISSING_WRITE, type, layout.get().mirror, null);
        }
        if (write.isPresent() && layout.isEmpty()) {
            diag.report(Message.MISSING_LAYOUT, type, write.get().mirror, null);
        }
        if (layout.isEmpty() && write.isEmpty() && sweep.isEmpty() && workload.isEmpty() && speedups.isEmpty()) {
            diag.report(Message.NOTHING_TO_CHECK, type, scenario.mirror, null, type.getSimpleName());
        }
        if (!rules.isEmpty() && sweep.isEmpty()) {
            diag.report(Message.RULE_WITHOUT_SWEEP, type, rules.get(0).mirror, null);
        }
        if (sweep.isPresent() && rules.isEmpty()) {
            diag.report(Message.SWEEP_WITHOUT_RULE, type, sweep.get().mirror, null);
        }

        List<String> defaultPolicies = defaultPolicies(type);
        Inode inode = layout.isPresent() ? inode(layout.get()) : null;
        WriteRequest request = write.isPresent() ? write(write.get()) : null;

        List<Ann> expectationSites = new ArrayList<>();
        List<Expectation> expectations = expectations(type, defaultPolicies, expectationSites);
        List<Ann> relationSites = new ArrayList<>();
        List<ScenarioModel.Relation> relations = relations(type, relationSites);
        List<Ann> ruleSites = new ArrayList<>();
        ScenarioModel.SweepModel sweepModel = sweep.isPresent() && !rules.isEmpty()
                ? sweep(sweep.get(), rules, defaultPolicies, ruleSites) : null;
        TimingReader.Read timing = new TimingReader(elements, diag).read(type, workload, speedups);

        List<Ann> stated = new ArrayList<>();
        stated.addAll(Dsl.all(type, Dsl.EXPECT_LOCK, elements));
        stated.addAll(Dsl.all(type, Dsl.EXPECT_NO_STRICTER, elements));
        stated.addAll(Dsl.all(type, Dsl.EXPECT_SAME, elements));
        if (layout.isPresent() && write.isPresent() && stated.isEmpty()) {
            diag.report(Message.NO_EXPECTATION, type, scenario.mirror, null, type.getSimpleName());
        }
        if (layout.isEmpty() && write.isEmpty() && sweep.isPresent()) {
            for (Ann a : Dsl.all(type, Dsl.EXPECT_LOCK, elements, positions)) {
                diag.report(Message.EXPECTATION_WITHOUT_WRITE, type, a.mirror, null, a.name());
            }
            for (Ann a : Dsl.all(type, Dsl.EXPECT_NO_STRICTER, elements, positions)) {
                diag.report(Message.EXPECTATION_WITHOUT_WRITE, type, a.mirror, null, a.name());
            }
            for (Ann a : Dsl.all(type, Dsl.EXPECT_SAME, elements, positions)) {
                diag.report(Message.EXPECTATION_WITHOUT_WRITE, type, a.mirror, null, a.name());
            }
        }
        if (diag.errors() > errorsBefore) {
            return Optional.empty();
        }
        PackageElement pkg = elements.getPackageOf(type);
        String packageName = pkg.isUnnamed() ? "" : pkg.getQualifiedName().toString();
        String simpleName = flatName(type, packageName);
        ScenarioModel model = new ScenarioModel(packageName, simpleName, scenario.string("title"), scenario.string("why"),
                scenario.string("source"), inode, request, List.copyOf(expectations), List.copyOf(relations), sweepModel,
                timing == null ? null : timing.model());
        return Optional.of(new Validated(model, type, scenario, expectationSites, relationSites, sweep.orElse(null), ruleSites,
                timing));
    }

    /** javac hands an unresolvable value (an undefined constant) to processors as the text {@code <error>}. */
    private boolean hasErroneousValue(TypeElement type) {
        for (javax.lang.model.element.AnnotationMirror m : type.getAnnotationMirrors()) {
            if (Dsl.qualifiedName(m).startsWith(Dsl.PKG) && m.toString().contains("<error>")) {
                return true;
            }
        }
        return false;
    }

    /** {@code Outer_Inner} for a nested class, so the generated suite can sit beside it. */
    private static String flatName(TypeElement type, String packageName) {
        String qualified = type.getQualifiedName().toString();
        String rest = packageName.isEmpty() ? qualified : qualified.substring(packageName.length() + 1);
        return rest.replace('.', '_');
    }

    private List<String> defaultPolicies(TypeElement type) {
        Optional<Ann> own = Dsl.one(type, Dsl.POLICIES, elements);
        Optional<Ann> pkg = Dsl.one(elements.getPackageOf(type), Dsl.POLICIES, elements);
        Optional<Ann> policies = own.isPresent() ? own : pkg;
        if (policies.isEmpty()) {
            return List.of();
        }
        Ann p = policies.get();
        List<String> ids = p.strings("value");
        if (ids.isEmpty()) {
            diag.report(Message.EMPTY_POLICIES, own.isPresent() ? type : elements.getPackageOf(type), p.mirror, p.at("value"));
        }
        List<? extends AnnotationValue> values = p.list("value");
        for (int i = 0; i < ids.size(); i++) {
            diag.knownPolicy(p, values.get(i), ids.get(i));
        }
        return ids;
    }

    private Inode inode(Ann a) {
        Layout layout;
        try {
            layout = Layout.parse(a.string("blocks"));
        } catch (LayoutSyntaxException e) {
            diag.report(Message.BAD_LAYOUT, a.element, a.mirror, a.at("blocks"), e.getMessage());
            return null;
        }
        Inode.Builder b = Inode.builder(layout).blockSize(a.intValue("blockSize")).logicalBlockSize(a.intValue("logicalBlockSize"))
                .nosec(a.bool("nosec"));
        if (a.longValue("size") != -1) {
            b.size(a.longValue("size"));
        }
        if (a.longValue("diskSize") != -1) {
            b.diskSize(a.longValue("diskSize"));
        }
        try {
            return b.build();
        } catch (InvalidInputException e) {
            switch (e.field()) {
                case "blockSize":
                    diag.report(Message.BAD_BLOCK_SIZE, a.element, a.mirror, a.at("blockSize"), "ExtentLayout",
                            a.intValue("blockSize") + ": " + e.getMessage());
                    break;
                case "lbs":
                case "dmaAlignment":
                    diag.report(Message.BAD_LOGICAL_BLOCK_SIZE, a.element, a.mirror, a.at("logicalBlockSize"), e.getMessage());
                    break;
                case "diskSize":
                    diag.report(Message.BAD_SIZE, a.element, a.mirror, a.at("diskSize"), "diskSize", e.getMessage());
                    break;
                case "size":
                    diag.report(Message.BAD_SIZE, a.element, a.mirror, a.at("size"), "size", e.getMessage());
                    break;
                default:
                    diag.report(Message.BAD_LAYOUT, a.element, a.mirror, a.at("blocks"), e.getMessage());
            }
            return null;
        }
    }

    private WriteRequest write(Ann a) {
        try {
            return WriteRequest.builder(a.longValue("offset"), a.longValue("len")).direct(a.bool("direct"))
                    .async(a.bool("async")).nowait(a.bool("nowait")).dsync(a.bool("dsync"))
                    .writethrough(a.bool("writethrough")).noserial(a.bool("noserial"))
                    .bufferAlignment(a.longValue("bufferAlignment")).build();
        } catch (InvalidInputException e) {
            switch (e.field()) {
                case "offset":
                    diag.report(Message.BAD_OFFSET, a.element, a.mirror, a.at("offset"), e.getMessage());
                    break;
                case "bufferAlignment":
                    diag.report(Message.BAD_BUFFER_ALIGNMENT, a.element, a.mirror, a.at("bufferAlignment"), e.getMessage());
                    break;
                default:
                    if (a.longValue("len") <= 0) {
                        diag.report(Message.BAD_LENGTH, a.element, a.mirror, a.at("len"), e.getMessage());
                    } else {
                        // the larger of the two values is the one to change
                        String member = a.longValue("offset") > a.longValue("len") ? "offset" : "len";
                        diag.report(Message.RANGE_OVERFLOW, a.element, a.mirror, a.at(member), member, e.getMessage());
                    }
            }
            return null;
        }
    }

    private List<Expectation> expectations(TypeElement type, List<String> defaults, List<Ann> sites) {
        List<Expectation> out = new ArrayList<>();
        Map<String, Expectation> seen = new LinkedHashMap<>();
        for (Ann e : Dsl.all(type, Dsl.EXPECT_LOCK, elements, positions)) {
            List<String> ids = targets(e, defaults, "ExpectLock");
            for (String id : ids) {
                Expectation x = expectation(e, id);
                Expectation before = seen.get(id);
                if (before != null) {
                    if (before.equals(x)) {
                        diag.report(Message.DUPLICATE_EXPECTATION, type, e.mirror, null, id);
                    } else {
                        diag.report(Message.CONTRADICTORY_EXPECTATION, type, e.mirror, null, id, x.describe(), before.describe());
                    }
                    continue;
                }
                seen.put(id, x);
                out.add(x);
                sites.add(e);
            }
        }
        return out;
    }

    /** The policies an annotation applies to: its own {@code policy}, else the defaults; reports problems. */
    private List<String> targets(Ann a, List<String> defaults, String annotation) {
        String own = a.string("policy");
        if (!own.isEmpty()) {
            return diag.knownPolicy(a, a.at("policy"), own) ? List.of(own) : List.of();
        }
        if (defaults.isEmpty()) {
            diag.report(Message.NO_POLICY, a.element, a.mirror, null, annotation);
        }
        List<String> known = new ArrayList<>();
        for (String id : defaults) {
            if (PolicyCatalog.find(id).isPresent()) {
                known.add(id);
            }
        }
        return known;
    }

    private static Expectation expectation(Ann e, String id) {
        return outcome(e, id, "value", "nowait");
    }

    /** The expected outcome of an @ExpectLock or @Rule: the lock, and the optional members only when written. */
    private static Expectation outcome(Ann e, String id, String lockMember, String nowaitMember) {
        Expectation x = Expectation.lock(id, Lock.valueOf(e.enumName(lockMember)));
        if (e.written("drain")) {
            x = x.withDrain(e.bool("drain"));
        }
        if (e.written("forceWait")) {
            x = x.withForceWait(e.bool("forceWait"));
        }
        if (e.written(nowaitMember)) {
            x = x.withNowait(NowaitOutcome.valueOf(e.enumName(nowaitMember)));
        }
        if (e.written("result")) {
            x = x.withResult(Result.valueOf(e.enumName("result")));
        }
        return x;
    }

    private List<ScenarioModel.Relation> relations(TypeElement type, List<Ann> sites) {
        List<ScenarioModel.Relation> out = new ArrayList<>();
        for (Ann r : Dsl.all(type, Dsl.EXPECT_NO_STRICTER, elements, positions)) {
            String policy = r.string("policy");
            String than = r.string("than");
            boolean ok = diag.knownPolicy(r, r.at("policy"), policy) & diag.knownPolicy(r, r.at("than"), than);
            if (policy.equals(than)) {
                diag.report(Message.SELF_RELATION, type, r.mirror, r.at("than"), policy);
                ok = false;
            }
            if (ok) {
                out.add(new ScenarioModel.Relation(ScenarioModel.Relation.Kind.NO_STRICTER, List.of(policy, than)));
                sites.add(r);
            }
        }
        for (Ann r : Dsl.all(type, Dsl.EXPECT_SAME, elements, positions)) {
            List<String> ids = r.strings("value");
            boolean ok = true;
            if (ids.size() < 2) {
                diag.report(Message.TOO_FEW_POLICIES, type, r.mirror, r.at("value"), ids);
                ok = false;
            }
            List<? extends AnnotationValue> values = r.list("value");
            for (int i = 0; i < ids.size(); i++) {
                ok &= diag.knownPolicy(r, values.get(i), ids.get(i));
            }
            if (ok) {
                out.add(new ScenarioModel.Relation(ScenarioModel.Relation.Kind.SAME, List.copyOf(ids)));
                sites.add(r);
            }
        }
        return out;
    }

    private ScenarioModel.SweepModel sweep(Ann s, List<Ann> rules, List<String> classDefaults, List<Ann> ruleSites) {
        Ann offsets = s.nested("offsets", elements);
        Ann lengths = s.nested("lengths", elements);
        List<String> sizes = s.enumNames("size");
        ScenarioModel.SweepParams params = new ScenarioModel.SweepParams(s.strings("layouts"), s.intValue("blockSize"),
                s.bool("boundaries"), sizes.contains("LAYOUT_END"), sizes.contains("MID_LAST_BLOCK"),
                new long[] {offsets.longValue("from"), offsets.longValue("to"), offsets.longValue("step")},
                new long[] {lengths.longValue("from"), lengths.longValue("to"), lengths.longValue("step")},
                s.bools("nosec"), s.bools("nowait"), s.bools("async"), s.bool("direct"));
        SweepSpec spec = null;
        try {
            spec = SweepBuilder.build(params, options.maxSweepCases);
        } catch (InvalidInputException e) {
            Message m = e.getMessage().contains("more than the limit") ? Message.SWEEP_TOO_LARGE : Message.BAD_SWEEP;
            String member = memberFor(e.field());
            if (m == Message.SWEEP_TOO_LARGE) {
                diag.report(m, s.element, s.mirror, null, e.getMessage());
            } else if (member.equals("blockSize")) {
                diag.report(Message.BAD_BLOCK_SIZE, s.element, s.mirror, s.at("blockSize"), "Sweep", e.getMessage());
            } else {
                diag.report(m, s.element, s.mirror, s.at(member), member, e.getMessage());
            }
        }
        List<String> sweepPolicies = s.strings("policies");
        List<? extends AnnotationValue> sweepPolicyValues = s.list("policies");
        for (int i = 0; i < sweepPolicies.size(); i++) {
            diag.knownPolicy(s, sweepPolicyValues.get(i), sweepPolicies.get(i));
        }
        List<String> defaults = sweepPolicies.isEmpty() ? classDefaults : sweepPolicies;
        List<RuleSpec> specs = new ArrayList<>();
        Map<String, Ann> names = new LinkedHashMap<>();
        for (Ann r : rules) {
            String name = r.string("name");
            if (names.containsKey(name)) {
                diag.report(Message.DUPLICATE_RULE_NAME, r.element, r.mirror, r.at("name"), name);
                continue;
            }
            names.put(name, r);
            for (String id : targets(r, defaults, "Rule")) {
                specs.add(rule(r, name, id));
                ruleSites.add(r);
            }
        }
        boolean first = s.enumName("hitPolicy").equals("FIRST");
        return spec == null ? null : new ScenarioModel.SweepModel(spec, List.copyOf(specs), first, s.bool("complete"), params);
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

    private static RuleSpec rule(Ann r, String name, String policy) {
        RuleSpec spec = RuleSpec.any(name, outcome(r, policy, "lock", "nowaitOutcome"));
        spec = spec.where(Column.ALIGNMENT, ordinals(r.enumNames("alignment"), "ALIGNED", "HEAD", "TAIL", "BOTH", "SUB_BLOCK"));
        spec = spec.where(Column.HEAD, ordinals(r.enumNames("head"), "HOLE", "UNWRITTEN", "WRITTEN"));
        spec = spec.where(Column.TAIL, ordinals(r.enumNames("tail"), "HOLE", "UNWRITTEN", "WRITTEN"));
        spec = spec.where(Column.MIDDLE, ordinals(r.enumNames("middle"), "NONE", "H", "U", "H_U", "W", "H_W", "U_W", "H_U_W"));
        spec = spec.where(Column.RECORDS, ordinals(r.enumNames("records"), "ONE", "TWO", "THREE_OR_MORE"));
        spec = spec.where(Column.EOF, ordinals(r.enumNames("eof"), "INSIDE", "ENDS_AT_EOF", "STRADDLES", "APPENDS",
                "BEYOND_IN_EOF_BLOCK", "BEYOND"));
        spec = spec.where(Column.NOSEC, flag(r.enumName("nosec"), 0, 1));
        spec = spec.where(Column.NOWAIT, flag(r.enumName("nowait"), 1, 0));
        return spec.where(Column.IO, flag(r.enumName("async"), 1, 0));
    }

    /** Domain indexes of the named constants, in the column's own order. */
    private static int[] ordinals(List<String> names, String... domain) {
        int[] out = new int[names.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = List.of(domain).indexOf(names.get(i));
        }
        return out;
    }

    /** A YES/NO/ANY flag as domain indexes. */
    private static int[] flag(String value, int yes, int no) {
        switch (value) {
            case "YES":
                return new int[] {yes};
            case "NO":
                return new int[] {no};
            default:
                return new int[0];
        }
    }
}
