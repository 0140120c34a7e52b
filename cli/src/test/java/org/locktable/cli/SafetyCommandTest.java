package org.locktable.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** {@code locktable safety} and {@code safety-diff} over the one-block scope (--blocks 1, exhaustive, a few seconds each). */
class SafetyCommandTest {
    @Test
    void ext4BaseHasTheEofClassWithTheRaceCommandOfItsWitness() {
        Cli.Run r = Cli.run("safety", "--policy", "ext4-base", "--blocks", "1");
        assertEquals(0, r.code(), r.toString());
        assertTrue(r.out().startsWith("# ext4-base — unsafe classes\n"), r.out());
        assertTrue(r.out().contains("20 UNSAFE, in 2 classes"), r.out());
        assertTrue(r.out().contains("bin/locktable race --policy ext4-base --layout \"W\" --size 2048 --op \"aio-dio 0+2048\" "
                + "--op \"aio-dio 0+4096\""), r.out());
    }

    @Test
    void jsonOfTheFixIsSafeWithNoClasses() {
        Cli.Run r = Cli.run("safety", "--policy", "ext4-eof-fix", "--blocks", "1", "--json");
        assertEquals(0, r.code(), r.toString());
        Map<String, Object> o = ParsedJson.object(r.out());
        assertEquals(List.of("policy", "scope", "explored", "refused", "unsafe", "schedules", "states", "verdict", "classes"),
                new ArrayList<>(o.keySet()));
        assertEquals("SAFE", o.get("verdict"));
        assertEquals(List.of(), o.get("classes"));
    }

    @Test
    void jsonClassesHaveConditionsAndAWitness() {
        Map<String, Object> o = ParsedJson.object(Cli.run("safety", "--policy", "ext4-base", "--blocks", "1", "--json").out());
        assertEquals(20L, o.get("unsafe"));
        @SuppressWarnings("unchecked")
        Map<String, Object> first = ((List<Map<String, Object>>) o.get("classes")).get(0);
        @SuppressWarnings("unchecked")
        Map<String, Object> w = (Map<String, Object>) first.get("witness");
        assertEquals(List.of("aio-dio 0+2048", "aio-dio 0+4096"), w.get("ops"));
        assertEquals(List.of(List.of(2048L, 4096L)), w.get("badRanges"));
        assertTrue(((Map<?, ?>) first.get("conditions")).containsKey("B vs EOF"), first.toString());
    }

    @Test
    void theFixMakesTheEofClassNewlySafeAndNothingNewlyUnsafe() {
        Cli.Run r = Cli.run("safety", "diff", "ext4-base", "ext4-eof-fix", "--blocks", "1", "--json");
        assertEquals(0, r.code(), r.toString());
        Map<String, Object> o = ParsedJson.object(r.out());
        assertEquals(0L, o.get("newlyUnsafe"));
        assertEquals(20L, o.get("newlySafe"));
        // cases, each once, as `safety` counts them (ext4-base: 20 UNSAFE, above): UNSAFE under A = in both + newly SAFE
        assertEquals(20L, o.get("fromUnsafe"));
        assertEquals(0L, o.get("toUnsafe"));
        assertEquals(0L, o.get("unsafeInBoth"));
        assertEquals(0L, o.get("refused"));
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> rows = (List<Map<String, Object>>) o.get("rows");
        assertEquals(20L, rows.stream().mapToLong(row -> (Long) row.get("cases")).sum(), "the rows add up to the total");
        Cli.Run text = Cli.run("safety", "diff", "ext4-base", "ext4-eof-fix", "--blocks", "1");
        assertTrue(text.out().contains("0 cases newly UNSAFE, 20 newly SAFE under ext4-eof-fix, in 2 rows."), text.out());
        assertTrue(text.out().contains("UNSAFE under ext4-base 20 = 0 UNSAFE under both + 20 newly SAFE; UNSAFE under "
                + "ext4-eof-fix 0 = 0 UNSAFE under both + 0 newly UNSAFE."), text.out());
        assertTrue(text.out().contains("the counterexample under ext4-base"), text.out());
    }

    @Test
    void badInputIsOneLineAndExitTwo() {
        List<String[]> bad = List.of(
                new String[] {"safety", "--policy", "ext4-bsae"},
                new String[] {"safety", "--policy", "xfs-buffered"},
                new String[] {"safety", "--policy", "ext4-base", "--blocks", "0"},
                new String[] {"safety", "--policy", "ext4-base", "--blocks", "9"},
                new String[] {"safety", "--policy", "ext4-base", "--samples", "-3"},
                new String[] {"safety", "--policy", "ext4-base", "--blocks", "two"},
                new String[] {"safety", "diff", "ext4-base"},
                new String[] {"safety", "diff", "ext4-base", "ext4-buffered-bh"});
        for (String[] args : bad) {
            Cli.Run r = Cli.run(args);
            assertEquals(2, r.code(), String.join(" ", args) + "\n" + r);
            assertEquals(1, r.errLines().size(), r.toString());
            assertTrue(r.err().startsWith("locktable: "), r.toString());
        }
    }
}
