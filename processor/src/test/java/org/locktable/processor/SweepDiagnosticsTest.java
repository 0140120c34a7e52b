package org.locktable.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.locktable.processor.Compile.errorAt;
import static org.locktable.processor.Compile.ids;
import static org.locktable.processor.Compile.message;
import static org.locktable.processor.Compile.warningAt;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import com.google.testing.compile.Compilation;

/**
 * LT050..LT059: sweeps and their rules. Most inputs sweep {@code "W ? W"} (3 layouts) with offsets 0, 4096, 8192 and
 * lengths 4096, 8192 for xfs-dio. All 6 (offset, length) pairs end at most one block past the 3-block layout, so the
 * sweep has 3 layouts x 6 pairs = 18 cases, all block-aligned; xfs-dio takes the shared lock for each.
 */
class SweepDiagnosticsTest {
    private static final String OFFSETS = "offsets = @Range(from = 0, to = 8192, step = 4096)";
    private static final String LENGTHS = "lengths = @Range(from = 4096, to = 8192, step = 4096)";
    private static final String SWEEP = "@Sweep(layouts = {\"W ? W\"}, " + OFFSETS + ", " + LENGTHS + ", policies = {\"xfs-dio\"})";

    private static Src sweep(String name, String sweep, String... rules) {
        String[] body = new String[rules.length + 3];
        body[0] = "@Scenario(title = \"sweep\")";
        body[1] = sweep;
        System.arraycopy(rules, 0, body, 2, rules.length);
        body[body.length - 1] = "class " + name + " {}";
        return Src.scenario(name, body);
    }

    @Test
    void aGoodSweepReportsNothing() {
        Src src = sweep("Good", SWEEP, "@Rule(name = \"aligned\", alignment = ALIGNED, lock = SHARED)");
        Compilation c = Compile.withProcessor(List.of("-Alocktable.mismatch=error"), src);
        assertThat(c).succeededWithoutWarnings();
        assertThat(c).generatedSourceFile("test.Scenarios_LocktableTest").contentsAsUtf8String()
                .contains("void Good_rule_aligned_xfs_dio()");
    }

    @Test
    void lt050_badLayoutPattern() {
        Src src = sweep("BadPattern",
                "@Sweep(layouts = {\"W X W\"}, " + OFFSETS + ", " + LENGTHS + ", policies = {\"xfs-dio\"})",
                "@Rule(name = \"any\", lock = SHARED)");
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        errorAt(c, "LT050", src, "{\"W X W\"}");
        assertThat(message(c, "LT050")).isEqualTo(
                "[LT050] @Sweep.layouts: pattern \"W X W\": 'X' is not a block letter (H . U W D) or ?");
        assertThat(ids(c)).containsExactly("ERROR LT050");
    }

    @Test
    void lt050_tooManyWildcards() {
        Src src = sweep("Wild",
                "@Sweep(layouts = {\"?*9\"}, " + OFFSETS + ", " + LENGTHS + ", policies = {\"xfs-dio\"})",
                "@Rule(name = \"any\", lock = SHARED)");
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        errorAt(c, "LT050", src, "{\"?*9\"}");
        assertThat(message(c, "LT050")).contains("has 9 '?' blocks (3^9 layouts); use at most 8");
    }

    @Test
    void lt050_emptyRange() {
        Src src = sweep("EmptyRange",
                "@Sweep(layouts = {\"W ? W\"}, offsets = @Range(from = 8192, to = 0), " + LENGTHS + ", policies = {\"xfs-dio\"})",
                "@Rule(name = \"any\", lock = SHARED)");
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        errorAt(c, "LT050", src, "@Range(from = 8192, to = 0)");
        assertThat(message(c, "LT050")).isEqualTo("[LT050] @Sweep.offsets: offsets run from 8192 to 0: empty range");
        assertThat(ids(c)).containsExactly("ERROR LT050");
    }

    @Test
    void lt050_stepZero() {
        Src src = sweep("StepZero",
                "@Sweep(layouts = {\"W ? W\"}, " + OFFSETS + ", lengths = @Range(from = 512, to = 4096, step = 0), "
                        + "policies = {\"xfs-dio\"})",
                "@Rule(name = \"any\", lock = SHARED)");
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        errorAt(c, "LT050", src, "@Range(from = 512, to = 4096, step = 0)");
        assertThat(message(c, "LT050")).isEqualTo("[LT050] @Sweep.lengths: lengths step 0 must be positive");
        assertThat(ids(c)).containsExactly("ERROR LT050");
    }

