package org.locktable.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.locktable.processor.Compile.errorAt;
import static org.locktable.processor.Compile.ids;
import static org.locktable.processor.Compile.message;
import static org.locktable.processor.Compile.warningAt;

import java.io.File;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;

/**
 * LT070..LT085: {@code @Workload} and {@code @ExpectSpeedup}, each problem at its annotation value. The
 * simulations are cut to 128 I/Os per job, so each compile-time table takes milliseconds.
 */
class TimingDiagnosticsTest {
    /** A good @Workload: seed 000 test 1 on the seed 000 VM, 1 and 8 jobs, small. */
    static final String WORKLOAD = "@Workload(device = \"seed000-vm\", workload = \"seed000-test1\", jobs = {1, 8}, "
            + "iosPerJob = 128)";
    /** Holds over seed000-vm's whole band at 8 jobs (about 1.5x..2.1x). */
    static final String SPEEDUP = "@ExpectSpeedup(policy = \"ext4-patch1\", over = \"ext4-base\", jobs = 8, atLeast = 1.3)";

    static Src timing(String name, String... annotations) {
        String[] body = new String[annotations.length + 2];
        body[0] = "@Scenario(title = \"t\")";
        System.arraycopy(annotations, 0, body, 1, annotations.length);
        body[body.length - 1] = "class " + name + " {}";
        return Src.scenario(name, body);
    }

    @Test
    void aGoodTimingScenarioCompilesCleanly() {
        Compilation c = Compile.withProcessor(List.of("-Alocktable.mismatch=error"), timing("Good", WORKLOAD, SPEEDUP));
        assertThat(c).succeededWithoutWarnings();
        assertThat(ids(c)).isEmpty();
    }

    // ------------------------------------------------------------------------------------------- @Workload

    @Test
    void lt070_unknownDeviceSaysDidYouMean() {
        Src src = timing("Device", "@Workload(device = \"seed000-mv\", workload = \"seed000-test1\", jobs = {8})", SPEEDUP);
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        errorAt(c, "LT070", src, "\"seed000-mv\"");
        assertThat(message(c, "LT070")).isEqualTo("[LT070] unknown device profile \"seed000-mv\" (did you mean "
                + "\"seed000-vm\"?); known profiles: " + String.join(", ", org.locktable.timing.check.TimingProfiles.names()));
        assertThat(ids(c)).containsExactly("ERROR LT070");
    }

    @Test
    void lt071_unknownWorkloadSaysDidYouMean() {
        Src src = timing("Wl", "@Workload(device = \"seed000-vm\", workload = \"seed000-tset1\", jobs = {8})", SPEEDUP);
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        errorAt(c, "LT071", src, "\"seed000-tset1\"");
        assertThat(message(c, "LT071")).startsWith("[LT071] unknown workload \"seed000-tset1\" (did you mean "
                + "\"seed000-test1\"?); known workloads: seed000-test1, seed000-test2, ");
        assertThat(ids(c)).containsExactly("ERROR LT071");
    }

    @Test
    void lt072_neitherWorkloadNorFio() {
        Src src = timing("Neither", "@Workload(device = \"seed000-vm\", jobs = {8})", SPEEDUP);
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        errorAt(c, "LT072", src, "@Workload");
        assertThat(message(c, "LT072")).isEqualTo(
                "[LT072] @Workload needs exactly one of workload = \"...\" and fio = \"...\", got neither");
        assertThat(ids(c)).containsExactly("ERROR LT072");
    }

    @Test
    void lt072_bothWorkloadAndFio() {
        Src src = timing("Both", "@Workload(device = \"seed000-vm\", workload = \"seed000-test1\", fio = \"rw=write\", "
                + "jobs = {8})", SPEEDUP);
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        errorAt(c, "LT072", src, "\"rw=write\"");
        assertThat(message(c, "LT072")).endsWith("got both");
    }

    @Test
    void lt073_fioOptionsThatCannotBeRead() {
        Src src = timing("Fio", "@Workload(device = \"seed000-vm\", fio = \"rw=write bs=8q size=64m\", jobs = {8})",
                SPEEDUP);
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        errorAt(c, "LT073", src, "\"rw=write bs=8q size=64m\"");
        assertThat(message(c, "LT073")).startsWith("[LT073] @Workload.fio: argument '--bs=8q': bs=8q: '8q' has an "
                + "unknown unit");
        assertThat(ids(c)).containsExactly("ERROR LT073");
    }

