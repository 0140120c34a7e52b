package org.locktable.cli;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.Callable;

import com.fasterxml.jackson.core.JsonGenerator;

import org.locktable.concurrency.Counterexample;
import org.locktable.concurrency.Operation;
import org.locktable.concurrency.safety.ReadScope;
import org.locktable.concurrency.safety.ReadSweep;
import org.locktable.concurrency.safety.SafetyCase;
import org.locktable.concurrency.safety.SafetyScope;
import org.locktable.concurrency.safety.SafetySweep;
import org.locktable.concurrency.safety.SafetyTable;
import org.locktable.engine.catalog.PolicyCatalog;
import org.locktable.engine.model.InvalidInputException;
import org.locktable.engine.policy.Policy;
import org.locktable.engine.policy.PolicyInfo;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code locktable safety}: a policy's minimised table of unsafe classes over the two-write small scope. */
@Command(name = "safety", mixinStandardHelpOptions = true, sortOptions = false,
        versionProvider = LocktableCommand.Version.class,
        header = "Print a policy's unsafe classes over the two-write small scope (Markdown).",
        description = {"Races two direct writes (aio-dio or dio) through every schedule (as 'locktable race' does) for "
                + "every case of the small scope: every H/U/W block with i_size 4096, 2048 and 512 and every ordered "
                + "pair of 512-byte-granular writes inside it, then seeded samples of 2..N-block layouts. The UNSAFE "
                + "cases are minimised into classes over the decision tables' condition columns of the first write A, "
                + "the second write B's kind, B against A and B against EOF; each class has its minimal witness "
                + "(fewest blocks, then shortest schedule) with the timeline and the race command that shows it.",
            "",
            "--json prints one object: policy, scope (blocks, samples, seed), explored, refused, unsafe, schedules, "
                + "states, verdict, and classes, each with conditions (header: cell), verdict, unsafeCases, cases "
                + "and witness (layout, size, ops, steps, badRanges).",
            ""},
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {"0: the table was printed (SAFE or not)", "2: bad input (policy id, a policy that is not "
            + "about direct writes, scope options)", "70: internal error"})
final class SafetyCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    // not required = true: picocli would then demand it of 'safety diff' too, whose parent this command is
    @Option(names = "--policy", paramLabel = "ID", description = "A direct-write policy id (required).")
    String policy;

    @Mixin
    FsOption fs = new FsOption();

    @Mixin
    SafetyScopeOptions scope;

    @Option(names = "--json", description = "Print one JSON object.")
    boolean json;

    @Option(names = "--reads", description = {"Sweep a direct write against a read instead (ReadScope: every H/U/W "
            + "block with i_size 4096, 2048 and 512, every aio-dio or dio write and every dio-read, aio-dio-read or "
            + "buffered-read inside it, both orders; then seeded samples of 2 and 3 blocks): a line of counts, the time "
            + "and the states walked per second, and the smallest UNSAFE case's timeline."})
    boolean reads;

    @Override
    public Integer call() throws CliException, InvalidInputException {
        if (policy == null) {
            throw new CliException("safety needs --policy ID (the table), or a subcommand: table, diff");
        }
        Policy p = fs.one(policy, PolicyInfo.WritePath.DIRECT);
        SafetyScopeOptions.requireDirect(p);
        if (reads) {
            return readSweep(p);
        }
        SafetyScope s = scope.build();
        SafetyTable t = SafetyTable.of(SafetySweep.run(p, s));
        spec.commandLine().getOut().print(json ? json(t) + "\n" : t.toMarkdown("#"));
        return Main.EXIT_OK;
    }

    private int readSweep(Policy p) {
        long t0 = System.nanoTime();
        ReadSweep r = ReadSweep.run(p, ReadScope.standard().cases());
        double seconds = (System.nanoTime() - t0) / 1e9;
        java.io.PrintWriter out = spec.commandLine().getOut();
        out.printf(java.util.Locale.ROOT, "%s, write against read: %d cases, %d refused, %d UNSAFE; %d states in %.1f s "
                + "(%.0f states/s on %d cores)%n", r.policy(), r.cases(), r.refused(), r.unsafe(), r.states(), seconds,
                r.states() / seconds, Runtime.getRuntime().availableProcessors());
        r.firstUnsafe().ifPresent(c -> out.print("\nsmallest UNSAFE case: " + c.describe() + "\n"
                + r.firstUnsafeVerdict().orElseThrow().counterexample().orElseThrow().timeline()
                + "bad bytes: " + r.firstUnsafeVerdict().get().counterexample().get().badRangesText() + "\n"));
        return Main.EXIT_OK;
    }

    static String json(SafetyTable t) {
        SafetySweep sw = t.sweep();
        return Json.write(g -> {
            g.writeStartObject();
            g.writeStringField("policy", sw.policy().id());
            scope(g, sw.scope());
            g.writeNumberField("explored", sw.explored());
            g.writeNumberField("refused", sw.refused());
            g.writeNumberField("unsafe", sw.unsafeCount());
            g.writeNumberField("schedules", sw.schedules());
            g.writeNumberField("states", sw.states());
            g.writeStringField("verdict", t.safe() ? "SAFE" : "UNSAFE");
            g.writeArrayFieldStart("classes");
            for (SafetyTable.UnsafeClass c : t.classes()) {
                g.writeStartObject();
                conditions(g, c.cells());
                g.writeStringField("verdict", c.verdict());
                g.writeNumberField("unsafeCases", c.unsafeCases());
                g.writeNumberField("cases", c.cases());
                witness(g, c.witness(), c.counterexample());
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
        });
    }

    static void scope(JsonGenerator g, SafetyScope s) throws IOException {
        g.writeObjectFieldStart("scope");
        g.writeNumberField("blocks", s.blocks());
        g.writeNumberField("samples", s.samples());
        g.writeNumberField("seed", s.seed());
        g.writeEndObject();
    }

    static void conditions(JsonGenerator g, List<String> cells) throws IOException {
        g.writeObjectFieldStart("conditions");
        List<String> headers = SafetyTable.headers();
        for (int i = 0; i < cells.size(); i++) {
            g.writeStringField(headers.get(i), cells.get(i));
        }
        g.writeEndObject();
    }

    static void witness(JsonGenerator g, SafetyCase w, Counterexample cx) throws IOException {
        g.writeObjectFieldStart("witness");
        g.writeStringField("layout", w.layout());
        g.writeNumberField("size", w.size());
        g.writeArrayFieldStart("ops");
        for (Operation op : w.ops()) {
            g.writeString(op.toString());
        }
        g.writeEndArray();
        Json.stringArray(g, "steps", cx.steps());
        Json.rangeArray(g, "badRanges", cx.badRanges());
        g.writeEndObject();
    }
}
