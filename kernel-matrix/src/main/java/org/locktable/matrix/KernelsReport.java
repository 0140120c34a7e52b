package org.locktable.matrix;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import org.locktable.conformance.FsResult;
import org.locktable.conformance.PassResult;
import org.locktable.conformance.ReportWriter;
import org.locktable.conformance.ScenarioLine;
import org.locktable.engine.catalog.PolicyCatalog;
import org.locktable.engine.policy.Policy;

/**
 * {@code generated-docs/kernels.md} and its parts: per kernel a {@code kernels/SLUG.tsv} (the matrix rows, with
 * the measured times), {@code kernels/SLUG.md} (the observed tables and their match) and
 * {@code kernels/SLUG-conformance.md} (the conformance report of that kernel). Kernels are run one at a time;
 * {@code kernels.md} is assembled from every {@code .tsv} present, so a run of one kernel keeps the others.
 */
public final class KernelsReport {
    static final String COMMAND = "bin/locktable kernel matrix --kernel debian:5.10 --kernel debian:6.1 --kernel debian:6.12";
    /** Rows of a policy's departure listed per observed table. */
    static final int MAX_DIFF_ROWS = 12;

    private KernelsReport() {
    }

    /** Writes {@code run}'s parts under {@code docs/kernels/}, then reassembles {@code docs/kernels.md}. */
    public static Path write(KernelRun run, Path docs) throws IOException {
        Path dir = docs.resolve("kernels");
        Files.createDirectories(dir);
        Files.writeString(dir.resolve(run.slug() + ".tsv"), tsv(run), StandardCharsets.UTF_8);
        Files.writeString(dir.resolve(run.slug() + ".md"), observedMarkdown(run), StandardCharsets.UTF_8);
        Files.writeString(dir.resolve(run.slug() + "-conformance.md"), ReportWriter.markdown(run.report()),
                StandardCharsets.UTF_8);
        Path out = docs.resolve("kernels.md");
        Files.writeString(out, assemble(dir), StandardCharsets.UTF_8);
        return out;
    }

    static String tsv(KernelRun run) {
        StringBuilder s = new StringBuilder();
        s.append(String.join("\t", "kernel", run.spec().toString(), run.release(), fmt(run.bootSeconds()),
                fmt(run.wallSeconds()), run.mkfs(), "" + run.guests())).append('\n');
        for (PassResult p : run.report().passes()) {
            if (p.skipped() != null) {
                s.append(String.join("\t", "skipped", p.pass().id(), p.skipped().replace('\t', ' '))).append('\n');
            }
            for (FsResult f : p.results()) {
                double secs = f.nanos() / 1e9;
                s.append(String.join("\t", "pass", p.pass().id(), f.spec().label(), f.policy(), "" + f.cases(),
                        "" + f.realised(), "" + f.agreed(), "" + f.disagreed(), "" + f.notRealisableCases(),
                        "" + f.probes(), fmt(secs), secs > 0 ? String.format(Locale.ROOT, "%.0f", f.probes() / secs) : "0"))
                        .append('\n');
            }
        }
        for (KernelRun.Observed o : run.observed()) {
            List<String> m = o.table().match();
            s.append(String.join("\t", "observed", o.pass(), o.fs(), "" + o.table().rows().size(),
                    "" + o.table().conflicts().size(), m.isEmpty() ? "none" : String.join(", ", m))).append('\n');
        }
        long agree = 0;
        long disagree = 0;
        for (ScenarioLine l : run.report().scenarios()) {
            agree += l.verdict() == ScenarioLine.Verdict.AGREE ? 1 : 0;
            disagree += l.verdict() == ScenarioLine.Verdict.DISAGREE ? 1 : 0;
        }
        s.append(String.join("\t", "scenarios", "" + run.report().scenarios().size(), "" + agree, "" + disagree))
                .append('\n');
        return s.toString();
    }

    /** The observed tables of one kernel, each with the policies it matches, or the closest and where it departs. */
    static String observedMarkdown(KernelRun run) {
        StringBuilder s = new StringBuilder("# Observed decision tables: " + run.spec() + " (" + run.release() + ")\n\n");
        s.append("Each table is the kernel's own: its RWF_NOWAIT answers over the pass's cases, grouped by the "
                + "engine's condition columns and minimised as the engine's tables are. Written by `" + COMMAND
                + "`.\n");
        for (KernelRun.Observed o : run.observed()) {
            ObservedTable t = o.table();
            s.append("\n## ").append(o.fs()).append(", pass ").append(o.pass()).append("\n\n");
            s.append(t.probed()).append(" cases probed, ").append(t.rows().size()).append(" rules");
            if (!t.conflicts().isEmpty()) {
                s.append("; ").append(t.conflicts().size()).append(" condition tuples got two answers (the columns "
                        + "fall short), first: `").append(t.conflicts().get(0).text()).append('`');
            }
            s.append(".\n\n");
            List<String> m = t.match();
            if (!m.isEmpty()) {
                s.append("Matches exactly: ").append(String.join(", ", m.stream().map(x -> "`" + x + "`").toList()))
                        .append(".\n\n");
            } else {
                s.append("No catalog policy matches exactly. Departures per policy (condition tuple, kernel, policy, "
                        + "cases, first case):\n\n");
                for (Policy p : t.candidates()) {
                    appendDiff(s, p, t.diff(p));
                }
            }
            s.append(t.toMarkdown());
        }
        return s.toString();
    }