    @Test
    void lt073_unknownFioKeysAreErrorsInTheDsl() {
        Src src = timing("FioKey", "@Workload(device = \"seed000-vm\", fio = \"rw=write bs=8k size=1m frobnicate=1\", "
                + "jobs = {8})", SPEEDUP);
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        errorAt(c, "LT073", src, "\"rw=write bs=8k size=1m frobnicate=1\"");
        assertThat(message(c, "LT073")).contains("unknown options, ignored");
        assertThat(message(c, "LT073")).contains("frobnicate");
    }

    @Test
    void lt074_badJobCounts() {
        Src src = timing("Jobs", "@Workload(device = \"seed000-vm\", workload = \"seed000-test1\", jobs = {8, 0, 8})",
                SPEEDUP);
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        errorAt(c, "LT074", src, "jobs = {8, 0, 8}", "0");
        assertThat(ids(c)).containsExactly("ERROR LT074", "ERROR LT074");
        assertThat(c).hadErrorContaining("[LT074] @Workload.jobs: 0 is not a job count; use 1..4096");
        assertThat(c).hadErrorContaining("[LT074] @Workload.jobs: 8 is given twice");
    }

    @Test
    void lt074_emptyJobsAndNegativeIosPerJob() {
        Src src = timing("Empty", "@Workload(device = \"seed000-vm\", workload = \"seed000-test1\", jobs = {}, "
                + "iosPerJob = -1)", SPEEDUP);
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        errorAt(c, "LT074", src, "jobs = {}", "{}");
        errorAt(c, "LT074", src, "-1");
        assertThat(c).hadErrorContaining("[LT074] @Workload.jobs: {} names no job count");
        assertThat(c).hadErrorContaining("[LT074] @Workload.iosPerJob: -1 is negative");
    }

    @Test
    void lt082_aWorkloadWithNothingToSimulate() {
        Src src = timing("Idle", WORKLOAD);
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        errorAt(c, "LT082", src, "@Workload");
        assertThat(ids(c)).containsExactly("ERROR LT082");
    }

