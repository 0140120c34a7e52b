package org.locktable.dsl.reader;

import java.util.Locale;

import javax.tools.Diagnostic;

/**
 * Every diagnostic of the DSL reader and the locktable processor, with a stable ID. The text is one sentence: what
 * is wrong with the value seen and how to fix it. IDs never change meaning; retired IDs are not reused.
 */
public enum Message {
    INTERNAL_ERROR("LT001", Diagnostic.Kind.ERROR,
            "internal error in the locktable processor while processing %s: %s; please report it with this class"),
    NOT_A_SCENARIO("LT002", Diagnostic.Kind.ERROR,
            "@%s needs @Scenario on the same class; add @Scenario(title = \"...\")"),
    NOT_A_CLASS("LT003", Diagnostic.Kind.ERROR,
            "@Scenario goes on a class, not on %s %s"),
    NOTHING_TO_CHECK("LT004", Diagnostic.Kind.ERROR,
            "@Scenario %s has neither @ExtentLayout with @Write, nor @Sweep with @Rule, nor @Workload with "
                    + "@ExpectSpeedup, nor @Concurrent with @Op; add one of them"),
    MISSING_WRITE("LT005", Diagnostic.Kind.ERROR,
            "@ExtentLayout needs a @Write on the same class: what does the scenario write?"),
    MISSING_LAYOUT("LT006", Diagnostic.Kind.ERROR,
            "@Write needs an @ExtentLayout on the same class: which file does it write to?"),
    NO_EXPECTATION("LT007", Diagnostic.Kind.WARNING,
            "scenario %s states no @ExpectLock, @ExpectNoStricter or @ExpectSame: its suite only records decisions"),
    EMPTY_TITLE("LT008", Diagnostic.Kind.ERROR,
            "@Scenario.title is empty; say in one line what the write is"),
    EXPECTATION_WITHOUT_WRITE("LT009", Diagnostic.Kind.ERROR,
            "@%s states an expectation about one write, but the class has no @ExtentLayout and @Write; "
                    + "state a sweep's expectations with @Rule"),

    BAD_LAYOUT("LT010", Diagnostic.Kind.ERROR, "@ExtentLayout.blocks: %s"),
    BAD_BLOCK_SIZE("LT011", Diagnostic.Kind.ERROR, "@%s.blockSize %s"),
    BAD_SIZE("LT012", Diagnostic.Kind.ERROR, "@ExtentLayout.%s: %s"),
    BAD_LOGICAL_BLOCK_SIZE("LT013", Diagnostic.Kind.ERROR, "@ExtentLayout.logicalBlockSize: %s"),
    BAD_MODE("LT014", Diagnostic.Kind.ERROR, "@ExtentLayout.mode: %s; write it in octal, e.g. 04755"),

    BAD_OFFSET("LT020", Diagnostic.Kind.ERROR, "@Write.offset: %s; use an offset of 0 or more"),
    BAD_LENGTH("LT021", Diagnostic.Kind.ERROR, "@Write.len: %s"),
    RANGE_OVERFLOW("LT022", Diagnostic.Kind.ERROR, "@Write.%s: %s"),
    BAD_BUFFER_ALIGNMENT("LT023", Diagnostic.Kind.ERROR, "@Write.bufferAlignment: %s"),

    UNKNOWN_POLICY("LT030", Diagnostic.Kind.ERROR, "unknown policy \"%s\"%s; known policies: %s"),
    NO_POLICY("LT031", Diagnostic.Kind.ERROR,
            "@%s names no policy and neither the class nor its package has @Policies; add policy = \"...\" or @Policies"),
    DUPLICATE_EXPECTATION("LT032", Diagnostic.Kind.WARNING,
            "@ExpectLock for %s repeats an earlier expectation of this class; remove one"),
    CONTRADICTORY_EXPECTATION("LT033", Diagnostic.Kind.ERROR,
            "@ExpectLock for %s expects %s, but an earlier @ExpectLock of this class expects %s for it; keep one"),
    TOO_FEW_POLICIES("LT034", Diagnostic.Kind.ERROR,
            "@ExpectSame needs at least two policies, got %s"),
    SELF_RELATION("LT035", Diagnostic.Kind.ERROR,
            "@ExpectNoStricter compares %s with itself; name two different policies"),
    EMPTY_POLICIES("LT036", Diagnostic.Kind.ERROR,
            "@Policies lists no policy; name at least one"),

    EXPECTATION_MISMATCH("LT040", Diagnostic.Kind.WARNING,
            "the engine decides differently for %s: %s; engine trace: %s"),
    RELATION_MISMATCH("LT041", Diagnostic.Kind.WARNING,
            "the engine breaks %s: %s"),