    /** A policy's departures from an observed table, as Markdown (at most {@link #MAX_DIFF_ROWS} rows). */
    public static void appendDiff(StringBuilder s, Policy p, List<ObservedTable.Difference> d) {
        long cases = d.stream().mapToLong(ObservedTable.Difference::cases).sum();
        s.append("- `").append(p.id()).append("`: ").append(cases).append(" cases in ").append(d.size())
                .append(" tuples\n");
        for (int i = 0; i < Math.min(MAX_DIFF_ROWS, d.size()); i++) {
            ObservedTable.Difference x = d.get(i);
            s.append("  - ").append(x.conditions()).append(": kernel ").append(x.kernel()).append(", policy ")
                    .append(x.policy()).append(", ").append(x.cases()).append(" cases, e.g. `")
                    .append(x.witness().text()).append("`\n");
        }
        if (d.size() > MAX_DIFF_ROWS) {
            s.append("  - ... ").append(d.size() - MAX_DIFF_ROWS).append(" more tuples\n");
        }
        s.append('\n');
    }

    /** {@code kernels.md} from every kernel's {@code .tsv} in {@code dir}, in the Debian series' order. */
    static String assemble(Path dir) throws IOException {
        List<Path> files = tsvFiles(dir);
        StringBuilder matrix = new StringBuilder("| kernel | release | file system | pass | policy graded | cases | "
                + "realised | agreed | disagreed | not realisable | probes/s |\n|---|---|---|---|---|---|---|---|---|---|---|\n");
        StringBuilder observed = new StringBuilder("| kernel | pass | file system | rules | tuples with two answers | "
                + "matches exactly |\n|---|---|---|---|---|---|\n");
        StringBuilder kernels = new StringBuilder("| kernel | release | guests | boot | whole run | mkfs options | "
                + "scenario replay | details |\n|---|---|---|---|---|---|---|---|\n");
        for (Path f : files) {
            String slug = f.getFileName().toString().replaceFirst("\\.tsv$", "");
            String name = slug;
            String release = "?";
            String kernelLine = null;
            String scen = "not run";
            for (String line : Files.readAllLines(f, StandardCharsets.UTF_8)) {
                String[] c = line.split("\t", -1);
                switch (c[0]) {
                    case "kernel" -> {
                        name = c[1];
                        release = c[2];
                        kernelLine = "| " + c[1] + " | " + c[2] + " | " + (c.length > 6 ? c[6] : "1") + " | " + c[3]
                                + " s | " + c[4] + " s | " + c[5];
                    }
                    case "pass" -> matrix.append("| ").append(name).append(" | ").append(release).append(" | ")
                            .append(c[2]).append(" | ").append(c[1]).append(" | `").append(c[3]).append("` | ")
                            .append(String.join(" | ", c[4], c[5], c[6], c[7], c[8], c[11])).append(" |\n");
                    case "skipped" -> matrix.append("| ").append(name).append(" | ").append(release)
                            .append(" | — | ").append(c[1]).append(" | not run: ").append(c[2])
                            .append(" | | | | | | |\n");
                    case "observed" -> observed.append("| ").append(name).append(" | ").append(c[1]).append(" | ")
                            .append(c[2]).append(" | ").append(c[3]).append(" | ").append(c[4]).append(" | ")
                            .append(c[5].equals("none") ? "none" : "`" + c[5].replace(", ", "`, `") + "`").append(" |\n");
                    case "scenarios" -> scen = c[1].equals("0") ? "not run"
                            : c[1] + " lines, " + c[2] + " agree, " + c[3] + " disagree";
                    default -> { }
                }
            }
            if (kernelLine != null) {
                kernels.append(kernelLine).append(" | ").append(scen).append(" | [observed](kernels/").append(slug)
                        .append(".md), [conformance](kernels/").append(slug).append("-conformance.md) |\n");
            }
        }
        StringBuilder catalog = new StringBuilder();
        for (Policy p : PolicyCatalog.all()) {
            if (p.info().live() != null) {
                catalog.append("`").append(p.id()).append("` ").append(p.info().live()).append("; ");
            }
        }
        return "# Kernels under QEMU\n\n"
                + "Debian's generic kernels booted under QEMU (TCG, one vCPU, `-icount shift=0,sleep=off`; by default "
                + "twice, ext4 probed in one guest and XFS in the other, on a machine with two CPUs), each graded "
                + "with the same exhaustive passes and helper as the running kernel (`conformance.md`): the file systems "
                + "are made in the guest (a sparse image on its tmpfs, this machine's mkfs, a loop device), the helper "
                + "runs there on a serial port, and the host builds, verifies, probes and grades through it against the "
                + "policy the catalog assigns to the guest's version (" + catalog.toString().replaceFirst("; $", "")
                + "). Refreshed, one kernel at a time, by\n\n```sh\n" + COMMAND + "\n```\n\n"
                + "(`--quick` for layouts of 1..2 blocks; `--pass 4k` for one pass; `--guests 1` for one guest). Times "
                + "are this machine's, under "
                + "TCG: they vary with its load, the counts do not. A kernel named `vmlinuz-RELEASE` was built by "
                + "`locktable kernel build` (RELEASE ends in `-lt-` and the first digits of the build's key; "
                + "`kernel-matrix/README.md` says which patches each has) and is graded under the policy its patches "
                + "model (`kernels --kernel PATH --policy ID`).\n\n"
                + "## Kernels\n\n" + kernels + "\n## Matrix\n\n" + matrix
                + "\n## Observed tables\n\nThe kernel's answers minimised into its own table, and the catalog policies "
                + "that predict every one of them (a policy's departures are in the kernel's observed page; `locktable "
                + "observe --kernel SPEC --diff POLICY` prints them).\n\n" + observed
                + races(dir.resolveSibling("data").resolve("race-replay-kernels"));
    }

