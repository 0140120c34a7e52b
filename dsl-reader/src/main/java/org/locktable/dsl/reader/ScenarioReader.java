package org.locktable.dsl.reader;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.locktable.engine.model.Inode;
import org.locktable.engine.model.WriteRequest;

/**
 * Reads one class, from either source, into a {@link ScenarioModel} and a {@link Report}: every problem of the
 * class is reported at its annotation value, in one pass; the model exists only when there is no error. The rules
 * of the DSL live here (and in the readers it delegates to), not in its consumers.
 */
public final class ScenarioReader {
    /** The largest {@code @Sweep} accepted unless the consumer says otherwise. */
    public static final long DEFAULT_MAX_SWEEP_CASES = 1_000_000;

    private final long maxSweepCases;

    public ScenarioReader() {
        this(DEFAULT_MAX_SWEEP_CASES);
    }

    public ScenarioReader(long maxSweepCases) {
        this.maxSweepCases = maxSweepCases;
    }

    /** The model, present only when the report has no error, and the report. */
    public record Read(Optional<ScenarioModel> model, Report report) {
    }

    public Read read(DslClass type) {
        Report report = new Report();
        return new Read(Optional.ofNullable(model(type, report)), report);
    }

    private ScenarioModel model(DslClass type, Report report) {
        Optional<DslAnnotation> scenarioAnn = type.annotation(Dsl.SCENARIO);
        if (scenarioAnn.isEmpty()) {
            reportStray(type, report);
            return null;
        }
        if (type.hasErroneousValue()) {
            return null; // the compiler has reported the value it could not resolve; nothing to add
        }
        DslAnnotation scenario = scenarioAnn.get();
        if (!type.isClass()) {
            report.add(Message.NOT_A_CLASS, scenario.site(), type.kindName(), type.simpleName());
            return null;
        }
        if (scenario.string("title").isBlank()) {
            report.add(Message.EMPTY_TITLE, scenario.at("title"));
        }
        Parts parts = Parts.of(type);
        checkShape(type, report, scenario, parts);

        ExpectationReader expectationReader = new ExpectationReader(report);
        List<String> defaultPolicies = expectationReader.defaultPolicies(type);
        InodeAndWriteReader inodeAndWrite = new InodeAndWriteReader(report);
        Inode inode = parts.layout().map(inodeAndWrite::inode).orElse(null);
        WriteRequest request = parts.write().map(inodeAndWrite::write).orElse(null);
        List<ScenarioModel.Expected> expected = expectationReader.expectations(type, defaultPolicies);
        List<ScenarioModel.Relation> relations = expectationReader.relations(type);
        ScenarioModel.SweepModel sweepModel = parts.sweep().isPresent() && !parts.rules().isEmpty()
                ? new SweepReader(report, expectationReader, maxSweepCases).read(parts.sweep().get(), parts.rules(),
                        defaultPolicies)
                : null;
        TimingModel timing = new TimingReader(report).read(type, parts.workload(), parts.speedups());
        RaceModel race = parts.concurrent().isPresent()
                ? new RaceReader(report).read(type, parts.concurrent().get(), inode, defaultPolicies)
                : null;
        checkExpectationsHaveAWrite(type, report, scenario, parts);
        if (report.hasErrors()) {
            return null;
        }
        return new ScenarioModel(type.packageName(), flatName(type), type.binaryName(), scenario.string("title"),
                scenario.string("why"), scenario.string("source"), race == null ? inode : null, request, defaultPolicies,
                expected, relations, sweepModel, timing, race, scenario.site());
    }

    /** DSL annotations on a class without {@code @Scenario}. */
    private static void reportStray(DslClass type, Report report) {
        for (DslAnnotation a : type.dslAnnotations()) {
            String name = a.qualifiedName();
            if (Dsl.SUPPORTED.contains(name)) {
                report.add(Message.NOT_A_SCENARIO, a.site(), name.substring(Dsl.PKG.length()).replace(".List", ""));
            }
        }
    }

