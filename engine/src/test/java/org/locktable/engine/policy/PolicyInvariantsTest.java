package org.locktable.engine.policy;

import static org.junit.jupiter.api.Assertions.fail;

import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.locktable.engine.catalog.PolicyCatalog;
import org.locktable.engine.decision.Decision;
import org.locktable.engine.decision.Detail;
import org.locktable.engine.decision.Lock;
import org.locktable.engine.decision.Result;
import org.locktable.engine.model.BlockState;
import org.locktable.engine.model.Inode;
import org.locktable.engine.model.InvalidInputException;
import org.locktable.engine.model.Layout;
import org.locktable.engine.model.WriteRequest;
import org.locktable.engine.policy.PolicyInfo.WritePath;
import org.locktable.engine.space.Case;
import org.locktable.engine.space.CaseSpace;

/**
 * Properties over the exhaustive 4-block space, checked case by case in the space's order (smallest first),
 * so the first counterexample reported is a minimal one. The closed forms come from the specification's
 * quick-reference table (§5.12), written here independently of the policies' state machines.
 */
class PolicyInvariantsTest {
    private static final CaseSpace DIRECT = CaseSpace.standard(WritePath.DIRECT);

    private static Policy p(String id) {
        return PolicyCatalog.find(id).orElseThrow();
    }

    interface Property {
        /** Null when the case satisfies the property, else what went wrong. */
        String check(Case c) throws InvalidInputException;
    }

    private static void forAll(CaseSpace space, String property, Property prop) {
        AtomicReference<String> first = new AtomicReference<>();
        try {
            space.forEach(c -> {
                if (first.get() != null) {
                    return;
                }
                String problem;
                try {
                    problem = prop.check(c);
                } catch (InvalidInputException e) {
                    problem = "invalid derived input: " + e.getMessage();
                }
                if (problem != null) {
                    first.set("case " + c.index() + ": " + c + "\n  " + problem);
                    throw new StopScan();
                }
            });
        } catch (StopScan stop) {
            // the first counterexample is kept
        }
        if (first.get() != null) {
            fail(property + " fails; first (minimal) counterexample:\n" + first.get());
        }
    }

    private static final class StopScan extends RuntimeException {
        private static final long serialVersionUID = 1L;

        StopScan() {
            super(null, null, false, false);
        }
    }

    private static Decision lock(Policy policy, Case c) {
        return policy.decide(c.inode(), c.request(), Detail.LOCK);
    }

    /** a serialises more than b: it fails with -EAGAIN where b goes ahead, or holds more (lock, drain, wait). */
    static boolean stricter(Decision a, Decision b) {
        boolean aRefused = a.result() == Result.EAGAIN;
        boolean bRefused = b.result() == Result.EAGAIN;
        if (aRefused || bRefused) {
            return aRefused && !bRefused;
        }
        return a.finalLock().compareTo(b.finalLock()) > 0 || (a.drain() && !b.drain()) || (a.forceWait() && !b.forceWait());
    }

    private static String notStricter(Policy relaxed, Policy base, Case c) {
        Decision r = lock(relaxed, c);
        Decision b = lock(base, c);
        return stricter(r, b) ? relaxed.id() + " " + summary(r) + " is stricter than " + base.id() + " " + summary(b) : null;
    }

    static String summary(Decision d) {
        return d.result() + " " + d.finalLock() + (d.drain() ? " drain" : "") + (d.forceWait() ? " force-wait" : "")
                + " nowait=" + d.nowait();
    }

    @Test
    @DisplayName("ext4-patch1 is never stricter than ext4-base")
    void patch1NeverStricterThanBase() {
        forAll(DIRECT, "ext4-patch1 <= ext4-base", c -> notStricter(p("ext4-patch1"), p("ext4-base"), c));
    }

    @Test
    @DisplayName("ext4-patch2 is never stricter than ext4-patch1")
    void patch2NeverStricterThanPatch1() {
        forAll(DIRECT, "ext4-patch2 <= ext4-patch1", c -> notStricter(p("ext4-patch2"), p("ext4-patch1"), c));
    }

    @Test
    @DisplayName("xfs-dio is never stricter than xfs-dio-v5.11 (NOWAIT aside: v5.11 blocks where v5.12 refuses)")
    void xfsDioNeverStricterThanV511() {
        forAll(DIRECT, "xfs-dio <= xfs-dio-v5.11", c -> c.request().nowait() ? null
                : notStricter(p("xfs-dio"), p("xfs-dio-v5.11"), c));
    }

