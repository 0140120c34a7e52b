package org.locktable.concurrency.history;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.locktable.concurrency.Operation;
import org.locktable.concurrency.Race;
import org.locktable.concurrency.Verdict;
import org.locktable.engine.catalog.PolicyCatalog;
import org.locktable.engine.model.Inode;
import org.locktable.engine.model.InvalidInputException;
import org.locktable.engine.model.Layout;
import org.locktable.engine.policy.KernelVersion;
import org.locktable.engine.policy.Policy;
import org.locktable.engine.policy.PolicyInfo;
import org.locktable.engine.text.MarkdownTable;

/**
 * {@code generated-docs/history.md}: every known race of {@link KnownRaces} run under the era policy of a kernel inside
 * its buggy range and of the kernel that fixed it — UNSAFE with the bytes no serial order explains, then SAFE — or the
 * reason the model misses it; and how many of the races it finds.
 */
public final class HistoryReport {
    private HistoryReport() {
    }

    /** One race's verdicts: under the buggy kernel's policy and, where fixed, the fixing kernel's. */
    public record Row(KnownRace race, Optional<Run> buggy, Optional<Run> fixed) {
        /** The model finds the race: UNSAFE inside the buggy range, SAFE at the fix (or under the candidate fix). */
        public boolean found() {
            return buggy.isPresent() && !buggy.get().verdict().safe()
                    && fixed.map(f -> f.verdict().safe()).orElse(true);
        }
    }

    /** A race run under the policy of {@code kernel}. */
    public record Run(String kernel, Policy policy, Verdict verdict) {
        String cell() {
            return (kernel.equals("fix") ? "candidate " : "kernel:" + kernel + " → ") + policy.id() + ": " + verdict.word()
                    + verdict.counterexample().map(cx -> ", bad " + cx.badRangesText()).orElse("");
        }
    }

    private static String live(String tsv) {
        List<String[]> lines = tsv.lines().filter(l -> !l.isBlank() && !l.startsWith("#")).map(l -> l.split("\t", -1))
                .toList();
        if (lines.isEmpty()) {
            return "";
        }
        StringBuilder b = new StringBuilder("\n## Live: the fixes undone on Debian's 6.12\n\n");
        b.append("Where the fix's rule survives in today's code, a patch against Debian's linux-source-6.12 undoes it "
                + "(`kernel-matrix/patches/linux-6.12/history/`), the kernel is built with `locktable kernel build`, "
                + "and the race's shortest counterexample under the buggy era's policy is replayed in a guest below a "
                + "reordering device (`locktable race history`, results in `generated-docs/data/history-live.tsv`): "
                + "CORRUPTED on the undone fix, INTACT on 6.12 built from the same source without it.\n\n");
        MarkdownTable t = new MarkdownTable().left("race", "fs", "undone by", "kernel", "live", "file after it");
        for (String[] l : lines) {
            t.row(l[0], l[1], "`" + l[2] + "`", l[3], l[4], "`" + l[5] + "`");
        }
        return b.append(t.render()).toString();
    }

    /** Runs every race. */
    public static List<Row> run() {
        List<Row> rows = new ArrayList<>();
        for (KnownRace r : KnownRaces.ALL) {
            if (r.miss().isPresent()) {
                rows.add(new Row(r, Optional.empty(), Optional.empty()));
            } else {
                Optional<Run> fix = r.fixed().map(v -> run(r, v));
                if (fix.isEmpty() && r.candidate().isPresent()) {
                    fix = Optional.of(candidate(r, r.candidate().get()));
                }
                rows.add(new Row(r, Optional.of(run(r, r.buggy())), fix));
            }
        }
        return rows;
    }

    /** {@code race} under the era policy of {@code release}. */
    public static Run run(KnownRace race, String release) {
        try {
            Policy p = PolicyCatalog.forKernel(race.fileSystem(), KernelVersion.parse(release),
                    PolicyInfo.WritePath.DIRECT).orElseThrow(() -> new IllegalStateException(
                            "no " + race.fileSystem() + " policy for " + release));
            return new Run(release, p, Race.explore(p, inode(race), ops(race)));
        } catch (InvalidInputException e) {
            throw new IllegalStateException("known race \"" + race.name() + "\": " + e.getMessage(), e);
        }
    }

