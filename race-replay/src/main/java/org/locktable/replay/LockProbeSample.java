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
import org.locktable.engine.table.CoveringSample;
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
        List<Target> out = new ArrayList<>();
        for (CoveringSample.Row row : CoveringSample.of(policy, CaseSpace.standard(policy.info().path()),
                probeable(policy))) {
            Outcome o = Outcome.fromCode(row.rule().outcome());
            Case c = row.chosen();
            if (c == null) {
                out.add(new Target(policy.id(), row.number(), row.conditions(), o, null, null, why(row.rule(), o)));
            } else {
                WriteRequest q = c.request();
                out.add(new Target(policy.id(), row.number(), row.conditions(), o, c.inode(),
                        Operation.aio(q.offset(), q.length()), ""));
            }
        }
        return out;
    }

    /** An async write without NOWAIT on a layout the device builds, result OK; better with another written block. */
    private static CoveringSample.Criteria probeable(Policy policy) {
        return new CoveringSample.Criteria() {
            @Override
            public boolean candidate(Case c) {
                return c.request().async() && !c.request().nowait() && buildable(c.inode());
            }

            @Override
            public boolean accepts(Case c) {
                return policy.decide(c.inode(), c.request(), Detail.LOCK).result() == Result.OK;
            }

            @Override
            public boolean preferred(Case c) {
                return otherWrittenBlock(c.inode(), c.request().offset(), c.request().end()).isPresent();
            }
        };
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