    @Test
    @DisplayName("ext4-patch2 decides aligned writes exactly as ext4-patch1")
    void patch2EqualsPatch1OnAlignedWrites() {
        long mask = DIRECT.blockSize() - 1;
        forAll(DIRECT, "patch2 == patch1 on aligned writes", c -> {
            if (((c.request().offset() | c.request().length()) & mask) != 0) {
                return null;
            }
            Decision a = lock(p("ext4-patch1"), c);
            Decision b = lock(p("ext4-patch2"), c);
            return same(a, b) ? null : "patch1 " + summary(a) + " lookups=" + a.lookups() + ", patch2 " + summary(b)
                    + " lookups=" + b.lookups();
        });
    }

    static boolean same(Decision a, Decision b) {
        return a.result() == b.result() && a.initialLock() == b.initialLock() && a.finalLock() == b.finalLock()
                && a.lockPath().equals(b.lockPath()) && a.retry() == b.retry() && a.drainReason() == b.drainReason()
                && a.forceWait() == b.forceWait() && a.nowait() == b.nowait() && a.lookups() == b.lookups();
    }

    @Test
    @DisplayName("every policy decides the same when layout, i_size and write move together by whole blocks")
    void decisionsAreShiftInvariant() {
        for (Policy policy : PolicyCatalog.all()) {
            CaseSpace space = CaseSpace.standard(policy.info().path());
            forAll(space, policy.id() + " shift invariance", c -> {
                long shift = 3L * c.inode().blockSize();
                Inode moved = c.inode().toBuilder().size(c.inode().size() + shift).diskSize(c.inode().diskSize() + shift).build().withLayout(c.inode().layout().shiftedBy(3));
                WriteRequest w = c.request().toBuilder().build();
                WriteRequest movedWrite = WriteRequest.builder(w.offset() + shift, w.length()).direct(w.direct())
                        .nowait(w.nowait()).async(w.async()).writethrough(w.writethrough()).noserial(w.noserial()).build();
                Decision a = lock(policy, c);
                Decision b = policy.decide(moved, movedWrite, Detail.LOCK);
                return same(a, b) ? null : "unshifted " + summary(a) + " " + a.lockPath() + ", shifted by 3 blocks "
                        + summary(b) + " " + b.lockPath();
            });
        }
    }

    @Test
    @DisplayName("ext4-base with RWF_NOWAIT returns EAGAIN exactly when the blocking write ends exclusive")
    void ext4BaseNowaitEagainIffExclusive() {
        nowaitEagainIffExclusive("ext4-base");
    }

    /** Under RWF_NOWAIT, {@code id} refuses exactly the writes that, blocking, end exclusive. */
    private static void nowaitEagainIffExclusive(String id) {
        forAll(DIRECT, id + " NOWAIT", c -> {
            if (!c.request().nowait()) {
                return null;
            }
            Decision nowait = lock(p(id), c);
            Decision blocking = p(id).decide(c.inode(), c.request().toBuilder().nowait(false).build(), Detail.LOCK);
            boolean eagain = nowait.result() == Result.EAGAIN;
            boolean exclusive = blocking.finalLock() == Lock.EXCLUSIVE;
            return eagain == exclusive ? null : "NOWAIT " + summary(nowait) + " but blocking " + summary(blocking);
        });
    }

    @Test
    @DisplayName("ext4 closed forms of spec §5.12 (lock, drain, force-wait) hold for every blocking direct write")
    void ext4ClosedForms() {
        forAll(DIRECT, "ext4 closed forms", c -> {
            if (c.request().nowait()) {
                return null;
            }
            Facts f = Facts.of(c);
            boolean extend = f.end > f.size;
            // ext4-base
            boolean baseX = !f.nosec || extend || !f.oneRecord || (f.ext4Unaligned && f.oneRecordUnwritten);
            boolean baseDrain = baseX && f.ext4Unaligned && (!f.oneRecord || f.oneRecordUnwritten);
            boolean baseWait = baseX && (f.ext4Unaligned || extend);
            String problem = expect(p("ext4-base"), c, baseX, baseDrain, baseWait);
            if (problem != null) {
                return problem;
            }
            // ext4-patch1: the unaligned overwrite test only
            boolean p1X = !f.nosec || extend || (f.ext4Unaligned && (!f.oneRecord || f.oneRecordUnwritten));
            problem = expect(p("ext4-patch1"), c, p1X, p1X && f.ext4Unaligned && (!f.oneRecord || f.oneRecordUnwritten),
                    p1X && (f.ext4Unaligned || extend));
            if (problem != null) {
                return problem;
            }
            // ext4-patch2: partial head/tail blocks must be written
            boolean zeroing = f.ext4Unaligned && (extend || (f.headPartial && f.head != BlockState.WRITTEN)
                    || (f.tailPartial && f.tail != BlockState.WRITTEN));
            boolean p2X = !f.nosec || extend || zeroing;
            return expect(p("ext4-patch2"), c, p2X, p2X && zeroing, p2X && (zeroing || extend));
        });
    }

