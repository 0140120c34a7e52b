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
 *
 * <p>A case and its mirror (the same two writes, the other one first) are one race: the explorer expands every
 * enabled step of every operation, neither starts first, and the oracle tries every serial order; so the mirror takes
 * the verdict, schedule and state counts already found, and its own counterexample (lanes named its way) is explored
 * again only when it is asked for, as a witness. SafetyScopeTest checks the two agree over the one-block scope.
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
    private final int[] steps;
    private final long schedules;
    private final long states;

    private SafetySweep(Policy policy, SafetyScope scope, List<SafetyCase> cases, byte[] status,
            Map<Integer, Verdict> unsafe, int[] steps, long schedules, long states) {
        this.policy = policy;
        this.scope = scope;
        this.cases = cases;
        this.status = status;
        this.unsafe = unsafe;
        this.steps = steps;
        this.schedules = schedules;
        this.states = states;
    }

    public static SafetySweep run(Policy policy, SafetyScope scope) {
        return run(policy, scope, scope.cases());
    }

    /** {@code cases} must be {@code scope.cases()}: pass it to share one list between policies. */
    public static SafetySweep run(Policy policy, SafetyScope scope, List<SafetyCase> cases) {
        return run(policy, scope, cases, true);
    }

    /** {@code mirrors}: whether a mirrored case takes its mirror's verdict (false: explore every case, for the check). */
    static SafetySweep run(Policy policy, SafetyScope scope, List<SafetyCase> cases, boolean mirrors) {
        Race.lockSteps(policy); // a policy the oracle cannot replay is refused whole, not case by case
        byte[] status = new byte[cases.size()];
        int[] steps = new int[cases.size()];
        long[] counts = new long[cases.size() * 2];
        Map<Integer, Verdict> unsafe = new HashMap<>();
        Map<String, Integer> seen = new HashMap<>();
        long schedules = 0;
        long states = 0;
        for (SafetyCase c : cases) {
            int i = c.index();
            Integer mirror = mirrors ? seen.get(c.mirrorKey()) : null;
            seen.put(c.key(), i);
            if (mirror != null) {
                status[i] = status[mirror];
                steps[i] = steps[mirror];
                counts[2 * i] = counts[2 * mirror];
                counts[2 * i + 1] = counts[2 * mirror + 1];
            } else {
                try {
                    Verdict v = Race.explore(policy, c.inode(), c.ops());
                    status[i] = v.safe() ? SAFE : UNSAFE;
                    counts[2 * i] = v.schedules();
                    counts[2 * i + 1] = v.states();
                    if (!v.safe()) {
                        unsafe.put(i, v);
                        steps[i] = v.counterexample().orElseThrow().steps().size();
                    }
                } catch (UnsupportedOperationException refused) {
                    continue;
                }
            }
            schedules = Verdict.sumSchedules(schedules, counts[2 * i]);
            states += counts[2 * i + 1];
        }
        return new SafetySweep(policy, scope, cases, status, unsafe, steps, schedules, states);
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

    /** The verdict of an UNSAFE case, explored again for a mirrored one. */
    Verdict verdict(int index) {
        return unsafe.computeIfAbsent(index, i -> Race.explore(policy, cases.get(i).inode(), cases.get(i).ops()));
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
        int n = 0;
        for (byte s : status) {
            n += s == UNSAFE ? 1 : 0;
        }
        return n;
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
        return steps[a] != steps[b] ? steps[a] < steps[b] : a < b;
    }
}
