package org.locktable.cli;

import java.util.List;
import java.util.concurrent.Callable;

import org.locktable.concurrency.safety.SafetyCase;
import org.locktable.concurrency.safety.SafetyDiff;
import org.locktable.concurrency.safety.SafetyScope;
import org.locktable.concurrency.safety.SafetySweep;
import org.locktable.engine.catalog.PolicyCatalog;
import org.locktable.engine.model.InvalidInputException;
import org.locktable.engine.policy.Policy;
import org.locktable.engine.policy.PolicyInfo;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code locktable safety diff}: what policy B makes newly unsafe or newly safe against A. */
@Command(name = "diff", mixinStandardHelpOptions = true, sortOptions = false,
        versionProvider = LocktableCommand.Version.class,
        header = "Print what policy B makes newly UNSAFE or newly SAFE against A, with minimal witnesses (Markdown).",
        description = {"Runs the small scope of 'locktable safety' under both policies and prints the minimised rows of "
                + "the cases whose verdict changes, each with its minimal witness and the counterexample on the side "
                + "where it is UNSAFE. Cases either policy refuses are left out.",
            "",
            "Counts are of cases, each counted once, as 'locktable safety' counts them: a case two rows match counts in "
                + "one of them only, so the rows add up to the headline, and UNSAFE under B = UNSAFE under both + newly "
                + "UNSAFE, UNSAFE under A = UNSAFE under both + newly SAFE (the line under the headline says so).",
            "",
            "--json prints one object: from, to, scope, newlyUnsafe, newlySafe, fromUnsafe, toUnsafe, unsafeInBoth, "
                + "refused (cases either policy refuses), and rows, each with conditions, change, cases and witness.",
            ""},
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {"0: the comparison was printed (whether or not anything changed)",
            "2: bad input (policy ids, a policy that is not about direct writes, scope options)", "70: internal error"})
final class SafetyDiffCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "A", description = "The policy before (e.g. ext4-base).")
    String before;

    @Parameters(index = "1", paramLabel = "B", description = "The policy after (e.g. ext4-eof-fix).")
    String after;

    @Mixin
    FsOption fs = new FsOption();

    @Mixin
    SafetyScopeOptions scope;

    @Option(names = "--json", description = "Print one JSON object.")
    boolean json;

    @Override
    public Integer call() throws CliException, InvalidInputException {
        Policy a = fs.one(before, PolicyInfo.WritePath.DIRECT);
        Policy b = fs.one(after, PolicyInfo.WritePath.DIRECT);
        SafetyScopeOptions.requireDirect(a);
        SafetyScopeOptions.requireDirect(b);
        SafetyScope s = scope.build();
        List<SafetyCase> cases = s.cases();
        SafetySweep from = SafetySweep.run(a, s, cases);
        SafetySweep to = SafetySweep.run(b, s, cases);
        SafetyDiff d = SafetyDiff.between(from, to);
        spec.commandLine().getOut().print(json ? json(from, to, s, d) + "\n" : d.toMarkdown("#", true));
        return Main.EXIT_OK;
    }

    static String json(SafetySweep from, SafetySweep to, SafetyScope s, SafetyDiff d) {
        return Json.write(g -> {
            g.writeStartObject();
            g.writeStringField("from", from.policy().id());
            g.writeStringField("to", to.policy().id());
            SafetyCommand.scope(g, s);
            // cases, each counted once: toUnsafe = unsafeInBoth + newlyUnsafe, fromUnsafe = unsafeInBoth + newlySafe
            // (with no case refused)
            g.writeNumberField("newlyUnsafe", d.newlyUnsafe());
            g.writeNumberField("newlySafe", d.newlySafe());
            g.writeNumberField("fromUnsafe", from.unsafeCount());
            g.writeNumberField("toUnsafe", to.unsafeCount());
            g.writeNumberField("unsafeInBoth", d.unsafeInBoth());
            g.writeNumberField("refused", d.refusedByEither());
            g.writeArrayFieldStart("rows");
            for (SafetyDiff.Change c : d.changes()) {
                g.writeStartObject();
                SafetyCommand.conditions(g, c.cells());
                g.writeStringField("change", c.change());
                g.writeNumberField("cases", c.cases());
                SafetyCommand.witness(g, c.witness(), c.counterexample());
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
        });
    }
}
