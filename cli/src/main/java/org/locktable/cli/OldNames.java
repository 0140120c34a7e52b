package org.locktable.cli;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import picocli.CommandLine;
import picocli.CommandLine.IExecutionStrategy;
import picocli.CommandLine.Model.ISetter;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.RunLast;

/**
 * The names commands and options had before the tree was grouped by job, kept hidden for one release: each runs the
 * command it became, or sets the option it became, and says once on standard error what the new name is.
 */
final class OldNames {
    /** Old name → the path of the command it became. */
    static final Map<String, List<String>> RENAMED = renamed();
    /** The commands that wrote their report with {@code --report}, now {@code --out} as every other command. */
    private static final Set<Class<?>> REPORT_IS_OUT = Set.of(ConformanceCommand.class, PrivilegeCommand.class);

    private OldNames() {
    }

    private static Map<String, List<String>> renamed() {
        Map<String, List<String>> m = new LinkedHashMap<>();
        m.put("race-replay-all", List.of("race", "replay"));
        m.put("race-probe", List.of("race", "probe"));
        m.put("findings-repro", List.of("race", "repro"));
        m.put("history-replay", List.of("race", "history"));
        m.put("safety-diff", List.of("safety", "diff"));
        m.put("conformance", List.of("kernel", "grade"));
        m.put("kernels", List.of("kernel", "matrix"));
        m.put("observe", List.of("kernel", "observe"));
        m.put("privilege", List.of("kernel", "privilege"));
        return Collections.unmodifiableMap(m);
    }

    /** Adds each old name as a hidden top-level command: a fresh instance of the class its new command has. */
    static void register(CommandLine top) {
        RENAMED.forEach((old, path) -> {
            CommandLine now = top;
            for (String name : path) {
                now = now.getSubcommands().get(name);
            }
            CommandLine alias = new CommandLine(now.getCommand().getClass(), CommandLine.defaultFactory());
            alias.getCommandSpec().name(old).usageMessage().hidden(true);
            top.addSubcommand(old, alias);
        });
        oldOptions(top, Collections.newSetFromMap(new IdentityHashMap<>()));
    }

    /** {@code --report}, hidden, on the commands that had it (under their old names too): it sets {@code --out}. */
    private static void oldOptions(CommandLine command, Set<CommandLine> seen) {
        if (!seen.add(command)) {
            return;
        }
        if (REPORT_IS_OUT.contains(command.getCommand().getClass())) {
            OptionSpec out = command.getCommandSpec().findOption("--out");
            command.getCommandSpec().addOption(OptionSpec.builder("--report").hidden(true).paramLabel(out.paramLabel())
                    .type(out.type()).setter(new ISetter() {
                        @Override
                        public <T> T set(T value) throws Exception {
                            if (value == null) {
                                return null; // picocli resetting the option before a parse
                            }
                            command.getErr().println("locktable: '--report' is now '--out' (the old name works for "
                                    + "this release)");
                            return out.setter().set(value);
                        }
                    }).build());
        }
        command.getSubcommands().values().forEach(sub -> oldOptions(sub, seen));
    }

    /** The execution strategy that prints the new name before an old one runs. */
    static CommandLine noteOnUse(CommandLine top) {
        IExecutionStrategy run = new RunLast();
        top.setExecutionStrategy(parseResult -> {
            ParseResult sub = parseResult.subcommand();
            if (sub != null && RENAMED.containsKey(sub.commandSpec().name())) {
                sub.commandSpec().commandLine().getErr().println("locktable: '" + sub.commandSpec().name()
                        + "' is now '" + String.join(" ", RENAMED.get(sub.commandSpec().name()))
                        + "'; the old name goes in the next release");
            }
            return run.execute(parseResult);
        });
        return top;
    }
}
