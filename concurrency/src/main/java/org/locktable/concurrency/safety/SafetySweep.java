package org.locktable.concurrency.safety;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.locktable.concurrency.Race;
import org.locktable.concurrency.Verdict;
import org.locktable.engine.policy.Policy;

/**
 * One policy's verdict on every case of a {@link SafetyScope}: refused (the engine's decision is not OK, e.g. EAGAIN
 * or a buffered fallback), SAFE, or UNSAFE with its verdict kept for the witness. Shared by the table and the diff.
 */
public final class SafetySweep {
    static final byte REFUSED = 0;
    static final byte SAFE = 1;
    static final byte UNSAFE = 2;

    private final Policy policy;
    private final SafetyScope scope;
    private final List<SafetyCase> cases;
    private final byte[] status;
    private final Map<Integer, Verdict> unsafe;
    private final long schedules;
    private final long states;

    private SafetySweep(Policy policy, SafetyScope scope, List<SafetyCase> cases, byte[] status,
            Map<Integer, Verdict> unsafe, long schedules, long states) {
        this.policy = policy;
        this.scope = scope;
        this.cases = cases;
        this.status = status;
        this.unsafe = unsafe;
        this.schedules = schedules;
        this.states = states;
    }

    public static SafetySweep run(Policy policy, SafetyScope scope) {
        return run(policy, scope, scope.cases());
    }

    /** {@code cases} must be {@code scope.cases()}: pass it to share one list between policies. */
    public static SafetySweep run(Policy policy, SafetyScope scope, List<SafetyCase> cases) {
        byte[] status = new byte[cases.size()];
        Map<Integer, Verdict> unsafe = new HashMap<>();
        long schedules = 0;
        long states = 0;
        for (SafetyCase c : cases) {
            Verdict v;
            try {
                v = Race.explore(policy, c.inode(), c.ops());
            } catch (UnsupportedOperationException refused) {
                continue;
            }
            schedules = Math.addExact(schedules, v.schedules());
            states += v.states();
            status[c.index()] = v.safe() ? SAFE : UNSAFE;
            if (!v.safe()) {
                unsafe.put(c.index(), v);
            }
        }
        return new SafetySweep(policy, scope, cases, status, Map.copyOf(unsafe), schedules, states);
    }

    public Policy policy() {
        return policy;
    }

    public SafetyScope scope() {
        return scope;
    }

    List<SafetyCase> cases() {
        return cases;
    }

    byte status(int index) {
        return status[index];
    }

    Verdict verdict(int index) {
        return unsafe.get(index);
    }

    public int explored() {
        int n = 0;
        for (byte s : status) {
            n += s == REFUSED ? 0 : 1;
        }
        return n;
    }

    public int refused() {
        return cases.size() - explored();
    }

    public int unsafeCount() {
        return unsafe.size();
    }

    public long schedules() {
        return schedules;
    }

    public long states() {
        return states;
    }

    /** Fewest blocks, then the shortest schedule, then the scope's order: is case {@code a} a smaller witness than {@code b}? */
    boolean smaller(int a, int b) {
        SafetyCase ca = cases.get(a);
        SafetyCase cb = cases.get(b);
        if (ca.blocks() != cb.blocks()) {
            return ca.blocks() < cb.blocks();
        }
        int sa = unsafe.get(a).counterexample().orElseThrow().steps().size();
        int sb = unsafe.get(b).counterexample().orElseThrow().steps().size();
        return sa != sb ? sa < sb : a < b;
    }
}