    /** {@code race} under the candidate fix {@code id}. */
    static Run candidate(KnownRace race, String id) {
        try {
            Policy p = PolicyCatalog.get(id);
            return new Run("fix", p, Race.explore(p, inode(race), ops(race)));
        } catch (InvalidInputException e) {
            throw new IllegalStateException("known race \"" + race.name() + "\": " + e.getMessage(), e);
        }
    }

    /** The race's file. */
    public static Inode inode(KnownRace race) throws InvalidInputException {
        return Inode.builder(Layout.parse(race.layout())).size(race.size()).build();
    }

    /** The race's operations. */
    public static List<Operation> ops(KnownRace race) throws InvalidInputException {
        List<Operation> ops = new ArrayList<>();
        for (String op : race.ops()) {
            ops.add(Operation.parse(op));
        }
        return ops;
    }

    /** The page, without live results. */
    public static String render(List<Row> rows) {
        return render(rows, "");
    }

    /**
     * The page; {@code liveTsv} is {@code generated-docs/data/history-live.tsv} (written by {@code locktable
     * history-replay}): its rows become the live section.
     */
    public static String render(List<Row> rows, String liveTsv) {
        long listed = rows.stream().filter(r -> r.race().fixed().isPresent() || r.race().miss().isPresent()).count();
        long found = rows.stream().filter(r -> r.race().fixed().isPresent() && r.found()).count();
        long open = rows.stream().filter(r -> r.race().fixed().isEmpty() && r.race().miss().isEmpty()).count();
        long openFound = rows.stream().filter(r -> r.race().fixed().isEmpty() && r.race().miss().isEmpty() && r.found())
                .count();
        StringBuilder b = new StringBuilder();
        b.append("# History: the known direct-I/O races of ext4 and XFS since v2.6.36\n\n");
        b.append("Generated by `bin/locktable docs` from `concurrency/.../history/KnownRaces.java`. Each race fixed by a "
                + "lock, drain, wait, zeroing, completion-order or i_size rule, as its fixing commit and its xfstests "
                + "test describe it, is run by the race oracle under the era policy (`--policy kernel:VERSION --fs FS`, "
                + "`PolicyCatalog.history()`) of a kernel inside its buggy range and of the kernel that fixed it. "
                + "A race is found when the first is UNSAFE and the second SAFE.\n\n");
        b.append("**The model finds ").append(found).append(" of the ").append(listed)
                .append(" fixed races listed**, and ").append(openFound).append(" of the ").append(open)
                .append(" races still open in shipped kernels; every miss says why.\n\n");
        MarkdownTable t = new MarkdownTable().right("#").left("race", "fs", "case", "inside the buggy range", "at the fix",
                "fix", "introduced by", "xfstests", "found");
        int n = 0;
        for (Row r : rows) {
            KnownRace k = r.race();
            n++;
            String kase = k.miss().isPresent() ? "-" : "`" + k.layout() + "` i_size " + k.size() + ": "
                    + String.join(" ∥ ", k.ops());
            t.row(Integer.toString(n), k.name(), k.fileSystem().toString(), kase,
                    r.buggy().map(Run::cell).orElse("-"),
                    r.fixed().map(Run::cell).orElse(k.miss().isPresent() ? "-" : "open"),
                    k.fix(), k.introduced(), k.xfstests(),
                    k.miss().map(why -> "missed: " + why).orElse(r.found() ? "yes" : "NO"));
        }
        b.append(t.render()).append('\n');
        b.append("## What each race does\n\n");
        n = 0;
        for (Row r : rows) {
            n++;
            b.append(n).append(". **").append(r.race().name()).append("** (").append(r.race().fileSystem())
                    .append("): ").append(r.race().failure()).append(".\n");
        }
        b.append(live(liveTsv));
        b.append("\nThe era policies model the lock, drain, wait and partial-block zeroing of each kernel's direct "
                + "write, the order of its completion's i_size update and conversion (`DioEndIo`), XFS's fallocate "
                + "sizing before v5.5 (`InodeOps`) and the locks its reads take (`ReadLocks`); ext4's read paths "
                + "before v4.13 and the other inode operations of old kernels are still missing, which is why the "
                + "misses above are missed.\n");
        return b.toString();
    }
}
