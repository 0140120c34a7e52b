package org.locktable.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import picocli.CommandLine;

/**
 * The command tree and the documents that describe it cannot drift apart: every command and subcommand has an example
 * in README.md ({@code bin/locktable PATH ...}) and a row in ARCHITECTURE.md's command table, and every old name still
 * runs the command it became.
 */
class CommandTreeTest {
    @Test
    void everyCommandHasAReadmeExample() throws IOException {
        String readme = Files.readString(TablesTest.projectRoot().resolve("README.md"), StandardCharsets.UTF_8);
        List<String> missing = new ArrayList<>();
        for (String path : commandPaths()) {
            if (!Pattern.compile("(?m)bin/locktable " + Pattern.quote(path) + "( |$)").matcher(readme).find()) {
                missing.add(path);
            }
        }
        assertEquals(List.of(), missing, "commands without a 'bin/locktable COMMAND ...' example in README.md");
    }

    @Test
    void architectureTablesEveryCommandAndNothingElse() throws IOException {
        String whole = Files.readString(TablesTest.projectRoot().resolve("ARCHITECTURE.md"), StandardCharsets.UTF_8);
        int start = whole.indexOf("| command | what it does |");
        assertTrue(start >= 0, "ARCHITECTURE.md has no command table");
        int end = whole.indexOf("\n\n", start);
        String doc = whole.substring(start, end < 0 ? whole.length() : end);
        TreeSet<String> rows = new TreeSet<>();
        var m = Pattern.compile("(?m)^\\| `([a-z -]+)` \\| [^|]+ \\| [^|]+ \\|$").matcher(doc);
        while (m.find()) {
            rows.add(m.group(1));
        }
        assertEquals(new TreeSet<>(commandPaths()), rows, "ARCHITECTURE.md's command table and the command tree");
    }

    @Test
    void theTopLevelHelpListsTheJobsAndHidesTheOldNames() {
        Cli.Run r = Cli.run("--help");
        assertEquals(0, r.code(), r::toString);
        for (CommandTree.Job job : CommandTree.JOBS) {
            assertTrue(r.out().contains(job.heading() + ":\n"), job.heading());
        }
        for (String old : OldNames.RENAMED.keySet()) {
            assertFalse(Pattern.compile("(?m)^\\s+" + Pattern.quote(old) + "\\b").matcher(r.out()).find(), old);
        }
    }

    @Test
    void anOldNameRunsTheNewCommandAndSaysItsName() {
        Cli.Run old = Cli.run("safety-diff", "ext4-base", "ext4-eof-fix", "--blocks", "1");
        Cli.Run now = Cli.run("safety", "diff", "ext4-base", "ext4-eof-fix", "--blocks", "1");
        assertEquals(0, old.code(), old::toString);
        assertEquals(now.out(), old.out());
        assertEquals("locktable: 'safety-diff' is now 'safety diff'; the old name goes in the next release",
                old.err().strip());
        assertEquals("", now.err());
    }

    @Test
    void safetyWithoutAPolicyOrASubcommandSaysWhatItNeeds() {
        Cli.Run r = Cli.run("safety");
        assertEquals(2, r.code(), r::toString);
        assertEquals("locktable: safety needs --policy ID (the table), or a subcommand: table, diff", r.err().strip());
    }

    /** {@code race replay}, {@code kernel grade}, ...: every visible command, groups included. */
    static List<String> commandPaths() {
        CommandLine top = Main.commandLine(new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()),
                new ByteArrayInputStream(new byte[0]));
        List<String> paths = new ArrayList<>();
        collect(top, "", paths);
        return paths;
    }

    private static void collect(CommandLine c, String prefix, List<String> paths) {
        c.getSubcommands().forEach((name, sub) -> {
            if (sub.getCommandSpec().usageMessage().hidden() || !sub.getCommandName().equals(name)) {
                return; // an old name, or an alias
            }
            String path = prefix + name;
            paths.add(path);
            collect(sub, path + " ", paths);
        });
    }
}
