package org.locktable.dsl.reader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.locktable.dsl.Concurrent;
import org.locktable.dsl.ExpectLock;
import org.locktable.dsl.ExpectSafe;
import org.locktable.dsl.ExpectUnsafe;
import org.locktable.dsl.ExpectSame;
import org.locktable.dsl.ExtentLayout;
import org.locktable.dsl.LockMode;
import org.locktable.dsl.Op;
import org.locktable.dsl.Policies;
import org.locktable.dsl.Range;
import org.locktable.dsl.Rule;
import org.locktable.dsl.Scenario;
import org.locktable.dsl.Sweep;
import org.locktable.dsl.Write;

/** The reader through the reflection source: the same rules as in the processor, reported with reflection sites. */
class ReflectedScenarioReaderTest {

    @Scenario(title = "unaligned write over written edges")
    @Policies({"ext4-base", "xfs-dio"})
    @ExtentLayout(blocks = "W U U W", size = 16384)
    @Write(offset = 512, len = 14336)
    @ExpectLock(value = LockMode.EXCLUSIVE, drain = true)
    @ExpectLock(policy = "ext4-patch2", value = LockMode.SHARED)
    @ExpectSame({"ext4-base", "ext4-patch1"})
    static class Edges {
    }

    @Scenario(title = "bad")
    @ExtentLayout(blocks = "W X")
    @Write(offset = -1, len = 4096)
    @ExpectLock(policy = "ext4-bsae", value = LockMode.SHARED)
    static class Bad {
    }

    @ExtentLayout(blocks = "W")
    static class NoScenario {
    }

    @Scenario(title = "sweep")
    @Sweep(layouts = {"W ? W"}, offsets = @Range(from = 0, to = 8192, step = 4096),
            lengths = @Range(from = 4096, to = 8192, step = 4096), policies = {"xfs-dio"})
    @Rule(name = "aligned", lock = LockMode.SHARED)
    static class SweepOnly {
    }

    @Scenario(title = "R4")
    @Policies({"xfs-dio", "xfs-dio-v5.11"})
    @ExtentLayout(blocks = "W W", size = 6144)
    @Concurrent
    @Op(kind = Op.Kind.AIO_DIO, offset = 5120, len = 1024)
    @Op(kind = Op.Kind.BUFFERED, offset = 4096, len = 4096, fsync = true)
    @ExpectUnsafe(policies = "ext4-base", badRanges = {" [6144,8192)"})
    @ExpectSafe
    static class Race {
    }

    @Scenario(title = "bad race")
    @ExtentLayout(blocks = "W W", size = 6144)
    @Concurrent
    @Op(kind = Op.Kind.DIO, offset = 100, len = 4096, fsync = true)
    @ExpectUnsafe(policies = {"ext4-bsae", "ext4-buffered-bh"}, badRanges = "[0,100)")
    @ExpectSafe(policies = "ext4-base")
    @ExpectLock(policy = "ext4-base", value = LockMode.SHARED)
    static class BadRace {
    }

    private static ScenarioReader.Read read(Class<?> c) {
        return new ScenarioReader().read(ReflectedClass.of(c));
    }

    @Test
    void aValidClassBecomesItsModel() {
        ScenarioReader.Read r = read(Edges.class);
        assertFalse(r.report().hasErrors(), r.report().describe());
        ScenarioModel m = r.model().orElseThrow();
        assertEquals("org.locktable.dsl.reader", m.packageName());
        assertEquals("ReflectedScenarioReaderTest_Edges", m.simpleName());
        assertEquals(Edges.class.getName(), m.binaryName());
        assertEquals("org.locktable.dsl.reader.ReflectedScenarioReaderTest_Edges", m.qualifiedName());
        assertEquals(List.of("ext4-base", "xfs-dio"), m.defaultPolicies());
        assertEquals(16384, m.inode().size());
        assertEquals(512, m.write().offset());
        assertEquals(List.of("ext4-base", "xfs-dio", "ext4-patch2"),
                m.expectations().stream().map(e -> e.policy()).toList());
        assertEquals(List.of(false, false, true), m.expected().stream().map(ScenarioModel.Expected::policyNamed).toList());
        assertEquals(Boolean.TRUE, m.expectations().get(0).drain());
        assertEquals(List.of("ext4-base", "ext4-patch1"), m.relations().get(0).policies());
        assertNull(m.sweep());
    }

    @Test
    void everyProblemIsReportedAtItsValueInOnePass() {
        ScenarioReader.Read r = read(Bad.class);
        assertTrue(r.model().isEmpty());
        List<String> ids = r.report().items().stream().map(i -> i.message().id()).toList();
        assertEquals(List.of("LT010", "LT020", "LT030"), ids);
        String where = Bad.class.getName();
        assertEquals(List.of(where + " @ExtentLayout.blocks", where + " @Write.offset", where + " @ExpectLock.policy"),
                r.report().items().stream().map(i -> i.site().describe()).toList());
        assertTrue(r.report().items().get(2).text().contains("(did you mean \"ext4-base\"?)"), r.report().describe());
    }

    @Test
    void dslAnnotationsWithoutScenarioAreStray() {
        ScenarioReader.Read r = read(NoScenario.class);
        assertTrue(r.model().isEmpty());
        assertEquals("[LT002] @ExtentLayout needs @Scenario on the same class; add @Scenario(title = \"...\")",
                r.report().items().get(0).text());
    }

    @Test
    void aSweepHasOneRulePerPolicyWithItsSite() {
        ScenarioModel m = read(SweepOnly.class).model().orElseThrow();
        assertEquals(1, m.sweep().statedRules().size());
        assertEquals("xfs-dio", m.sweep().rules().get(0).policy());
        assertEquals(SweepOnly.class.getName() + " @Rule.name", m.sweep().statedRules().get(0).site().at("name").describe());
    }

    @Test
    void aRaceHasItsFileOperationsAndOneExpectationPerPolicy() {
        ScenarioReader.Read r = read(Race.class);
        assertFalse(r.report().hasErrors(), r.report().describe());
        ScenarioModel m = r.model().orElseThrow();
        assertNull(m.inode(), "a race's file is the race's, not a single write's");
        assertEquals("layout=\"W W\" bs=4096 lbs=512 i_size=6144", m.race().inode().toString());
        assertEquals(List.of("aio-dio 5120+1024", "buffered 4096+4096 fsync"), m.race().opTexts());
        assertEquals(List.of("xfs-dio: SAFE", "xfs-dio-v5.11: SAFE", "ext4-base: UNSAFE, bad [6144,8192)"),
                m.race().expectations().stream().map(e -> e.policy() + ": " + e.describe()).toList());
    }

    @Test
    void everyProblemOfARaceIsReportedInOnePass() {
        ScenarioReader.Read r = read(BadRace.class);
        assertTrue(r.model().isEmpty());
        assertEquals(List.of("LT100", "LT091", "LT091", "LT096", "LT030", "LT093"),
                r.report().items().stream().map(i -> i.message().id()).toList(), r.report().describe());
    }
}
