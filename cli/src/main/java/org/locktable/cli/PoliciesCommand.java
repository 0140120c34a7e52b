package org.locktable.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import org.locktable.engine.catalog.PolicyCatalog;
import org.locktable.engine.catalog.PolicyContract;
import org.locktable.engine.model.InvalidInputException;
import org.locktable.engine.policy.KernelRange;
import org.locktable.engine.policy.Policy;
import org.locktable.engine.policy.PolicyInfo;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code locktable policies}: the catalog. */
@Command(name = "policies", mixinStandardHelpOptions = true, sortOptions = false,
        versionProvider = LocktableCommand.Version.class,
        header = "List the policy catalog.",
        description = {"Lists every policy locktable models: id, file system, the writes its tables are about, "
                + "status, the kernel or patch it mirrors, its seed document and the live kernels it should match. "
                + "The built-in policies come first, in catalog order, then those of policy jars on the class path "
                + "(see 'locktable --help'), by id.",
            "",
            "--check ID exercises one policy over the small scope (two 4 KiB blocks, 512-byte writes, every flag) and says "
                + "whether it keeps the contract every answer relies on: a direct write it lets proceed submits data for "
                + "its bytes; it never takes the lock while holding it, nor releases one it does not hold; it drains and "
                + "submits holding the lock; it grows i_size in the write path only under the exclusive lock; its decisions "
                + "are deterministic. A user's policy that breaks one is refused whenever the catalog loads (exit 2, one line "
                + "per rule with its smallest witness).",
            "",
            "--json prints a JSON array, one policy object per line, with the fields id, title, fileSystem, path, "
                + "kernel, status, seed, live ({fileSystem, from, until} or null), functions, inferred."})
final class PoliciesCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--json", description = "Print JSON instead of a table.")
    boolean json;

    @Option(names = "--history", description = "List the eras of ext4's and XFS's direct write before the shipped "
            + "policies instead (v2.6.36 on; --policy kernel:VERSION --fs FS picks one; generated-docs/history.md).")
    boolean history;

    @Option(names = "--check", paramLabel = "ID", description = "Check one policy against the contract over the small scope.")
    String check;

    @Override
    public Integer call() throws InvalidInputException {
        PrintWriter out = spec.commandLine().getOut();
        if (check != null) {
            PolicyContract.Report r = PolicyContract.check(PolicyCatalog.get(check));
            if (!r.passed()) {
                PrintWriter err = spec.commandLine().getErr();
                r.breaches().forEach(b -> err.println("locktable: " + b.line()));
                return Main.EXIT_USAGE;
            }
            out.println(r.policy() + " keeps the contract: " + String.format(Locale.ROOT, "%,d", r.cases())
                    + " cases, " + PolicyContract.Rule.values().length + " rules");
            return Main.EXIT_OK;
        }
        List<Policy> all = history ? PolicyCatalog.history() : PolicyCatalog.all();
        if (json) {
            out.println("[");
            for (int i = 0; i < all.size(); i++) {
                out.println(json(all.get(i).info()) + (i + 1 < all.size() ? "," : ""));
            }
            out.println("]");
            return Main.EXIT_OK;
        }
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"ID", "FS", "PATH", "STATUS", "KERNEL", "SEED", "LIVE KERNELS"});
        for (Policy p : all) {
            PolicyInfo i = p.info();
            rows.add(new String[] {i.id(), i.fileSystem().label(), pathLabel(i.path()), i.status().label(), i.kernel(), i.seed(),
                i.live() == null ? "-" : i.live().toString()});
        }
        for (String line : align(rows)) {
            out.println(line);
        }
        return Main.EXIT_OK;
    }

    static String pathLabel(PolicyInfo.WritePath path) {
        return path.name().toLowerCase(Locale.ROOT).replace('_', '+');
    }

    static String json(PolicyInfo i) {
        return Json.write(g -> {
            g.writeStartObject();
            g.writeStringField("id", i.id());
            g.writeStringField("title", i.title());
            g.writeStringField("fileSystem", i.fileSystem().label());
            g.writeStringField("path", i.path().name());
            g.writeStringField("kernel", i.kernel());
            g.writeStringField("status", i.status().name());
            g.writeStringField("seed", i.seed());
            KernelRange live = i.live();
            if (live == null) {
                g.writeNullField("live");
            } else {
                g.writeObjectFieldStart("live");
                g.writeStringField("fileSystem", live.fileSystem().label());
                g.writeStringField("from", live.from().toString());
                g.writeStringField("until", live.until() == null ? null : live.until().toString());
                g.writeEndObject();
            }
            Json.stringArray(g, "functions", i.functions());
            Json.stringArray(g, "inferred", i.inferred());
            g.writeEndObject();
        });
    }

    /** Left-aligned columns two spaces apart, no trailing blanks. */
    static List<String> align(List<String[]> rows) {
        int columns = rows.get(0).length;
        int[] width = new int[columns];
        for (String[] row : rows) {
            for (int c = 0; c < columns; c++) {
                width[c] = Math.max(width[c], row[c].length());
            }
        }
        List<String> out = new ArrayList<>(rows.size());
        for (String[] row : rows) {
            StringBuilder line = new StringBuilder();
            for (int c = 0; c < columns; c++) {
                line.append(row[c]);
                if (c + 1 < columns) {
                    line.append(" ".repeat(width[c] - row[c].length() + 2));
                }
            }
            out.add(line.toString().stripTrailing());
        }
        return out;
    }
}