    @Test
    void lt050_zeroLengthInRange() {
        Src src = sweep("ZeroLength",
                "@Sweep(layouts = {\"W ? W\"}, " + OFFSETS + ", lengths = @Range(from = 0, to = 4096), policies = {\"xfs-dio\"})",
                "@Rule(name = \"any\", lock = SHARED)");
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        errorAt(c, "LT050", src, "@Range(from = 0, to = 4096)");
        assertThat(message(c, "LT050")).isEqualTo("[LT050] @Sweep.lengths: lengths start at 0; the smallest allowed is 1");
    }

    @Test
    void lt011_badSweepBlockSize() {
        Src src = sweep("SweepBlocks",
                "@Sweep(layouts = {\"W ? W\"}, blockSize = 1000, " + OFFSETS + ", " + LENGTHS + ", policies = {\"xfs-dio\"})",
                "@Rule(name = \"any\", lock = SHARED)");
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        errorAt(c, "LT011", src, "1000");
        assertThat(message(c, "LT011")).isEqualTo(
                "[LT011] @Sweep.blockSize block size 1000 must be a power of two from 512 to 65536");
    }

    @Test
    void lt050_noSizePlacement() {
        Src src = sweep("NoSize",
                "@Sweep(layouts = {\"W ? W\"}, size = {}, " + OFFSETS + ", " + LENGTHS + ", policies = {\"xfs-dio\"})",
                "@Rule(name = \"any\", lock = SHARED)");
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        errorAt(c, "LT050", src, "size = {}", "{}");
        assertThat(message(c, "LT050")).isEqualTo("[LT050] @Sweep.size: a sweep needs at least one i_size placement");
    }

    @Test
    void lt050_flagWithNoValue() {
        Src src = sweep("NoFlag",
                "@Sweep(layouts = {\"W ? W\"}, nowait = {}, " + OFFSETS + ", " + LENGTHS + ", policies = {\"xfs-dio\"})",
                "@Rule(name = \"any\", lock = SHARED)");
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        errorAt(c, "LT050", src, "nowait = {}", "{}");
        assertThat(message(c, "LT050")).isEqualTo(
                "[LT050] @Sweep.nowait: nowait lists no value; give {true}, {false} or {true, false}");
    }

    @Test
    void lt050_noCaseLeft() {
        // every write starts at 40960 or later, more than one block past the 3-block (12288-byte) layout
        Src src = sweep("NoCase",
                "@Sweep(layouts = {\"W ? W\"}, offsets = @Range(from = 40960, to = 40960), " + LENGTHS + ", policies = {\"xfs-dio\"})",
                "@Rule(name = \"any\", lock = SHARED)");
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        errorAt(c, "LT050", src, "@Range(from = 40960, to = 40960)");
        assertThat(message(c, "LT050")).contains("the sweep has no case");
    }

    @Test
    void lt052_sweepTooLarge() {
        Src src = sweep("TooLarge", SWEEP, "@Rule(name = \"aligned\", alignment = ALIGNED, lock = SHARED)");
        Compilation c = Compile.withProcessor(List.of("-Alocktable.maxSweepCases=10"), src);
        assertThat(c).failed();
        errorAt(c, "LT052", src, "@Sweep");
        assertThat(message(c, "LT052")).isEqualTo("[LT052] @Sweep: the sweep has 18 cases, more than the limit of 10; "
                + "start small (fewer '?', coarser steps, fewer flags) or raise -Alocktable.maxSweepCases");
        assertThat(ids(c)).containsExactly("ERROR LT052");
    }

    @Test
    void lt052_theLimitIsInclusive() {
        Src src = sweep("AtLimit", SWEEP, "@Rule(name = \"aligned\", alignment = ALIGNED, lock = SHARED)");
        assertThat(Compile.withProcessor(List.of("-Alocktable.maxSweepCases=18"), src)).succeededWithoutWarnings();
        Compilation c = Compile.withProcessor(List.of("-Alocktable.maxSweepCases=17"), src);
        assertThat(message(c, "LT052")).contains("the sweep has 18 cases, more than the limit of 17");
    }

    @Test
    void lt053_ruleWithoutSweep() {
        Src src = Src.scenario("RuleAlone",
                "@Scenario(title = \"t\")",
                "@ExtentLayout(blocks = \"W U U W\")",
                "@Write(offset = 512, len = 14336)",
                "@ExpectLock(policy = \"ext4-patch2\", value = SHARED)",
                "@Rule(name = \"r\", policy = \"xfs-dio\", lock = SHARED)",
                "class RuleAlone {}");
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        errorAt(c, "LT053", src, "@Rule");
        assertThat(message(c, "LT053")).isEqualTo(
                "[LT053] @Rule needs a @Sweep on the same class: over which cases does it hold?");
        assertThat(ids(c)).containsExactly("ERROR LT053");
    }

