package org.locktable.concurrency.findings;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.IntStream;

import org.locktable.concurrency.Operation;
import org.locktable.concurrency.Race;
import org.locktable.concurrency.Verdict;
import org.locktable.engine.model.Inode;
import org.locktable.engine.model.InvalidInputException;
import org.locktable.engine.model.Layout;
import org.locktable.engine.policy.Policy;

/**
 * The truncate family of a finding: the races the two-write scope cannot hold. Two blocks, the first written, the
 * second written, unwritten or a hole; i_size 7168 or 8192; A an unaligned aio-dio inside the second block (1 KiB
 * granular); a truncate to 5120, 6144 or 7168; C a dio from 4096, 5120, 6144 or 7168 to the second block's end. 648
 * cases, each every schedule of its three operations.
 */
public final class FamilyScope {
    private static final int BS = 4096;

    /** One race of the family. */
    public record Case(String layout, long size, List<Operation> ops) {
        Inode inode() {
            try {
                return Inode.builder(Layout.parse(layout)).size(size).build();
            } catch (InvalidInputException e) {
                throw new IllegalStateException(layout + ": " + e.getMessage(), e);
            }
        }
    }

    /** What a policy does over the family: cases explored, refused (a decision that is not OK), UNSAFE, states. */
    public record Sweep(String policy, int cases, int refused, int unsafe, long states) {
    }

    private FamilyScope() {
    }

    /** Every case, smallest first. */
    public static List<Case> truncateFamily() {
        List<Case> cases = new ArrayList<>();
        for (String second : List.of("W", "U", "H")) {
            for (long size : new long[] {7168, 8192}) {
                for (long a = BS; a < 2 * BS; a += 1024) {
                    for (long aEnd = a + 1024; aEnd <= 2 * BS; aEnd += 1024) {
                        if (a == BS && aEnd == 2 * BS) {
                            continue; // aligned: not the unaligned path
                        }
                        for (long t : new long[] {5120, 6144, 7168}) {
                            for (long c = BS; c < 2 * BS; c += 1024) {
                                cases.add(new Case("W " + second, size, List.of(Operation.aio(a, aEnd - a),
                                        Operation.truncate(t), Operation.dio(c, 2 * BS - c))));
                            }
                        }
                    }
                }
            }
        }
        return cases;
    }

    /** {@code policy} over {@code cases}, on every core. */
    public static Sweep run(Policy policy, List<Case> cases) {
        AtomicInteger unsafe = new AtomicInteger();
        AtomicInteger refused = new AtomicInteger();
        AtomicLong states = new AtomicLong();
        IntStream.range(0, cases.size()).parallel().forEach(k -> {
            Case c = cases.get(k);
            try {
                Verdict v = Race.explore(policy, c.inode(), c.ops());
                states.addAndGet(v.states());
                if (!v.safe()) {
                    unsafe.incrementAndGet();
                }
            } catch (UnsupportedOperationException notOk) {
                refused.incrementAndGet();
            }
        });
        return new Sweep(policy.id(), cases.size(), refused.get(), unsafe.get(), states.get());
    }
}
