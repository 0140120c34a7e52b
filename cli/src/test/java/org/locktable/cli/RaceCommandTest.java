package org.locktable.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** {@code locktable race}: spec §6.2 R4, and bad input as one line with exit 2. */
class RaceCommandTest {
    private static final String[] R4 = {"race", "--layout", "W W", "--size", "6144", "--op", "aio-dio 5120+1024",
        "--op", "dio 4096+4096"};

    private static String[] r4(String policy, String... more) {
        List<String> args = new ArrayList<>(List.of(R4));
        args.add("--policy");
        args.add(policy);
        args.addAll(List.of(more));
        return args.toArray(new String[0]);
    }

    @Test
    void r4IsUnsafeOnExt4BaseWithATimelineAndTheBadBytes() {
        Cli.Run r = Cli.run(r4("ext4-base"));
        assertEquals(0, r.code(), r.toString());
        assertTrue(r.out().startsWith("ext4-base [aio-dio 5120+1024, dio 4096+4096]: UNSAFE (2334 schedules"), r.out());
        assertTrue(r.out().contains("bio done: zero eof-tail [6144,8192)"), r.out());
        assertTrue(r.out().contains("bad bytes: [6144,8192)"), r.out());
        assertTrue(r.out().contains("a letter per 512-byte sector: ") && r.out().endsWith(RaceCommand.SECTOR_LEGEND),
                "the sector string with its legend: " + r.out());
        assertTrue(RaceCommand.SECTOR_LEGEND.contains("0: zeros"), RaceCommand.SECTOR_LEGEND);
    }

    @Test
    void jsonHasTheVerdictScheduleCountStepsAndBadRanges() {
        Cli.Run r = Cli.run(r4("ext4-base", "--json"));
        assertEquals(0, r.code(), r.toString());
        Map<String, Object> o = ParsedJson.object(r.out());
        assertEquals(List.of("policy", "verdict", "schedules", "states", "counterexample"), new ArrayList<>(o.keySet()));
        assertEquals("UNSAFE", o.get("verdict"));
        assertEquals(2334L, o.get("schedules"));
        @SuppressWarnings("unchecked")
        Map<String, Object> cx = (Map<String, Object>) o.get("counterexample");
        assertEquals(List.of(List.of(6144L, 8192L)), cx.get("badRanges"));
        assertEquals(13, ((List<?>) cx.get("steps")).size());
    }

    /** A case beyond the budget is refused with what was explored and how to shrink it, exit 2: never a crash. */
    @Test
    void aCaseBeyondTheStateBudgetIsRefusedWithHowToShrinkIt() {
        Cli.Run r = Cli.run(r4("ext4-base", "--max-states", "100"));
        assertEquals(2, r.code(), r.toString());
        assertTrue(r.err().startsWith("locktable: no verdict: the exploration reached its budget of 100 states after 100 "
                + "distinct states"), r.err());
        assertTrue(r.err().contains("shrink the case (fewer blocks in the layout"), r.err());
        assertEquals(1, r.err().lines().count(), r.err());
    }

    @Test
    void r4IsSafeOnXfsDio() {
        Map<String, Object> o = ParsedJson.object(Cli.run(r4("xfs-dio", "--json")).out());
        assertEquals("SAFE", o.get("verdict"));
        assertEquals(List.of("policy", "verdict", "schedules", "states"), new ArrayList<>(o.keySet()));
    }

    /** The live run's buffered variant (race-harness): B = buffered [6144,7168) + fsync reads back as zeros on ext4. */
    @Test
    void theBufferedR4VariantIsUnsafeOnExt4BaseAndSafeOnXfsDio() {
        String[] args = {"race", "--layout", "W W", "--size", "6144", "--op", "aio-dio 5120+1024", "--op",
            "buffered 6144+1024 fsync", "--policy", "ext4-base"};
        Cli.Run r = Cli.run(args);
        assertEquals(0, r.code(), r.toString());
        assertTrue(r.out().startsWith("ext4-base [aio-dio 5120+1024, buffered 6144+1024 fsync]: UNSAFE"), r.out());
        assertTrue(r.out().contains("fsync: writeback"), r.out());
        assertTrue(r.out().contains("bad bytes: [6144,7168)"), r.out());
        args[args.length - 1] = "xfs-dio";
        assertTrue(Cli.run(args).out().startsWith("xfs-dio [aio-dio 5120+1024, buffered 6144+1024 fsync]: SAFE"));
    }

