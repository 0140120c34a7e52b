package org.locktable.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.function.Supplier;

import org.junit.jupiter.api.Test;

/**
 * A quote inside a comma list ({@code --policy 'ext4-base,xfs"dio'}, found by the fuzz module) is an unknown
 * policy id like any other: picocli printed two {@code [picocli WARN]} lines to the process's stderr, outside the
 * command's error stream (in batch mode, next to the JSON answers), naming a Java field.
 */
class StrayQuoteTest {
    @Test
    void aQuoteInAPolicyListIsAnUnknownIdAndNoPicocliWarning() {
        Cli.Run[] run = new Cli.Run[1];
        String processStderr = processStderrOf(() -> run[0] = Cli.run("decide", "--policy", "ext4-base,xfs\"dio",
                "--layout", "W", "--offset", "0", "--len", "4096"));
        assertEquals("", processStderr);
        assertEquals(Main.EXIT_USAGE, run[0].code(), run[0]::toString);
        assertTrue(run[0].err().startsWith("locktable: unknown policy \"xfs\"dio\""), run[0]::toString);
    }

    @Test
    void aQuoteInABatchLinesPolicyListIsAnErrorLineAndNoPicocliWarning() {
        Cli.Run[] run = new Cli.Run[1];
        String processStderr = processStderrOf(() -> run[0] = Cli.runWithInput(
                "--policy 'ext4-base,xfs\"dio' --layout W --offset 0 --len 4096\n", "decide", "--batch", "-"));
        assertEquals("", processStderr);
        assertEquals(Main.EXIT_USAGE, run[0].code(), run[0]::toString);
        assertTrue(run[0].out().startsWith("{\"line\":1,\"error\":\"line 1: unknown policy \\\"xfs\\\"dio\\\""),
                run[0]::toString);
    }

    /** The fuzz module's shrunk input (seed 20261201, input 1980 of decide --batch): one quote, no comma. */
    @Test
    void theShrunkBatchLineIsAnErrorLineAndNoPicocliWarning() {
        Cli.Run[] run = new Cli.Run[1];
        String processStderr = processStderrOf(() -> run[0] = Cli.runWithInput("--policy '\"'d\n", "decide", "--batch", "-"));
        assertEquals("", processStderr);
        assertEquals(Main.EXIT_USAGE, run[0].code(), run[0]::toString);
        assertTrue(run[0].out().startsWith("{\"line\":1,\"error\":"), run[0]::toString);
    }

    private static String processStderrOf(Supplier<?> action) {
        PrintStream saved = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            action.get();
        } finally {
            System.setErr(saved);
        }
        return captured.toString(StandardCharsets.UTF_8);
    }
}
