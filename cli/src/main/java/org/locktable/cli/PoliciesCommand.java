package org.locktable.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import org.locktable.engine.policy.KernelRange;
import org.locktable.engine.policy.Policy;
import org.locktable.engine.catalog.PolicyCatalog;
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
            "--json prints a JSON array, one policy object per line, with the fields id, title, fileSystem, path, "
                + "kernel, status, seed, live ({fileSystem, from, until} or null), functions, inferred."})
final class PoliciesCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--json", description = "Print JSON instead of a table.")
    boolean json;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        List<Policy> all = PolicyCatalog.all();
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