    @Test
    void lt054_sweepWithoutRule() {
        Src src = sweep("SweepAlone", SWEEP);
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        errorAt(c, "LT054", src, "@Sweep");
        assertThat(message(c, "LT054")).isEqualTo("[LT054] @Sweep has no @Rule; state the expected outcome of (a region of) "
                + "the sweep with @Rule");
        assertThat(ids(c)).containsExactly("ERROR LT054");
    }

    @Test
    void lt055_overlappingRulesUnderUnique() {
        Src src = sweep("Overlap", SWEEP,
                "@Rule.List({@Rule(name = \"all\", lock = SHARED), @Rule(name = \"aligned\", alignment = ALIGNED, lock = SHARED)})");
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        // hitPolicy is not written: reported at @Sweep
        errorAt(c, "LT055", src, "@Sweep");
        assertThat(message(c, "LT055")).isEqualTo("[LT055] hit policy UNIQUE, but rules \"all\" and \"aligned\" both match "
                + "alignment=aligned head=W tail=W middle=none records=1 EOF=inside IS_NOSEC=yes NOWAIT=no I/O=sync, first at "
                + "layout=\"W H W\" bs=4096 lbs=512 i_size=12288; O_DIRECT write offset=0 len=4096; narrow one rule or use "
                + "hitPolicy = FIRST");
        assertThat(ids(c)).containsExactly("ERROR LT055");
    }

    @Test
    void lt055_reportedAtAWrittenHitPolicy() {
        Src src = sweep("OverlapUnique",
                "@Sweep(layouts = {\"W ? W\"}, hitPolicy = Sweep.HitPolicy.UNIQUE, " + OFFSETS + ", " + LENGTHS
                        + ", policies = {\"xfs-dio\"})",
                "@Rule.List({@Rule(name = \"all\", lock = SHARED), @Rule(name = \"aligned\", alignment = ALIGNED, lock = SHARED)})");
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        Src.Pos p = src.at("Sweep.HitPolicy.UNIQUE");
        // javac places a qualified name at its last '.', the column of ".UNIQUE"
        assertThat(c).hadErrorContaining("[LT055]").inFile(src.file).onLine(p.line())
                .atColumn(p.column() + "Sweep.HitPolicy".length());
    }

    @Test
    void firstHitPolicyAllowsOverlaps() {
        Src src = sweep("First",
                "@Sweep(layouts = {\"W ? W\"}, hitPolicy = Sweep.HitPolicy.FIRST, " + OFFSETS + ", " + LENGTHS
                        + ", policies = {\"xfs-dio\"})",
                "@Rule.List({@Rule(name = \"aligned\", alignment = ALIGNED, lock = SHARED), @Rule(name = \"all\", lock = SHARED)})");
        Compilation c = Compile.withProcessor(src);
        // "all" is shadowed by "aligned" on every case of this aligned-only sweep
        assertThat(ids(c)).containsExactly("WARNING LT058");
        warningAt(c, "LT058", src, "\"all\"");
    }

    @Test
    void lt056_gapInACompleteSweep() {
        Src src = sweep("Gap",
                "@Sweep(layouts = {\"W ? W\"}, offsets = @Range(from = 0, to = 8192, step = 512), lengths = @Range(from = 4096, "
                        + "to = 4096), policies = {\"xfs-dio\"}, complete = true)",
                "@Rule(name = \"aligned\", alignment = ALIGNED, lock = SHARED)");
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        errorAt(c, "LT056", src, "complete = true", "true");
        assertThat(message(c, "LT056")).isEqualTo("[LT056] the sweep claims complete = true, but no rule for xfs-dio matches "
                + "alignment=both head=W tail=H middle=none records=2 EOF=inside IS_NOSEC=yes NOWAIT=no I/O=sync, first at "
                + "layout=\"W H W\" bs=4096 lbs=512 i_size=12288; O_DIRECT write offset=512 len=4096; add a rule for it or "
                + "drop complete");
        assertThat(ids(c)).containsExactly("ERROR LT056");
    }

    @Test
    void lt056_notReportedWithoutComplete() {
        Src src = sweep("PartialOk",
                "@Sweep(layouts = {\"W ? W\"}, offsets = @Range(from = 0, to = 8192, step = 512), lengths = @Range(from = 4096, "
                        + "to = 4096), policies = {\"xfs-dio\"})",
                "@Rule(name = \"aligned\", alignment = ALIGNED, lock = SHARED)");
        assertThat(Compile.withProcessor(src)).succeededWithoutWarnings();
    }