    /** The control (i_size 8192): no lock-decision failure, only the page-cache collision, reported apart. */
    @Test
    void theBufferedControlIsSafeApartFromTheCollisionInTextAndJson() {
        String[] args = {"race", "--layout", "W W", "--size", "8192", "--op", "aio-dio 5120+1024", "--op",
            "buffered 6144+1024 fsync", "--policy", "ext4-base"};
        Cli.Run r = Cli.run(args);
        assertEquals(0, r.code(), r.toString());
        assertTrue(r.out().startsWith("ext4-base [aio-dio 5120+1024, buffered 6144+1024 fsync]: SAFE (apart from a "
                + "direct/buffered page-cache collision the kernel warns about)"), r.out());
        assertTrue(r.out().contains("bytes lost to the stale copy: [5120,6144)"), r.out());
        List<String> json = new ArrayList<>(List.of(args));
        json.add("--json");
        Map<String, Object> o = ParsedJson.object(Cli.run(json.toArray(new String[0])).out());
        assertEquals("SAFE", o.get("verdict"));
        assertEquals(List.of("policy", "verdict", "schedules", "states", "collision"), new ArrayList<>(o.keySet()));
        @SuppressWarnings("unchecked")
        Map<String, Object> collision = (Map<String, Object>) o.get("collision");
        assertEquals(List.of(List.of(5120L, 6144L)), collision.get("badRanges"));
    }

    @Test
    void theHelpNamesTheBufferedOperation() {
        Cli.Run r = Cli.run("race", "--help");
        assertEquals(0, r.code(), r.toString());
        assertTrue(r.out().contains("buffered OFF+LEN [fsync]"), r.out());
    }

    @Test
    void badInputIsOneLineAndExitTwo() {
        List<String[]> bad = List.of(
                r4("ext4-bsae"),
                new String[] {"race", "--policy", "ext4-base", "--layout", "W Q", "--op", "dio 0+4096", "--op", "dio 0+512"},
                new String[] {"race", "--policy", "ext4-base", "--layout", "W W", "--op", "dio 0+4096"},
                new String[] {"race", "--policy", "ext4-base", "--layout", "W W", "--op", "dio 0+100", "--op", "dio 0+512"},
                new String[] {"race", "--policy", "ext4-base", "--layout", "W W", "--op", "write 0+512", "--op", "dio 0+512"},
                new String[] {"race", "--policy", "ext4-base", "--layout", "W W", "--op", "dio 0+512 fsync", "--op", "dio 0+512"},
                new String[] {"race", "--policy", "xfs-buffered", "--layout", "W W", "--op", "dio 0+512", "--op", "dio 0+512"},
                new String[] {"race", "--policy", "ext4-base", "--layout", "W W", "--size", "-1", "--op", "dio 0+512",
                    "--op", "dio 0+512"},
                r4("ext4-base", "--live", "--aio", "posix"),
                new String[] {"race", "--policy", "ext4-base", "--layout", "W D", "--op", "aio-dio 0+512", "--op",
                    "dio 0+512", "--live"},
                new String[] {"race", "replay", "--runs", "0"},
                r4("ext4-base", "--kernel", "debian:6.12"),
                new String[] {"race", "--policy", "ext4-base", "--buffered-policy", "xfs-buffered", "--layout", "W W",
                    "--op", "aio-dio 0+512", "--op", "buffered 512+512"},
                new String[] {"race", "replay", "--policy", "xfs-buffered"},
                new String[] {"race", "replay", "--buffered-policy", "ext4-base"},
                new String[] {"race", "probe", "--rows", "-1"});
        for (String[] args : bad) {
            Cli.Run r = Cli.run(args);
            assertEquals(2, r.code(), String.join(" ", args) + "\n" + r);
            assertEquals(1, r.errLines().size(), r.toString());
            assertTrue(r.err().startsWith("locktable: "), r.toString());
        }
    }

    /**
     * R4's buffered variant is UNSAFE under mainline's buffered path and SAFE under Debian 6.12's, whose buffered write
     * drains direct I/O first: live, 6.18 corrupts it and Debian 6.12 does not (kernel-matrix/README.md).
     */
    @Test
    void theBufferedPolicyDecidesR4sBufferedVariant() {
        String[] r4Buffered = {"race", "--policy", "ext4-base", "--layout", "W W", "--size", "6144", "--op",
            "aio-dio 5120+1024", "--op", "buffered 6144+1024 fsync"};
        Cli.Run mainline = Cli.run(r4Buffered);
        assertEquals(0, mainline.code(), mainline::toString);
        assertTrue(mainline.out().contains("]: UNSAFE ("), mainline.out());
        List<String> args = new ArrayList<>(List.of(r4Buffered));
        args.addAll(List.of("--buffered-policy", "ext4-buffered-bh-dio-wait"));
        Cli.Run drains = Cli.run(args.toArray(new String[0]));
        assertEquals(0, drains.code(), drains::toString);
        assertTrue(drains.out().contains("]: SAFE ("), drains.out());
    }
}
