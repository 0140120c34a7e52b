package org.locktable.cli;

import java.util.List;

import picocli.CommandLine;
import picocli.CommandLine.HelpCommand;

/**
 * The command tree, grouped by job. A group is a command with subcommands ({@code race replay}); the groups and the
 * commands of one job are listed together in {@code locktable --help}, under the job's heading. The names the commands
 * had before they were grouped stay as hidden aliases for one release ({@link OldNames}).
 */
final class CommandTree {
    /** One heading of {@code locktable --help} and the top-level commands under it, in the order listed. */
    record Job(String heading, List<String> commands) {
    }

    static final List<Job> JOBS = List.of(
            new Job("Decisions", List.of("policies", "decide", "table", "diff", "layout")),
            new Job("Races", List.of("race", "safety")),
            new Job("A lock patch", List.of("review")),
            new Job("Kernels", List.of("kernel")),
            new Job("Timing", List.of("simulate", "calibrate")),
            new Job("Documents and exports", List.of("docs", "export")),
            new Job("Help", List.of("help")));

    private CommandTree() {
    }

    static CommandLine build(LocktableCommand top) {
        CommandLine cl = new CommandLine(top);
        cl.addSubcommand(new PoliciesCommand());
        cl.addSubcommand(new DecideCommand());
        cl.addSubcommand(new TableCommand());
        cl.addSubcommand(new DiffCommand());
        cl.addSubcommand(new LayoutCommand());
        cl.addSubcommand(new RaceCommand());
        cl.addSubcommand(safety());
        cl.addSubcommand(new ReviewCommand());
        cl.addSubcommand(new KernelCommand());
        cl.addSubcommand(new SimulateCommand());
        cl.addSubcommand(new CalibrateCommand());
        cl.addSubcommand(new DocsCommand());
        cl.addSubcommand(new ExportCommand());
        cl.addSubcommand(new HelpCommand());
        OldNames.register(cl);
        JobListing.install(cl);
        return cl;
    }

    /**
     * {@code safety}: {@code safety table} and {@code safety diff}. {@code safety --policy ID} (no subcommand) is the
     * table, as it was before the group existed.
     */
    private static CommandLine safety() {
        CommandLine safety = new CommandLine(new SafetyCommand());
        CommandLine table = new CommandLine(new SafetyCommand());
        table.getCommandSpec().name("table");
        safety.addSubcommand("table", table);
        safety.addSubcommand(new SafetyDiffCommand());
        return safety;
    }
}