    @Test
    void lt083_timingMustBeOnTheClassPathOfTheSuite() {
        List<File> path = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            // the timing module's jar or classes, not any path that happens to contain "timing" (a checkout's name)
            String name = new File(entry).getName();
            boolean timing = name.startsWith("locktable-timing")
                    || entry.endsWith(File.separator + "timing" + File.separator + "target" + File.separator + "classes");
            if (!timing) {
                path.add(new File(entry));
            }
        }
        Src src = timing("NoTiming", WORKLOAD, SPEEDUP);
        Compilation c = Compiler.javac().withProcessors(new LocktableProcessor()).withClasspath(path)
                .compile(src.file);
        assertThat(c).failed();
        errorAt(c, "LT083", src, "@Workload");
        assertThat(message(c, "LT083")).isEqualTo("[LT083] @Workload needs locktable-timing on the class path of the "
                + "generated suite (org.locktable.timing.check.SpeedupCheck not found); add the dependency "
                + "org.locktable:locktable-timing (test scope)");
    }

    @Test
    void lt084_aWorkloadTheSimulatorRefuses() {
        // one write of 8 KiB into a 4 KiB region per job: fio could not run it either
        Src src = timing("Refused", "@Workload(device = \"seed000-vm\", fio = \"rw=write bs=8k size=4k ioengine=libaio "
                + "direct=1\", jobs = {1})",
                "@ExpectSpeedup(policy = \"ext4-patch1\", over = \"ext4-base\", jobs = 1, atLeast = 1)");
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        errorAt(c, "LT084", src, "@Workload");
        assertThat(message(c, "LT084")).startsWith("[LT084] the simulator cannot run this @Workload: I/O size 8192 is "
                + "larger than the region per file 4096");
    }

    // ------------------------------------------------------------------------------------------- @ExpectSpeedup

    @Test
    void lt030_unknownPolicyInExpectSpeedup() {
        Src src = timing("Policy", WORKLOAD,
                "@ExpectSpeedup(policy = \"ext4-ptach1\", over = \"ext4-base\", jobs = 8, atLeast = 1.5)");
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        errorAt(c, "LT030", src, "\"ext4-ptach1\"");
        assertThat(message(c, "LT030")).contains("(did you mean \"ext4-patch1\"?)");
        assertThat(ids(c)).containsExactly("ERROR LT030");
    }

    @Test
    void lt075_speedupWithoutWorkload() {
        Src src = timing("Alone", SPEEDUP);
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        errorAt(c, "LT075", src, "@ExpectSpeedup");
        assertThat(ids(c)).containsExactly("ERROR LT075");
    }

    @Test
    void lt076_jobsNotInTheWorkload() {
        Src src = timing("Row", WORKLOAD,
                "@ExpectSpeedup(policy = \"ext4-patch1\", over = \"ext4-base\", jobs = 4, atLeast = 1.5)");
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        errorAt(c, "LT076", src, "jobs = 4", "4");
        assertThat(message(c, "LT076")).isEqualTo("[LT076] @ExpectSpeedup.jobs = 4 is not one of the @Workload's "
                + "job counts [1, 8]; add it there or pick one of them");
    }

    @Test
    void lt076_defaultJobsAreTheSeedTableRows() {
        Src src = timing("Rows", "@Workload(device = \"seed000-vm\", workload = \"seed000-test1\", iosPerJob = 16)",
                "@ExpectSpeedup(policy = \"ext4-patch1\", over = \"ext4-base\", jobs = 3, atLeast = 1)");
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        assertThat(message(c, "LT076")).contains("job counts [1, 2, 4, 8, 16, 32]");
    }

    @Test
    void lt077_atLeastMustBePositive() {
        Src src = timing("AtLeast", WORKLOAD,
                "@ExpectSpeedup(policy = \"ext4-patch1\", over = \"ext4-base\", jobs = 8, atLeast = -0.5)");
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        errorAt(c, "LT077", src, "-0.5");
        assertThat(message(c, "LT077")).isEqualTo(
                "[LT077] @ExpectSpeedup.atLeast = -0.5; a speedup bound must be greater than 0");
    }

    @Test
    void lt077_atLeastZero() {
        Src src = timing("Zero", WORKLOAD,
                "@ExpectSpeedup(policy = \"ext4-patch1\", over = \"ext4-base\", jobs = 8, atLeast = 0)");
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        assertThat(message(c, "LT077")).startsWith("[LT077] @ExpectSpeedup.atLeast = 0;");
    }

    @Test
    void lt078_withinFromGreaterThanTo() {
        Src src = timing("Within", WORKLOAD,
                "@ExpectSpeedup(policy = \"ext4-patch1\", over = \"ext4-base\", jobs = 8, within = {2.2, 1.4})");
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        errorAt(c, "LT078", src, "{2.2, 1.4}");
        assertThat(message(c, "LT078")).isEqualTo("[LT078] @ExpectSpeedup.within = {2.2, 1.4}: from 2.2 is greater "
                + "than to 1.4; write {1.4, 2.2}");
    }

    @Test
    void lt078_withinNeedsTwoPositiveBounds() {
        Src three = timing("Three", WORKLOAD,
                "@ExpectSpeedup(policy = \"ext4-patch1\", over = \"ext4-base\", jobs = 8, within = {1, 2, 3})");
        Compilation c = Compile.withProcessor(three);
        assertThat(c).failed();
        assertThat(message(c, "LT078")).isEqualTo("[LT078] @ExpectSpeedup.within = {1, 2, 3}: give two bounds, "
                + "{from, to}");
        Src zero = timing("ZeroFrom", WORKLOAD,
                "@ExpectSpeedup(policy = \"ext4-patch1\", over = \"ext4-base\", jobs = 8, within = {0, 2})");
        Compilation z = Compile.withProcessor(zero);
        assertThat(z).failed();
        assertThat(message(z, "LT078")).endsWith("the bounds must be finite and greater than 0");
    }

    @Test
    void lt079_exactlyOneBound() {
        Src neither = timing("NoBound", WORKLOAD,
                "@ExpectSpeedup(policy = \"ext4-patch1\", over = \"ext4-base\", jobs = 8)");
        Compilation c = Compile.withProcessor(neither);
        assertThat(c).failed();
        errorAt(c, "LT079", neither, "@ExpectSpeedup");
        assertThat(message(c, "LT079")).isEqualTo("[LT079] @ExpectSpeedup needs exactly one of atLeast and within, got "
                + "neither");
        Src both = timing("TwoBounds", WORKLOAD,
                "@ExpectSpeedup(policy = \"ext4-patch1\", over = \"ext4-base\", jobs = 8, atLeast = 1, within = {1, 2})");
        Compilation b = Compile.withProcessor(both);
        assertThat(b).failed();
        assertThat(message(b, "LT079")).endsWith("got both");
    }

    @Test
    void lt080_speedupOverItself() {
        Src src = timing("Self", WORKLOAD,
                "@ExpectSpeedup(policy = \"ext4-base\", over = \"ext4-base\", jobs = 8, atLeast = 1)");
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        errorAt(c, "LT080", src, "over = \"ext4-base\"", "\"ext4-base\"");
        assertThat(ids(c)).containsExactly("ERROR LT080");
    }

    @Test
    void lt081_speedupPolicyOutsideTheDeclaredColumns() {
        Src src = timing("Columns", "@Workload(device = \"seed000-vm\", workload = \"seed000-test1\", jobs = {8}, "
                + "iosPerJob = 128, policies = {\"ext4-base\", \"ext4-patch2\"})", SPEEDUP);
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        errorAt(c, "LT081", src, "\"ext4-patch1\"");
        assertThat(message(c, "LT081")).isEqualTo("[LT081] @ExpectSpeedup names ext4-patch1, which @Workload.policies "
                + "[ext4-base, ext4-patch2] does not simulate; add it there");
    }

    @Test
    void lt085_theSimulatorDisagreesAtTheMismatchSeverity() {
        String wrong = "@ExpectSpeedup(policy = \"ext4-patch1\", over = \"ext4-base\", jobs = 1, atLeast = 1.5)";
        Src src = timing("Slow", WORKLOAD, wrong);
        Compilation c = Compile.withProcessor(src);
        assertThat(c).succeeded();
        warningAt(c, "LT085", src, wrong);
        assertThat(message(c, "LT085")).matches("\\[LT085] the simulator gives ext4-patch1 over ext4-base at 1 job "
                + "[0-9.]+x \\(band [0-9.]+x\\.\\.[0-9.]+x, dominant [a-zA-Z.]+\\), not at least 1.5x; simulated table: 1 job: ext4-base [0-9,]+, ext4-patch1 [0-9,]+ IOPS; "
                + "8 jobs: ext4-base [0-9,]+, ext4-patch1 [0-9,]+ IOPS");
        Compilation e = Compile.withProcessor(List.of("-Alocktable.mismatch=error"), src);
        assertThat(e).failed();
        assertThat(ids(e)).containsExactly("ERROR LT085");
        Compilation off = Compile.withProcessor(List.of("-Alocktable.mismatch=off"), src);
        assertThat(off).succeededWithoutWarnings();
    }

    @Test
    void lt085_aClaimThatHoldsOverPartOfTheBandIsAWarningEvenAtMismatchError() {
        // 8 jobs: about 2.0x at the committed values, about 1.5x with cost.cv = 0 (seed000-vm's band)
        String straddles = "@ExpectSpeedup(policy = \"ext4-patch1\", over = \"ext4-base\", jobs = 8, atLeast = 1.8)";
        Src src = timing("Straddles", WORKLOAD, straddles);
        Compilation e = Compile.withProcessor(List.of("-Alocktable.mismatch=error"), src);
        assertThat(e).succeeded();
        warningAt(e, "LT085", src, straddles);
        assertThat(message(e, "LT085")).contains("(holds over part of the band only), not at least 1.8x");
        Compilation off = Compile.withProcessor(List.of("-Alocktable.mismatch=off"), src);
        assertThat(off).succeededWithoutWarnings();
    }

    @Test
    void lt002_workloadWithoutScenario() {
        Src src = Src.scenario("Stray", WORKLOAD, "class Stray {}");
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        errorAt(c, "LT002", src, "@Workload");
        assertThat(message(c, "LT002")).startsWith("[LT002] @Workload needs @Scenario");
    }
}
