package org.locktable.replay;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;

import org.locktable.concurrency.Operation;
import org.locktable.engine.decision.Detail;
import org.locktable.engine.decision.Result;
import org.locktable.engine.model.InvalidInputException;
import org.locktable.engine.model.Inode;
import org.locktable.engine.model.Layout;
import org.locktable.engine.policy.Policy;

/**
 * The sample {@link LockProbe} grades (seeded, from the 4-block space: H/U/W layouts, written blocks twice as likely,
 * four sizes, async direct writes the policy lets go ahead, half of them inside i_size) and its report section, Markdown for {@code conformance.md} beside the NOWAIT pass.
 */
public final class LockProbeReport {
    private static final int BS = 4096;

    private LockProbeReport() {
    }

    /** {@code count} cases for {@code policy} drawn with {@code seed}: layout, i_size, the write. */
    public static List<Object[]> sample(Policy policy, long seed, int count) {
        Random random = new Random(seed);
        List<Object[]> out = new ArrayList<>();
        String states = "HUWW"; // written blocks twice as likely: the drain and lock probes need one the write leaves alone
        for (int tries = 0; out.size() < count && tries < 100 * count; tries++) {
            StringBuilder layout = new StringBuilder();
            for (int b = 0; b < 4; b++) {
                layout.append(b == 0 ? "" : " ").append(states.charAt(random.nextInt(states.length())));
            }
            long size = new long[] {4 * BS, 3 * BS + BS / 2, 3 * BS, 2 * BS + 512}[random.nextInt(4)];
            // half of the writes inside i_size: overwrites are where shared locks and queued completions are
            int sectors = random.nextBoolean() ? (int) (size / 512) : 32;
            int off = random.nextInt(sectors);
            Operation w = Operation.aio(off * 512L, (1 + random.nextInt(sectors - off)) * 512L);
            if (ReplayCases.writtenPastEof(layout.toString(), size, BS)) {
                continue; // no file has it: truncate frees written blocks past EOF
            }
            try {
                Inode inode = Inode.builder(Layout.parse(layout.toString())).size(size).build();
                if (policy.decide(inode, w.request(), Detail.LOCK).result() == Result.OK) {
                    out.add(new Object[] {inode, w});
                }
            } catch (InvalidInputException e) {
                throw new IllegalStateException(e);
            }
        }
        return out;
    }

    /** The section: per policy and field, how many cases agree, disagree, could not be graded; then every disagreement. */
    public static String markdown(List<LockProbe.Result> results, long seed, String kernel) {
        StringBuilder b = new StringBuilder("## Lock, drain and FORCE_WAIT observed live\n\n");
        b.append("Beside the NOWAIT pass: on ").append(kernel).append(", below the reordering device (`race-replay`), an "
                + "async direct write W is graded by what waits while the device holds a write back — `forceWait`: W's "
                + "own writes held, `io_submit` returns only when they are let go; `drain`: an earlier aligned AIO "
                + "overwrite of another written block queued with its write held, W waits for it; `finalLock`: a sync "
                + "aligned overwrite of another written block holds the lock shared while its write is held, W waits "
                + "iff it locks exclusively (not graded when W drains, which waits too). A seeded sample of the 4-block "
                + "space (seed ").append(seed).append(", `locktable race-probe`).\n\n");
        b.append("| policy | field | agree | disagree | not graded |\n|---|---|---|---|---|\n");
        TreeMap<String, int[]> counts = new TreeMap<>();
        List<String> disagreements = new ArrayList<>();
        for (LockProbe.Result r : results) {
            for (LockProbe.Grade g : r.grades()) {
                int[] c = counts.computeIfAbsent(r.policy() + "\t" + g.field(), k -> new int[3]);
                c[!g.graded() ? 2 : g.agrees() ? 0 : 1]++;
                if (g.graded() && !g.agrees()) {
                    disagreements.add("| `" + r.policy() + "` | `" + r.describe() + "` | " + g.field() + " | " + g.engine()
                            + " | " + g.live() + " |");
                }
            }
        }
        counts.forEach((k, c) -> b.append("| `").append(k.replace("\t", "` | ")).append(" | ").append(c[0]).append(" | ")
                .append(c[1]).append(" | ").append(c[2]).append(" |\n"));
        if (disagreements.isEmpty()) {
            b.append("\nNo disagreement.\n");
        } else {
            b.append("\n| policy | case | field | engine | kernel |\n|---|---|---|---|---|\n");
            disagreements.forEach(d -> b.append(d).append('\n'));
        }
        return b.toString();
    }
}