    @Test
    void lt057_ruleMismatchWarnsByDefault() {
        Src src = sweep("RuleWrong", SWEEP, "@Rule(name = \"aligned\", alignment = ALIGNED, lock = EXCLUSIVE)");
        Compilation c = Compile.withProcessor(src);
        assertThat(c).succeeded();
        warningAt(c, "LT057", src, "\"aligned\"");
        assertThat(message(c, "LT057")).isEqualTo("[LT057] rule \"aligned\" for xfs-dio fails: lock: expected EXCLUSIVE, "
                + "decided SHARED; smallest counterexample: layout=\"W H W\" bs=4096 lbs=512 i_size=12288; O_DIRECT write "
                + "offset=0 len=4096");
        assertThat(ids(c)).containsExactly("WARNING LT057");
    }

    @ParameterizedTest
    @ValueSource(strings = {"error", "warning", "off"})
    void lt057_ruleMismatchAtEachSeverity(String severity) {
        Src src = sweep("RuleWrongSeverity", SWEEP, "@Rule(name = \"aligned\", alignment = ALIGNED, lock = EXCLUSIVE)");
        Compilation c = Compile.withProcessor(List.of("-Alocktable.mismatch=" + severity), src);
        switch (severity) {
            case "error":
                assertThat(c).failed();
                errorAt(c, "LT057", src, "\"aligned\"");
                break;
            case "warning":
                assertThat(c).succeeded();
                warningAt(c, "LT057", src, "\"aligned\"");
                assertThat(c).generatedSourceFile("test.Scenarios_LocktableTest");
                break;
            default:
                assertThat(c).succeededWithoutWarnings();
                assertThat(c).generatedSourceFile("test.Scenarios_LocktableTest");
        }
    }

    @Test
    void lt058_ruleMatchingNothing() {
        Src src = sweep("Unreachable", SWEEP, "@Rule(name = \"sub\", alignment = SUB_BLOCK, lock = EXCLUSIVE)");
        Compilation c = Compile.withProcessor(src);
        assertThat(c).succeeded();
        warningAt(c, "LT058", src, "\"sub\"");
        assertThat(message(c, "LT058")).isEqualTo(
                "[LT058] rule \"sub\" for xfs-dio matches no case of the sweep; widen its conditions or the sweep");
        assertThat(ids(c)).containsExactly("WARNING LT058");
    }

    @Test
    void lt059_duplicateRuleName() {
        Src src = sweep("Twice",
                "@Sweep(layouts = {\"W ? W\"}, hitPolicy = Sweep.HitPolicy.FIRST, " + OFFSETS + ", " + LENGTHS
                        + ", policies = {\"xfs-dio\"})",
                "@Rule.List({",
                "    @Rule(name = \"r\", alignment = ALIGNED, lock = SHARED),",
                "    @Rule(lock = SHARED, name = \"r\")",
                "})");
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        errorAt(c, "LT059", src, "@Rule(lock = SHARED, name = \"r\")", "\"r\"");
        assertThat(message(c, "LT059")).isEqualTo(
                "[LT059] rule name \"r\" is used twice in this class; rule names become test names and must differ");
        assertThat(ids(c)).containsExactly("ERROR LT059");
    }

    @Test
    void rulePolicyComesFromTheSweepThenTheClass() {
        Src src = Src.scenario("RulePolicies",
                "@Scenario(title = \"sweep\")",
                "@Policies({\"xfs-dio\", \"xfs-dio-v5.11\"})",
                "@Sweep(layouts = {\"W ? W\"}, " + OFFSETS + ", " + LENGTHS + ")",
                "@Rule(name = \"aligned\", alignment = ALIGNED, lock = SHARED)",
                "class RulePolicies {}");
        Compilation c = Compile.withProcessor(List.of("-Alocktable.mismatch=error"), src);
        assertThat(c).succeededWithoutWarnings();
        assertThat(c).generatedSourceFile("test.Scenarios_LocktableTest").contentsAsUtf8String()
                .contains("void RulePolicies_rule_aligned_xfs_dio_v5_11()");
    }

    @Test
    void ruleWithoutAnyPolicy() {
        Src src = sweep("RuleNoPolicy",
                "@Sweep(layouts = {\"W ? W\"}, " + OFFSETS + ", " + LENGTHS + ")",
                "@Rule(name = \"aligned\", alignment = ALIGNED, lock = SHARED)");
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        errorAt(c, "LT031", src, "@Rule");
        assertThat(message(c, "LT031")).startsWith("[LT031] @Rule names no policy");
    }
}