    BAD_SWEEP("LT050", Diagnostic.Kind.ERROR, "@Sweep.%s: %s"),
    SWEEP_TOO_LARGE("LT052", Diagnostic.Kind.ERROR, "@Sweep: %s"),
    RULE_WITHOUT_SWEEP("LT053", Diagnostic.Kind.ERROR,
            "@Rule needs a @Sweep on the same class: over which cases does it hold?"),
    SWEEP_WITHOUT_RULE("LT054", Diagnostic.Kind.ERROR,
            "@Sweep has no @Rule; state the expected outcome of (a region of) the sweep with @Rule"),
    RULES_OVERLAP("LT055", Diagnostic.Kind.ERROR,
            "hit policy UNIQUE, but %s, first at %s; narrow one rule or use hitPolicy = FIRST"),
    SWEEP_GAP("LT056", Diagnostic.Kind.ERROR,
            "the sweep claims complete = true, but %s, first at %s; add a rule for it or drop complete"),
    RULE_MISMATCH("LT057", Diagnostic.Kind.WARNING,
            "rule \"%s\" for %s fails: %s; smallest counterexample: %s"),
    RULE_MATCHES_NOTHING("LT058", Diagnostic.Kind.WARNING,
            "rule \"%s\" for %s matches no case of the sweep; widen its conditions or the sweep"),
    DUPLICATE_RULE_NAME("LT059", Diagnostic.Kind.ERROR,
            "rule name \"%s\" is used twice in this class; rule names become test names and must differ"),

    BAD_OPTION("LT060", Diagnostic.Kind.ERROR,
            "processor option -A%s=%s is not valid; %s"),
    SUITE_NAME_CLASH("LT061", Diagnostic.Kind.ERROR,
            "the generated tests %s of this scenario would have the names of those of %s; rename one of the two classes"),

    UNKNOWN_DEVICE("LT070", Diagnostic.Kind.ERROR, "unknown device profile \"%s\"%s; known profiles: %s"),
    UNKNOWN_WORKLOAD("LT071", Diagnostic.Kind.ERROR, "unknown workload \"%s\"%s; known workloads: %s"),
    WORKLOAD_SOURCE("LT072", Diagnostic.Kind.ERROR,
            "@Workload needs exactly one of workload = \"...\" and fio = \"...\", got %s"),
    BAD_FIO("LT073", Diagnostic.Kind.ERROR, "@Workload.fio: %s"),
    BAD_WORKLOAD_VALUE("LT074", Diagnostic.Kind.ERROR, "@Workload.%s: %s"),
    SPEEDUP_WITHOUT_WORKLOAD("LT075", Diagnostic.Kind.ERROR,
            "@ExpectSpeedup needs a @Workload on the same class: which workload does it time?"),
    SPEEDUP_JOBS_NOT_SIMULATED("LT076", Diagnostic.Kind.ERROR,
            "@ExpectSpeedup.jobs = %s is not one of the @Workload's job counts %s; add it there or pick one of them"),
    BAD_AT_LEAST("LT077", Diagnostic.Kind.ERROR,
            "@ExpectSpeedup.atLeast = %s; a speedup bound must be greater than 0"),
    BAD_WITHIN("LT078", Diagnostic.Kind.ERROR, "@ExpectSpeedup.within = %s: %s"),
    SPEEDUP_BOUND("LT079", Diagnostic.Kind.ERROR,
            "@ExpectSpeedup needs exactly one of atLeast and within, got %s"),
    SPEEDUP_SELF("LT080", Diagnostic.Kind.ERROR,
            "@ExpectSpeedup compares %s with itself; name two different policies"),
    SPEEDUP_POLICY_NOT_SIMULATED("LT081", Diagnostic.Kind.ERROR,
            "@ExpectSpeedup names %s, which @Workload.policies %s does not simulate; add it there"),
    NO_TIMING_POLICY("LT082", Diagnostic.Kind.ERROR,
            "@Workload simulates no policy; add an @ExpectSpeedup or name the policies in @Workload.policies"),
    TIMING_NOT_ON_CLASS_PATH("LT083", Diagnostic.Kind.ERROR,
            "@Workload needs locktable-timing on the class path of the generated suite (%s not found); add the "
                    + "dependency org.locktable:locktable-timing (test scope)"),
    SIMULATION_FAILED("LT084", Diagnostic.Kind.ERROR, "the simulator cannot run this @Workload: %s"),
    SPEEDUP_MISMATCH("LT085", Diagnostic.Kind.WARNING,
            "the simulator gives %s, not %s; simulated table: %s"),

