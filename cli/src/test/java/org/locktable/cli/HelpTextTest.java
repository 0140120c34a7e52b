package org.locktable.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import picocli.CommandLine;

/**
 * Every command's help renders as written: picocli formats descriptions with {@code String.format}, so a lone
 * {@code %} (as in "95 % prediction interval") prints a warning on standard error and the raw text instead.
 */
class HelpTextTest {
    @Test
    void everyCommandsHelpFormatsWithoutAWarning() {
        CommandLine top = Main.commandLine(new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()),
                new ByteArrayInputStream(new byte[0]));
        List<String> warned = new ArrayList<>();
        PrintStream saved = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            visit(top, warned, captured);
        } finally {
            System.setErr(saved);
        }
        assertEquals(List.of(), warned, "commands whose help text picocli could not format");
    }

    private static void visit(CommandLine c, List<String> warned, ByteArrayOutputStream captured) {
        captured.reset();
        c.getUsageMessage();
        if (captured.toString(StandardCharsets.UTF_8).contains("picocli WARN")) {
            warned.add(c.getCommandSpec().qualifiedName());
        }
        for (CommandLine sub : c.getSubcommands().values()) {
            visit(sub, warned, captured);
        }
    }
}