    @Test
    @DisplayName("ext4-v5.10 closed form of spec appendix A: exclusive unless an aligned written overwrite; "
            + "unaligned drains; unaligned or extending waits")
    void ext4V510ClosedForm() {
        forAll(DIRECT, "ext4-v5.10 closed form", c -> {
            if (c.request().nowait()) {
                return null;
            }
            Facts f = Facts.of(c);
            boolean extend = f.end > f.size;
            boolean writtenOverwrite = f.oneRecord && !f.oneRecordUnwritten;
            boolean x = !f.nosec || extend || !writtenOverwrite || f.ext4Unaligned;
            return expect(p("ext4-v5.10"), c, x, f.ext4Unaligned, f.ext4Unaligned || extend);
        });
    }

    @Test
    @DisplayName("ext4-v5.10 with RWF_NOWAIT returns EAGAIN exactly when the blocking write ends exclusive")
    void ext4V510NowaitEagainIffExclusive() {
        nowaitEagainIffExclusive("ext4-v5.10");
    }

    @Test
    @DisplayName("ext4-base (v6.5+) is never stricter than ext4-v5.10 (what v6.5 relaxed)")
    void baseNeverStricterThanV510() {
        forAll(DIRECT, "ext4-base <= ext4-v5.10", c -> notStricter(p("ext4-base"), p("ext4-v5.10"), c));
    }

    @Test
    @DisplayName("xfs-dio closed forms of spec §5.12 hold for every blocking direct write")
    void xfsClosedForms() {
        forAll(DIRECT, "xfs-dio closed forms", c -> {
            if (c.request().nowait()) {
                return null;
            }
            Facts f = Facts.of(c);
            if (!f.fsUnaligned) {
                return expect(p("xfs-dio"), c, false, f.pos > f.size, false);
            }
            boolean shared = f.pos <= f.size && f.end < f.size && f.oneRecord && f.head == BlockState.WRITTEN;
            boolean x = !shared || !f.nosec;
            return expect(p("xfs-dio"), c, x, !shared, !shared);
        });
    }

    private static String expect(Policy policy, Case c, boolean exclusive, boolean drain, boolean forceWait) {
        Decision d = lock(policy, c);
        boolean x = d.finalLock() == Lock.EXCLUSIVE;
        if (x == exclusive && d.drain() == drain && d.forceWait() == forceWait) {
            return null;
        }
        return policy.id() + ": closed form says " + (exclusive ? "X" : "S") + (drain ? " drain" : "")
                + (forceWait ? " force-wait" : "") + ", engine decided " + summary(d);
    }

    /** The spec's §1.3 quantities, computed here from scratch for the closed forms. */
    static final class Facts {
        long pos;
        long end;
        long size;
        boolean nosec;
        boolean headPartial;
        boolean tailPartial;
        boolean fsUnaligned;
        boolean ext4Unaligned;
        BlockState head;
        BlockState tail;
        /** One allocated record covers every block of the write. */
        boolean oneRecord;
        boolean oneRecordUnwritten;

        static Facts of(Case c) {
            Facts f = new Facts();
            Inode inode = c.inode();
            Layout l = inode.layout();
            long bs = inode.blockSize();
            f.pos = c.request().offset();
            f.end = c.request().end();
            f.size = inode.size();
            f.nosec = inode.nosec();
            f.headPartial = f.pos % bs != 0;
            f.tailPartial = f.end % bs != 0;
            f.fsUnaligned = f.headPartial || f.tailPartial;
            f.ext4Unaligned = f.headPartial || c.request().length() % bs != 0 || c.request().bufferAlignment() < bs;
            long first = f.pos / bs;
            long last = (f.end - 1) / bs;
            f.head = l.stateAt(first);
            f.tail = l.stateAt(last);
            Optional<Integer> rec = Optional.of(l.recordIndexAt(first)).filter(i -> i >= 0);
            f.oneRecord = rec.isPresent() && l.recordState(rec.get()).allocated() && l.recordEnd(rec.get()) > last
                    && f.end <= f.size;
            f.oneRecordUnwritten = f.oneRecord && l.recordState(rec.get()) == BlockState.UNWRITTEN;
            return f;
        }
    }
}
