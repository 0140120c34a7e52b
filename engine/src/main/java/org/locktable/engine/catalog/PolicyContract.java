package org.locktable.engine.catalog;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

import org.locktable.engine.decision.Completion;
import org.locktable.engine.decision.Decision;
import org.locktable.engine.decision.Detail;
import org.locktable.engine.decision.Result;
import org.locktable.engine.decision.Segment;
import org.locktable.engine.decision.StepBreach;
import org.locktable.engine.model.InvalidInputException;
import org.locktable.engine.policy.Policy;
import org.locktable.engine.policy.PolicyInfo.WritePath;
import org.locktable.engine.space.Case;
import org.locktable.engine.space.CaseSpace;

/**
 * What every policy must satisfy before locktable trusts its answers, checked over a small scope (two blocks of 4 KiB,
 * 512-byte writes, every flag combination; direct writes, and the policy's own path when it is another), smallest case
 * first so that each rule's witness is minimal. A breach means the model of the policy says something the kernel cannot
 * do, so every answer built on it — a table, a race verdict, a timing — would be wrong without a word: the catalog
 * refuses such a user policy ({@link PolicyLoader}), {@code locktable policies --check ID} lists the breaches.
 */
public final class PolicyContract {
    /** The rules, one refusal line each. */
    public enum Rule {
        NO_DATA("a direct write it lets proceed submits no data for its bytes (build the submission with "
                + "Ext4DioWriteIter.iomapDioRw, XfsDioWrite.iomapDioRw or IomapDio.submit, not markSubmitted alone)"),
        RELOCK(StepBreach.RELOCK.description()),
        BAD_RELEASE(StepBreach.BAD_RELEASE.description()),
        NO_LOCK(StepBreach.NO_LOCK.description()),
        SIZE_NOT_EXCLUSIVE(StepBreach.SIZE_NOT_EXCLUSIVE.description()),
        NONDETERMINISTIC("its decisions are not deterministic (two walks of one write differ, or the lock differs "
                + "between a full and a lock-only decision)");

        private final String text;

        Rule(String text) {
            this.text = text;
        }

        public String text() {
            return text;
        }

        static Rule of(StepBreach b) {
            return valueOf(b.name());
        }
    }

    /** One broken rule with its smallest witness. */
    public record Breach(String policy, Rule rule, Case witness) {
        /** {@code policy ext4-x refused: <rule>; witness: <case>}. */
        public String line() {
            return "policy " + policy + " refused: " + rule.text() + "; witness: " + witness;
        }
    }

    /** The outcome of a check: the breaches (empty when the policy passed) and how many cases were walked. */
    public record Report(String policy, List<Breach> breaches, long cases) {
        public boolean passed() {
            return breaches.isEmpty();
        }
    }

    private PolicyContract() {
    }

    /** Checks {@code policy} over the small scope; each rule is reported once, with its first (smallest) witness. */
    public static Report check(Policy policy) {
        Map<Rule, Breach> first = new EnumMap<>(Rule.class);
        long cases = 0;
        for (WritePath path : paths(policy)) {
            CaseSpace space = scope(path);
            long[] n = {0};
            space.forEach(c -> {
                n[0]++;
                for (Rule r : broken(policy, c)) {
                    first.putIfAbsent(r, new Breach(policy.id(), r, c));
                }
            });
            cases += n[0];
        }
        return new Report(policy.id(), List.copyOf(first.values()), cases);
    }

    private static List<WritePath> paths(Policy policy) {
        return policy.info().path() == WritePath.DIRECT ? List.of(WritePath.DIRECT)
                : List.of(WritePath.DIRECT, policy.info().path());
    }

    private static CaseSpace scope(WritePath path) {
        try {
            return CaseSpace.builder().maxBlocks(2).path(path).build();
        } catch (InvalidInputException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The rules {@code policy}'s decision for case {@code c} breaks. */
    static List<Rule> broken(Policy policy, Case c) {
        List<Rule> out = new ArrayList<>(2);
        Decision full = policy.decide(c.inode(), c.request(), Detail.FULL);
        for (StepBreach b : full.breaches()) {
            out.add(Rule.of(b));
        }
        if (c.request().direct() && full.result() == Result.OK && full.completion() != Completion.NONE
                && !covers(full.segments(), c.request().offset(), c.request().offset() + c.request().length())) {
            out.add(Rule.NO_DATA);
        }
        Decision again = policy.decide(c.inode(), c.request(), Detail.FULL);
        Decision lock = policy.decide(c.inode(), c.request(), Detail.LOCK);
        if (!full.equals(again) || !sameLock(full, lock)) {
            out.add(Rule.NONDETERMINISTIC);
        }
        return out;
    }

    /** Do the segments cover {@code [from, to)} without a gap? */
    private static boolean covers(List<Segment> segments, long from, long to) {
        long reached = from;
        for (Segment s : segments) {
            if (s.start() > reached) {
                return false;
            }
            reached = Math.max(reached, s.end());
        }
        return reached >= to;
    }

    private static boolean sameLock(Decision a, Decision b) {
        return a.result() == b.result() && a.initialLock() == b.initialLock() && a.finalLock() == b.finalLock()
                && a.lockPath().equals(b.lockPath()) && a.retry() == b.retry() && a.drainReason() == b.drainReason()
                && a.forceWait() == b.forceWait() && a.completion() == b.completion() && a.nowait() == b.nowait();
    }
}
