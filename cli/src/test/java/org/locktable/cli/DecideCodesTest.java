package org.locktable.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.locktable.engine.decision.Completion;
import org.locktable.engine.decision.DrainReason;
import org.locktable.engine.decision.Lock;
import org.locktable.engine.decision.LockOp;
import org.locktable.engine.decision.MapType;
import org.locktable.engine.decision.NowaitOutcome;
import org.locktable.engine.decision.Result;
import org.locktable.engine.decision.Retry;
import org.locktable.engine.decision.Segment;
import org.locktable.engine.decision.TxKind;
import org.locktable.engine.decision.ZeroKind;

/** {@code decide --help} lists every code the output can hold, each with what it means. */
class DecideCodesTest {

    @Test
    void everyLabelOfEveryOutputEnumIsInTheHelp() {
        String help = Cli.run("decide", "--help").out().replaceAll("\\s+", " ");
        assertTrue(help.contains("Output codes"), help);
        for (Result v : Result.values()) {
            assertDocumented(help, v.name(), v.description());
        }
        for (LockOp v : LockOp.values()) {
            assertDocumented(help, v.label(), v.description());
        }
        for (Lock v : Lock.values()) {
            assertDocumented(help, v.name(), v.description());
        }
        for (Retry v : Retry.values()) {
            assertDocumented(help, v.name(), v.description());
        }
        for (DrainReason v : DrainReason.values()) {
            assertDocumented(help, v.name(), v.description());
        }
        for (Completion v : Completion.values()) {
            assertDocumented(help, v.name(), v.description());
        }
        for (NowaitOutcome v : NowaitOutcome.values()) {
            assertDocumented(help, v.name(), v.description());
        }
        for (MapType v : MapType.values()) {
            assertDocumented(help, v.letter(), v.description());
        }
        for (ZeroKind v : ZeroKind.values()) {
            assertDocumented(help, v.label(), v.description());
        }
        for (TxKind v : TxKind.values()) {
            assertTrue(help.contains(" " + v.code()), v.code());
            assertTrue(help.contains(v.description().replaceAll("\\s+", " ")), v.description());
        }
        assertTrue(help.contains(Segment.NEW_MARK + ": "), help);
        assertTrue(help.contains(Segment.TRANSACTION_MARK + ": "), help);
        assertTrue(help.contains("[512,4096)M [4096,12288)U+N*"), help);
        assertTrue(help.contains("Zpc[from,to)"), help);
    }

    @Test
    void theHelpIsStillOneRunWithExitZero() {
        Cli.Run r = Cli.run("decide", "--help");
        assertEquals(0, r.code(), r::toString);
        assertTrue(r.out().indexOf("Exit status") < r.out().indexOf("Output codes ("), r.out());
    }

    /** picocli wraps lines, so whitespace is normalised on both sides. */
    private static void assertDocumented(String help, String code, String description) {
        String expected = (code + ": " + description).replaceAll("\\s+", " ");
        assertTrue(help.contains(expected), "not in decide --help: " + expected);
    }
}
