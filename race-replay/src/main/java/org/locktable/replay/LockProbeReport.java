package org.locktable.replay;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The report section of the covering probe ({@link LockProbeSample}), Markdown for {@code conformance.md} beside the
 * NOWAIT pass: per policy and field the counts, per row of the decision table its case and grades, the rows no case
 * could be probed for and why, then every disagreement. No timings: only what the engine said and the kernel did.
 */
public final class LockProbeReport {
    private LockProbeReport() {
    }

    /** {@code results} holds the result of every probed target, in the same order as the probed ones of {@code targets}. */
    public static String markdown(List<LockProbeSample.Target> targets, List<LockProbe.Result> results, String kernel) {
        StringBuilder b = new StringBuilder("## Lock, drain and FORCE_WAIT observed live\n\n");
        b.append("Beside the NOWAIT pass: on ").append(kernel).append(", below the reordering device (`race-replay`), an "
                + "async direct write W is graded by what waits while the device holds a write back — `forceWait`: W's "
                + "own writes held, `io_submit` returns only when they are let go; `drain`: an earlier aligned AIO "
                + "overwrite of another written block queued with its write held, W waits for it; `finalLock`: a sync "
                + "aligned overwrite of another written block holds the lock shared while its write is held, W waits "
                + "iff it locks exclusively (not graded when W drains, which waits too). One case per condition row of "
                + "the policy's decision table (`tables/`, the 4-block space): the row's smallest case the probe can run "
                + "(async, no NOWAIT, result OK, a layout the device builds), one with another written block inside "
                + "i_size when the row has one; S_NOSEC is primed when the case has IS_NOSEC, else the freshly mounted "
                + "inode lacks it and only forceWait is graded (`locktable race probe`).\n\n");
        b.append("| policy | field | agree | disagree | not graded |\n|---|---|---|---|---|\n");
        Map<String, int[]> counts = new TreeMap<>();
        List<String> disagreements = new ArrayList<>();
        List<String> rows = new ArrayList<>();
        List<String> unprobed = new ArrayList<>();
        int k = 0;
        for (LockProbeSample.Target t : targets) {
            if (!t.probed()) {
                unprobed.add("| `" + t.policy() + "` | " + t.row() + " | " + t.conditions() + " | " + t.outcome() + " | "
                        + t.why() + " |");
                continue;
            }
            LockProbe.Result r = results.get(k++);
            StringBuilder row = new StringBuilder("| `" + t.policy() + "` | " + t.row() + " | " + t.conditions() + " | `"
                    + r.describe() + "` |");
            for (LockProbe.Grade g : r.grades()) {
                int[] c = counts.computeIfAbsent(r.policy() + "\t" + g.field(), x -> new int[3]);
                c[!g.graded() ? 2 : g.agrees() ? 0 : 1]++;
                row.append(' ').append(cell(g)).append(" |");
                if (g.graded() && !g.agrees()) {
                    disagreements.add("| `" + r.policy() + "` | " + t.row() + " | `" + r.describe() + "` | " + g.field()
                            + " | " + g.engine() + " | " + g.live() + " |");
                }
            }
            rows.add(row.toString());
        }
        counts.forEach((key, c) -> b.append("| `").append(key.replace("\t", "` | ")).append(" | ").append(c[0])
                .append(" | ").append(c[1]).append(" | ").append(c[2]).append(" |\n"));
        if (disagreements.isEmpty()) {
            b.append("\nNo disagreement.\n");
        } else {
            b.append("\n| policy | row | case | field | engine | kernel |\n|---|---|---|---|---|---|\n");
            disagreements.forEach(d -> b.append(d).append('\n'));
        }
        b.append("\nPer row (engine = kernel, or the engine's value and why it was not graded):\n\n");
        b.append("| policy | row | conditions | case | forceWait | drain | finalLock |\n|---|---|---|---|---|---|---|\n");
        rows.forEach(r -> b.append(r).append('\n'));
        if (!unprobed.isEmpty()) {
            b.append("\nRows no case could be probed for:\n\n| policy | row | conditions | outcome | why |\n|---|---|---|---|---|\n");
            unprobed.forEach(r -> b.append(r).append('\n'));
        }
        return b.toString();
    }

    private static String cell(LockProbe.Grade g) {
        if (!g.graded()) {
            return g.engine() + " (not graded: " + g.note() + ")";
        }
        return g.agrees() ? g.engine() + " = " + g.live() : "**" + g.engine() + " ≠ " + g.live() + "**";
    }
}
