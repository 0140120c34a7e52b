package org.locktable.xfstests;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.locktable.engine.model.BlockState;
import org.locktable.engine.model.Inode;
import org.locktable.engine.model.Layout;
import org.locktable.engine.policy.Policy;
import org.locktable.engine.policy.PolicyInfo.WritePath;
import org.locktable.engine.space.Case;
import org.locktable.engine.space.CaseSpace;
import org.locktable.engine.table.Column;
import org.locktable.engine.table.CoveringSample;
import org.locktable.engine.table.Rule;

/**
 * A covering sample of the conformance probes, as {@code race-probe} samples its lock probes: for every condition row
 * of each live direct-write policy's minimised decision table over the standard 4-block space, the first case of the
 * row (in the space's order) that a NOWAIT probe with xfs_io can run — a synchronous NOWAIT write, a layout built with
 * no record boundary between like blocks, no written block at or past EOF, and an allocated block for XFS's timestamp
 * prime. A row without one (rows of writes without NOWAIT or of AIO writes only) is skipped with the reason.
 */
public final class SampleCases {
    /** Cases and skips, policy by policy (sorted by id), rows in the table's order. */
    public record Selection(List<ExportCase> cases, List<Skipped> skipped) {
    }

    private SampleCases() {
    }

    public static Selection of() {
        List<ExportCase> cases = new ArrayList<>();
        List<Skipped> skipped = new ArrayList<>();
        for (Policy p : LivePolicies.direct()) {
            covering(p, cases, skipped);
        }
        return new Selection(cases, skipped);
    }

    private static void covering(Policy policy, List<ExportCase> cases, List<Skipped> skipped) {
        Set<String> both = Set.of("ext4", "xfs");
        for (CoveringSample.Row row : CoveringSample.of(policy, CaseSpace.standard(WritePath.DIRECT),
                c -> c.request().nowait() && !c.request().async() && buildable(c.inode()))) {
            String what = policy.id() + " table row " + row.number() + " (" + row.conditions() + ")";
            Case c = row.chosen();
            if (c == null) {
                skipped.add(new Skipped(what, why(row.rule())));
                continue;
            }
            cases.add(new ExportCase(what, List.of(what), c.inode(), c.request(), both,
                    ScenarioCases.expected(c.inode(), c.request(), both)));
        }
    }

    /**
     * A file the xfs_io build makes as the engine sees it: no record boundary between like blocks (a spacer file is
     * not guaranteed to land), no written block at or past {@code i_size} (the size is set with truncate, which
     * frees it), and an allocated block (XFS's timestamp prime fallocates over one).
     */
    static boolean buildable(Inode inode) {
        Layout l = inode.layout();
        boolean allocated = false;
        for (long b = 0; b < l.blocks(); b++) {
            BlockState s = l.stateAt(b);
            if (s == BlockState.DELALLOC) {
                return false;
            }
            allocated |= s.allocated();
            if (s == BlockState.WRITTEN && b * inode.blockSize() >= inode.size()) {
                return false;
            }
            if (b > 0 && s.allocated() && s == l.stateAt(b - 1) && l.recordIndexAt(b) != l.recordIndexAt(b - 1)) {
                return false;
            }
        }
        return allocated;
    }

    private static String why(Rule rule) {
        if ((rule.masks()[Column.NOWAIT.ordinal()] & 2) == 0) {
            return "writes without RWF_NOWAIT only: a NOWAIT probe cannot see the lock they take";
        }
        if ((rule.masks()[Column.IO.ordinal()] & 1) == 0) {
            return "AIO writes only: xfs_io's probe is a synchronous pwritev2";
        }
        return "no case of the row on a layout the xfs_io build makes as the engine sees it (record boundaries "
                + "between like blocks, written blocks past EOF, or no allocated block)";
    }
}