    RACE_OP_COUNT("LT090", Diagnostic.Kind.ERROR,
            "@Concurrent races one to four operations, got %s; write one @Op per racing operation"),
    BAD_OP("LT091", Diagnostic.Kind.ERROR, "@Op.%s: %s"),
    OP_OUT_OF_REACH("LT092", Diagnostic.Kind.ERROR,
            "@Op %s ends at %s, more than one block past the layout's end at %s; lengthen @ExtentLayout.blocks or "
                    + "move the operation"),
    RACE_POLICY_NOT_DIRECT("LT093", Diagnostic.Kind.ERROR,
            "%s is a policy of %s writes; a race runs under a direct-write policy (a BUFFERED @Op runs under its "
                    + "file system's buffered policy): name one of %s"),
    CONTRADICTORY_RACE_EXPECTATION("LT094", Diagnostic.Kind.ERROR,
            "@%s for %s contradicts an earlier @%s of this class for it; keep one"),
    DUPLICATE_RACE_EXPECTATION("LT095", Diagnostic.Kind.WARNING,
            "@%s for %s repeats an earlier expectation of this class; remove one"),
    BAD_RANGE("LT096", Diagnostic.Kind.ERROR,
            "@ExpectUnsafe.badRanges: \"%s\" %s; write ascending ranges such as \"[6144,8192)\" with 512-byte-aligned "
                    + "bounds"),
    RACE_NEEDS_LAYOUT("LT097", Diagnostic.Kind.ERROR,
            "@Concurrent needs an @ExtentLayout on the same class: which file do the operations race on?"),
    RACE_WITH_WRITE("LT098", Diagnostic.Kind.ERROR,
            "@Write is one write's, but @Concurrent races its @Op writes; make it an @Op or move it to a class of its own"),
    RACE_PART_WITHOUT_CONCURRENT("LT099", Diagnostic.Kind.ERROR,
            "@%s needs @Concurrent on the same class: which race is it about?"),
    LOCK_EXPECTATION_ON_RACE("LT100", Diagnostic.Kind.ERROR,
            "@%s states an expectation about one write, but a @Concurrent class races @Op writes; state @ExpectSafe or "
                    + "@ExpectUnsafe"),
    NO_RACE_EXPECTATION("LT101", Diagnostic.Kind.WARNING,
            "race %s states no @ExpectSafe or @ExpectUnsafe: its suite checks nothing, its page only shows verdicts"),
    CONCURRENCY_NOT_ON_CLASS_PATH("LT102", Diagnostic.Kind.ERROR,
            "@Concurrent needs locktable-concurrency on the class path of the generated suite (%s not found); add "
                    + "the dependency org.locktable:locktable-concurrency (test scope)"),
    RACE_MISMATCH("LT103", Diagnostic.Kind.WARNING,
            "the oracle finds %s under %s, not %s: %s"),
    RACE_FAILED("LT104", Diagnostic.Kind.ERROR, "the oracle cannot race these operations under %s: %s"),
    RACE_FILE_TOO_LARGE("LT105", Diagnostic.Kind.ERROR,
            "a race's file has at most %s blocks, this layout has %s: the oracle keeps every sector of every state; "
                    + "race on a smaller layout"),
    TOO_MANY_RECORDS("LT106", Diagnostic.Kind.ERROR,
            "@Op %s brings the extent records the race's operations touch to %s, more than %s: each is a bio that may "
                    + "complete in any order and the oracle explores every order; shorten the operations or merge records"),
    RACE_SIZE_PAST_LAYOUT("LT107", Diagnostic.Kind.ERROR,
            "@ExtentLayout.size %s lies past the layout's end at %s: the oracle races on the layout's blocks; end the "
                    + "layout with holes (H) up to i_size"),
    RACE_DELALLOC("LT108", Diagnostic.Kind.ERROR,
            "@ExtentLayout.blocks of a race has delalloc (D) blocks, whose dirty pages the oracle does not model (a "
                    + "direct write over one reads back as zeros); start from W, U and H, and let a BUFFERED @Op dirty the "
                    + "pages");

    private final String id;
    private final Diagnostic.Kind kind;
    private final String format;

    Message(String id, Diagnostic.Kind kind, String format) {
        this.id = id;
        this.kind = kind;
        this.format = format;
    }

    public String id() {
        return id;
    }

    public Diagnostic.Kind kind() {
        return kind;
    }

    /** {@code [LT010] @ExtentLayout.blocks: ...}. */
    public String format(Object... args) {
        return "[" + id + "] " + String.format(Locale.ROOT, format, args);
    }
}
