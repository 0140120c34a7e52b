package org.locktable.cli;

import java.util.concurrent.Callable;

import org.locktable.engine.catalog.PolicyCatalog;
import org.locktable.engine.model.InvalidInputException;
import org.locktable.engine.policy.Policy;
import org.locktable.engine.policy.PolicyInfo;
import org.locktable.engine.table.DecisionTable;
import org.locktable.engine.table.TableConflictException;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code locktable table}: a policy's minimised decision table. */
@Command(name = "table", mixinStandardHelpOptions = true, sortOptions = false,
        versionProvider = LocktableCommand.Version.class,
        header = "Print a policy's minimised decision table (Markdown).",
        description = {"Decides every case of the exhaustive small-scope space (every layout of 1..N blocks over "
                + "H, U, W with every record boundary, aligned and unaligned i_size, every write at the granularity, "
                + "IS_NOSEC x NOWAIT x sync/async) with one policy, and prints the minimised decision table as Markdown.",
            "The space holds the writes the policy is about (see the PATH column of 'locktable policies').",
            "Where the fixed condition columns do not determine the policy's decisions, the table adds the fewest "
                + "conditions of the condition library that do (engine/README.md)."},
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {"0: the table was printed", "2: bad input (policy id, space options), or no column the table can "
            + "have (the condition library's included) determines the policy's decisions: two cases it decides "
            + "differently are named", "70: internal error"})
final class TableCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--policy", paramLabel = "ID", required = true, description = "Policy id (see 'locktable policies').")
    String policy;

    @Mixin
    FsOption fs = new FsOption();

    @Mixin
    SpaceOptions space;

    @Override
    public Integer call() throws InvalidInputException, CliException {
        Policy p = fs.one(policy, PolicyInfo.WritePath.DIRECT);
        String markdown;
        try {
            markdown = DecisionTable.build(p, space.build(p.info().path())).toMarkdown();
        } catch (TableConflictException e) {
            throw new CliException("cannot tabulate " + e.getMessage());
        }
        spec.commandLine().getOut().print(markdown);
        return Main.EXIT_OK;
    }
}
