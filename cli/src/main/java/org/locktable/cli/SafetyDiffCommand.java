package org.locktable.cli;

import java.util.List;
import java.util.concurrent.Callable;

import org.locktable.concurrency.safety.SafetyCase;
import org.locktable.concurrency.safety.SafetyDiff;
import org.locktable.concurrency.safety.SafetyScope;
import org.locktable.concurrency.safety.SafetySweep;
import org.locktable.engine.model.InvalidInputException;
import org.locktable.engine.policy.Policy;
import org.locktable.engine.catalog.PolicyCatalog;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code locktable safety-diff}: what policy B makes newly unsafe or newly safe against A. */
@Command(name = "safety-diff", mixinStandardHelpOptions = true, sortOptions = false,
        versionProvider = LocktableCommand.Version.class,
        header = "Print what policy B makes newly UNSAFE or newly SAFE against A, with minimal witnesses (Markdown).",
        description = {"Runs the small scope of 'locktable safety' under both policies and prints the minimised rows of "
                + "the cases whose verdict changes, each with its minimal witness and the counterexample on the side "
                + "where it is UNSAFE. Cases either policy refuses are left out.",
            "",
            "--json prints one object: from, to, scope, newlyUnsafe, newlySafe, and rows, each with conditions, "
                + "change, cases and witness.",
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
    SafetyScopeOptions scope;

    @Option(names = "--json", description = "Print one JSON object.")
    boolean json;

    @Override
    public Integer call() throws CliException, InvalidInputException {
        Policy a = PolicyCatalog.get(before);
        Policy b = PolicyCatalog.get(after);
        SafetyScopeOptions.requireDirect(a);
        SafetyScopeOptions.requireDirect(b);
        SafetyScope s = scope.build();
        List<SafetyCase> cases = s.cases();
        SafetyDiff d = SafetyDiff.between(SafetySweep.run(a, s, cases), SafetySweep.run(b, s, cases));
        spec.commandLine().getOut().print(json ? json(a.id(), b.id(), s, d) + "\n" : d.toMarkdown("#"));
        return Main.EXIT_OK;
    }

    static String json(String from, String to, SafetyScope s, SafetyDiff d) {
        return Json.write(g -> {
            g.writeStartObject();
            g.writeStringField("from", from);
            g.writeStringField("to", to);
            SafetyCommand.scope(g, s);
            g.writeNumberField("newlyUnsafe", d.count(SafetyDiff.NEWLY_UNSAFE_TEXT));
            g.writeNumberField("newlySafe", d.count(SafetyDiff.NEWLY_SAFE_TEXT));
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