    /**
     * The race replays run in guests ({@code race-replay-all --kernel SPEC --out data/race-replay-kernels/SLUG.tsv}):
     * per kernel, the policies graded and how many rows were CORRUPTED, INTACT and agreed; empty without the files.
     */
    static String races(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return "";
        }
        List<Path> files = tsvFiles(dir);
        if (files.isEmpty()) {
            return "";
        }
        StringBuilder s = new StringBuilder("\n## Race replays\n\nThe races of `race replay` (R4 with libaio and "
                + "io_uring, R4 buffered, R4's control, every minimal UNSAFE class of `ext4-base`, on ext4 and on XFS "
                + "with ext4-base's holds, and SAFE samples) replayed inside the kernel, below a reordering FUSE device "
                + "made in the guest, each row graded under the policies named (`kernel-matrix/README.md`, \"Races in "
                + "a guest\"). Refreshed by `locktable race replay --kernel SPEC --out "
                + "generated-docs/data/race-replay-kernels/SLUG.tsv`.\n\n"
                + "| kernel | graded under | rows | CORRUPTED | INTACT | MIXED | agree |\n|---|---|---:|---:|---:|---:|---:|\n");
        for (Path f : files) {
            Set<String> policies = new LinkedHashSet<>();
            int rows = 0;
            int corrupted = 0;
            int intact = 0;
            int mixed = 0;
            int agree = 0;
            for (String line : Files.readAllLines(f, StandardCharsets.UTF_8)) {
                String[] c = line.split("\t", -1);
                if (c.length < 11 || c[0].equals("policy")) {
                    continue;
                }
                rows++;
                policies.add("`" + c[0] + "`");
                corrupted += c[6].equals("CORRUPTED") ? 1 : 0;
                intact += c[6].equals("INTACT") ? 1 : 0;
                mixed += c[6].equals("MIXED") ? 1 : 0;
                agree += c[10].equals("yes") ? 1 : 0;
            }
            s.append("| ").append(f.getFileName().toString().replaceFirst("\\.tsv$", "")).append(" | ")
                    .append(String.join(", ", policies)).append(" | ").append(rows).append(" | ").append(corrupted)
                    .append(" | ").append(intact).append(" | ").append(mixed).append(" | ").append(agree)
                    .append(" |\n");
        }
        return s.toString();
    }

    /** The {@code .tsv} files of {@code dir}, Debian's series first and in their order, then by name. */
    private static List<Path> tsvFiles(Path dir) throws IOException {
        List<Path> files = new ArrayList<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir, "*.tsv")) {
            ds.forEach(files::add);
        }
        files.sort((a, b) -> order(a).compareTo(order(b)));
        return files;
    }

    private static String order(Path tsv) {
        String n = tsv.getFileName().toString();
        int i = List.of("debian-5.10.tsv", "debian-6.1.tsv", "debian-6.12.tsv").indexOf(n);
        return (i < 0 ? "9" + n : "" + i);
    }

    private static String fmt(double secs) {
        return String.format(Locale.ROOT, "%.1f", secs);
    }
}
