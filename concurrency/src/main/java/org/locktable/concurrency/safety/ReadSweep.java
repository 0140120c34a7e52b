package org.locktable.concurrency.safety;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.IntStream;

import org.locktable.concurrency.Race;
import org.locktable.concurrency.Verdict;
import org.locktable.engine.policy.Policy;

/**
 * Every case of a {@link ReadScope} under one policy, on every core: how many were explored and refused, how many
 * UNSAFE, the states walked, and the first UNSAFE case in the scope's order (smallest first) with its verdict.
 */
public record ReadSweep(String policy, int cases, int refused, int unsafe, long states, Optional<SafetyCase> firstUnsafe,
        Optional<Verdict> firstUnsafeVerdict) {

    public static ReadSweep run(Policy policy, List<SafetyCase> cases) {
        Race.lockSteps(policy);
        byte[] status = new byte[cases.size()]; // per position in cases: 0 safe, 1 unsafe, 2 refused
        AtomicLong states = new AtomicLong();
        IntStream.range(0, cases.size()).parallel().forEach(k -> {
            SafetyCase c = cases.get(k);
            try {
                Verdict v = Race.explore(policy, c.inode(), c.ops());
                states.addAndGet(v.states());
                status[k] = v.safe() ? (byte) 0 : (byte) 1;
            } catch (UnsupportedOperationException refused) {
                status[k] = 2;
            }
        });
        int unsafe = 0;
        int refused = 0;
        SafetyCase first = null;
        for (int k = 0; k < cases.size(); k++) {
            unsafe += status[k] == 1 ? 1 : 0;
            refused += status[k] == 2 ? 1 : 0;
            if (first == null && status[k] == 1) {
                first = cases.get(k);
            }
        }
        Optional<Verdict> v = first == null ? Optional.empty()
                : Optional.of(Race.explore(policy, first.inode(), first.ops()));
        return new ReadSweep(policy.id(), cases.size(), refused, unsafe, states.get(), Optional.ofNullable(first), v);
    }
}
