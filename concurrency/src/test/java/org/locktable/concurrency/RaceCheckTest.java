package org.locktable.concurrency;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** What the generated tests of a {@code @Concurrent} scenario call: R4 as its suite carries it, as text. */
class RaceCheckTest {
    private static final RaceCheck R4 = RaceCheck.of("test.R4", "layout=\"W W\" bs=4096 lbs=512 i_size=6144",
            "aio-dio 5120+1024", "dio 4096+4096");

    @Test
    void theVerdictsOfTheKnownAnswersPass() {
        R4.unsafe("ext4-base", "[6144,8192)", "rerun");
        R4.unsafe("ext4-patch2", "", "rerun");
        R4.safe("xfs-dio", "rerun");
        assertEquals(RaceCases.R4.under("ext4-base").schedules(), R4.verdict("ext4-base").schedules());
    }

    @Test
    void aWrongExpectationFailsWithTheTimelineAndTheRerunCommand() {
        AssertionError e = assertThrows(AssertionError.class, () -> R4.safe("ext4-base", "mvn test -Dtest=S#R4_safe"));
        assertTrue(e.getMessage().startsWith("test.R4: [aio-dio 5120+1024, dio 4096+4096] under ext4-base: expected SAFE, "
                + "but the shortest of the unsafe schedules (13 steps) leaves bad [6144,8192) (2334 schedules in 128 states)\n"),
                e.getMessage());
        assertTrue(e.getMessage().contains("A: bio done: zero eof-tail [6144,8192)".substring(3)), e.getMessage());
        assertTrue(e.getMessage().contains("file: ooooooooBBBB0000"), e.getMessage());
        assertTrue(e.getMessage().endsWith("rerun: mvn test -Dtest=S#R4_safe"), e.getMessage());
    }

    @Test
    void problemNamesWhatDiffers() {
        Verdict unsafe = R4.verdict("ext4-base");
        Verdict safe = R4.verdict("xfs-dio");
        assertNull(RaceCheck.problem(unsafe, false, "[6144,8192)"));
        assertEquals("expected UNSAFE, but all 181 schedules in 81 states are explained by a serial order",
                RaceCheck.problem(safe, false, ""));
        assertEquals("expected the shortest counterexample to leave bad [4096,8192), it leaves bad [6144,8192) "
                + "(2334 schedules in 128 states)", RaceCheck.problem(unsafe, false, "[4096,8192)"));
    }

    @Test
    void aSuiteThatDoesNotMatchThisOracleSaysRecompile() {
        AssertionError e = assertThrows(AssertionError.class, () -> RaceCheck.of("test.X", "layout=\"W\"", "scribble 0+512"));
        assertTrue(e.getMessage().startsWith("test.X: the generated suite does not match this oracle ("), e.getMessage());
        assertTrue(e.getMessage().endsWith("); recompile the scenario"), e.getMessage());
    }
}
