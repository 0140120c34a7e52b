package org.locktable.cli;

import java.util.LinkedHashMap;
import java.util.Map;

import picocli.CommandLine;
import picocli.CommandLine.Help;
import picocli.CommandLine.Model.UsageMessageSpec;

/** {@code locktable --help}'s command list, under one heading per job ({@link CommandTree#JOBS}). */
final class JobListing {
    private JobListing() {
    }

    static void install(CommandLine top) {
        top.getHelpSectionMap().put(UsageMessageSpec.SECTION_KEY_COMMAND_LIST, JobListing::render);
    }

    private static String render(Help help) {
        Map<String, Help> visible = help.subcommands(); // hidden old names are not in it
        StringBuilder text = new StringBuilder();
        for (CommandTree.Job job : CommandTree.JOBS) {
            Map<String, Help> listed = new LinkedHashMap<>();
            for (String name : job.commands()) {
                Help command = visible.get(name);
                if (command == null) {
                    throw new IllegalStateException("CommandTree.JOBS lists '" + name + "', which is not a command");
                }
                listed.put(name, command);
            }
            text.append(job.heading()).append(":\n").append(help.commandList(listed));
        }
        return text.toString();
    }
}
