package org.locktable.cli;

import java.util.concurrent.Callable;

import org.locktable.engine.catalog.PolicyCatalog;
import org.locktable.engine.model.InvalidInputException;
import org.locktable.engine.policy.Policy;
import org.locktable.engine.policy.PolicyInfo;
import org.locktable.engine.table.PolicyDiff;
import org.locktable.engine.table.TableConflictException;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code locktable diff}: where two policies decide differently. */
@Command(name = "diff", mixinStandardHelpOptions = true, sortOptions = false,
        versionProvider = LocktableCommand.Version.class,
        header = "Print where two policies decide differently, with witnesses (Markdown).",
        description = {"Decides every case of the exhaustive small-scope space with two policies and prints, as "
                + "Markdown, the condition rows where they differ: the outcome under each, how many cases, and the "
                + "smallest case of each row as a witness.",
            "Both policies must be about the same writes (the PATH column of 'locktable policies').",
            "Where the fixed condition columns do not tell where the two differ, the rows add the fewest conditions of "
                + "the condition library that do (engine/README.md)."},
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {"0: the comparison was printed (whether or not the policies differ)",
            "2: bad input (policy ids, policies of different write paths, space options), or no column a diff can "
                + "have (the condition library's included) tells where the two differ: two cases are named",
            "70: internal error"})
final class DiffCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "A", description = "The policy before (e.g. ext4-base).")
    String before;

    @Parameters(index = "1", paramLabel = "B", description = "The policy after (e.g. ext4-patch1).")
    String after;

    @Mixin
    FsOption fs = new FsOption();

    @Mixin
    SpaceOptions space;

    @Override
    public Integer call() throws InvalidInputException, CliException {
        Policy a = fs.one(before, PolicyInfo.WritePath.DIRECT);
        Policy b = fs.one(after, PolicyInfo.WritePath.DIRECT);
        String markdown;
        try {
            markdown = PolicyDiff.between(a, b, space.build(a.info().path())).toMarkdown();
        } catch (TableConflictException e) {
            throw new CliException("cannot compare " + e.getMessage());
        }
        spec.commandLine().getOut().print(markdown);
        return Main.EXIT_OK;
    }
}
