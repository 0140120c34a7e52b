package org.locktable.replay;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.locktable.concurrency.Operation;
import org.locktable.engine.decision.Detail;
import org.locktable.engine.decision.Result;
import org.locktable.engine.model.BlockState;
import org.locktable.engine.model.InvalidInputException;
import org.locktable.engine.model.Inode;
import org.locktable.engine.model.Layout;
import org.locktable.engine.model.WriteRequest;
import org.locktable.engine.policy.Policy;
import org.locktable.engine.space.Case;
import org.locktable.engine.space.CaseSpace;
import org.locktable.engine.table.Column;
import org.locktable.engine.table.Conditions;
import org.locktable.engine.table.DecisionTable;
import org.locktable.engine.table.Outcome;
import org.locktable.engine.table.Rule;

/**
 * The covering sample {@link LockProbe} grades: for every condition row of a policy's minimised decision table over
 * the standard 4-block space, the smallest case of the row the probe can run (an async direct write without NOWAIT,
 * result OK, a layout the device builds as it is), preferring one with another written
 * block inside i_size that the write leaves alone (drain and finalLock need it); a row without one says why.
 */
public final class LockProbeSample {
    /** One row of the table: its number (1-based, the table's order), conditions, outcome, the case or why none. */
    public record Target(String policy, int row, String conditions, Outcome outcome, Inode inode, Operation write,
            String why) {
        public boolean probed() {
            return why.isEmpty();
        }
    }

    private LockProbeSample() {
    }

    /** Every row of {@code policy}'s table, in the table's order. */
    public static List<Target> covering(Policy policy) {
        CaseSpace space = CaseSpace.standard(policy.info().path());
        List<Rule> rules = DecisionTable.build(policy, space).rules();
        Case[] best = new Case[rules.size()];
        Case[] any = new Case[rules.size()];
        space.forEach(c -> {
            if (!c.request().async() || c.request().nowait() || !buildable(c.inode())) {
                return;
            }
            int[] values = Conditions.decode(Conditions.of(c.inode(), c.request()));
            boolean other = otherWrittenBlock(c.inode(), c.request().offset(), c.request().end()).isPresent();
            Boolean ok = null;
            for (int r = 0; r < rules.size(); r++) {
                if (best[r] == null && (other || any[r] == null) && rules.get(r).matches(values)) {
                    if (ok == null) {
                        ok = policy.decide(c.inode(), c.request(), Detail.LOCK).result() == Result.OK;
                    }
                    if (ok && any[r] == null) {
                        any[r] = c;
                    }
                    if (ok && other && best[r] == null) {
                        best[r] = c;
                    }
                }
            }
        });
        List<Target> out = new ArrayList<>();
        for (int r = 0; r < rules.size(); r++) {
            Rule rule = rules.get(r);
            Outcome o = Outcome.fromCode(rule.outcome());
            Case c = best[r] != null ? best[r] : any[r];
            String cond = conditions(rule);
            if (c == null) {
                out.add(new Target(policy.id(), r + 1, cond, o, null, null, why(rule, o)));
            } else {
                WriteRequest q = c.request();
                out.add(new Target(policy.id(), r + 1, cond, o, c.inode(), Operation.aio(q.offset(), q.length()), ""));
            }
        }
        return out;
    }

    /** The row's constrained columns, {@code column=values}; the don't-cares left out. */
    static String conditions(Rule rule) {
        List<String> cells = rule.cells();
        List<String> out = new ArrayList<>();
        for (int i = 0; i < cells.size(); i++) {
            if (!cells.get(i).equals("—")) {
                out.add(Column.values()[i].header() + "=" + cells.get(i));
            }
        }
        return out.isEmpty() ? "any" : String.join("; ", out);
    }

    private static String why(Rule rule, Outcome o) {
        int io = Column.IO.ordinal();
        int nowait = Column.NOWAIT.ordinal();
        if ((rule.masks()[nowait] & 1) == 0) {
            return "NOWAIT writes only: they do not wait; the NOWAIT pass grades them";
        }
        if ((rule.masks()[io] & 2) == 0) {
            return "sync writes only: the probe's write is an AIO write";
        }
        if (o.result() != Result.OK) {
            return "refused (" + o.result() + "): no write to wait for";
        }
        return "no case of the row on a layout the device builds (record boundaries between like blocks, "
                + "written blocks past EOF, or no allocated block for the S_NOSEC prime)";
    }

    /**
     * A layout the device builds as the engine sees it: no boundary between like blocks, no written block past EOF,
     * and an allocated block when the inode has S_NOSEC (the prime needs one).
     */
    static boolean buildable(Inode inode) {
        Layout l = inode.layout();
        StringBuilder letters = new StringBuilder();
        boolean allocated = false;
        for (long b = 0; b < l.blocks(); b++) {
            BlockState s = l.stateAt(b);
            allocated |= s != BlockState.HOLE;
            letters.append(b == 0 ? "" : " ").append(s == BlockState.WRITTEN ? 'W' : s == BlockState.UNWRITTEN ? 'U'
                    : s == BlockState.HOLE ? 'H' : '?');
        }
        if (!allocated && inode.nosec() || letters.indexOf("?") >= 0
                || ReplayCases.writtenPastEof(letters.toString(), inode.size(), inode.blockSize())) {
            return false;
        }
        try {
            return Layout.parse(letters.toString()).equals(l);
        } catch (InvalidInputException e) {
            return false;
        }
    }

    /** A written block wholly inside i_size that {@code [offset, end)} does not touch: where the probe's B overwrites. */
    static Optional<Long> otherWrittenBlock(Inode inode, long offset, long end) {
        long bs = inode.blockSize();
        for (long b = 0; b < inode.layout().blocks(); b++) {
            boolean touched = b * bs < end && offset < (b + 1) * bs;
            if (inode.layout().stateAt(b) == BlockState.WRITTEN && (b + 1) * bs <= inode.size() && !touched) {
                return Optional.of(b);
            }
        }
        return Optional.empty();
    }
}