    /** The annotations that say what a scenario is: a single write, a sweep, a timing table, a race. */
    private record Parts(Optional<DslAnnotation> layout, Optional<DslAnnotation> write, Optional<DslAnnotation> sweep,
            List<DslAnnotation> rules, Optional<DslAnnotation> workload, List<DslAnnotation> speedups,
            Optional<DslAnnotation> concurrent) {
        static Parts of(DslClass type) {
            return new Parts(type.annotation(Dsl.EXTENT_LAYOUT), type.annotation(Dsl.WRITE), type.annotation(Dsl.SWEEP),
                    type.annotations(Dsl.RULE), type.annotation(Dsl.WORKLOAD), type.annotations(Dsl.EXPECT_SPEEDUP),
                    type.annotation(Dsl.CONCURRENT));
        }
    }

    /** Which annotations need which others on the same class. */
    private static void checkShape(DslClass type, Report report, DslAnnotation scenario, Parts p) {
        if (p.layout().isPresent() && p.write().isEmpty() && p.concurrent().isEmpty()) {
            report.add(Message.MISSING_WRITE, p.layout().get().site());
        }
        if (p.write().isPresent() && p.layout().isEmpty()) {
            report.add(Message.MISSING_LAYOUT, p.write().get().site());
        }
        checkRaceShape(type, report, p);
        if (p.layout().isEmpty() && p.write().isEmpty() && p.sweep().isEmpty() && p.workload().isEmpty()
                && p.speedups().isEmpty() && p.concurrent().isEmpty()) {
            report.add(Message.NOTHING_TO_CHECK, scenario.site(), type.simpleName());
        }
        if (!p.rules().isEmpty() && p.sweep().isEmpty()) {
            report.add(Message.RULE_WITHOUT_SWEEP, p.rules().get(0).site());
        }
        if (p.sweep().isPresent() && p.rules().isEmpty()) {
            report.add(Message.SWEEP_WITHOUT_RULE, p.sweep().get().site());
        }
    }

    /** A race needs its file and no single write; its parts need {@code @Concurrent}; lock expectations are a write's. */
    private static void checkRaceShape(DslClass type, Report report, Parts p) {
        List<DslAnnotation> raceParts = new ArrayList<>(type.annotations(Dsl.OP));
        raceParts.addAll(type.annotations(Dsl.EXPECT_SAFE));
        raceParts.addAll(type.annotations(Dsl.EXPECT_UNSAFE));
        if (p.concurrent().isEmpty()) {
            for (DslAnnotation a : raceParts) {
                report.add(Message.RACE_PART_WITHOUT_CONCURRENT, a.site(), a.name());
            }
            return;
        }
        if (p.layout().isEmpty()) {
            report.add(Message.RACE_NEEDS_LAYOUT, p.concurrent().get().site());
        }
        if (p.write().isPresent()) {
            report.add(Message.RACE_WITH_WRITE, p.write().get().site());
        }
        List<DslAnnotation> lockExpectations = new ArrayList<>(type.annotations(Dsl.EXPECT_LOCK));
        lockExpectations.addAll(type.annotations(Dsl.EXPECT_NO_STRICTER));
        lockExpectations.addAll(type.annotations(Dsl.EXPECT_SAME));
        for (DslAnnotation a : lockExpectations) {
            report.add(Message.LOCK_EXPECTATION_ON_RACE, a.site(), a.name());
        }
    }

    /** A single write's expectations need the write; a class with neither states none. */
    private static void checkExpectationsHaveAWrite(DslClass type, Report report, DslAnnotation scenario, Parts p) {
        List<DslAnnotation> stated = new ArrayList<>(type.annotations(Dsl.EXPECT_LOCK));
        stated.addAll(type.annotations(Dsl.EXPECT_NO_STRICTER));
        stated.addAll(type.annotations(Dsl.EXPECT_SAME));
        if (p.layout().isPresent() && p.write().isPresent() && stated.isEmpty() && p.concurrent().isEmpty()) {
            report.add(Message.NO_EXPECTATION, scenario.site(), type.simpleName());
        }
        if (p.layout().isEmpty() && p.write().isEmpty() && p.sweep().isPresent()) {
            for (DslAnnotation a : stated) {
                report.add(Message.EXPECTATION_WITHOUT_WRITE, a.site(), a.name());
            }
        }
    }

    /** {@code Outer_Inner} for a nested class, so the generated suite can sit beside it. */
    private static String flatName(DslClass type) {
        String qualified = type.qualifiedName();
        String rest = type.packageName().isEmpty() ? qualified : qualified.substring(type.packageName().length() + 1);
        return rest.replace('.', '_');
    }
}
