package org.locktable.concurrency.safety;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Issue 26: {@code safety-diff} counts each case once, and its totals agree with the per-policy sweeps ({@code locktable
 * safety}): newly UNSAFE (A → B) ≤ UNSAFE under B, UNSAFE under B = UNSAFE under both + newly UNSAFE, and likewise
 * UNSAFE under A = UNSAFE under both + newly SAFE. The minimised rows overlap (the greedy minimiser grows each rule over
 * tuples an earlier rule covers), and the diff used to add up its rows: a case two rows match counted twice.
 *
 * <p>A slice of the standard scope's shape where the rows do overlap, a couple of seconds for both policies: of the one
 * block, every pair on {@code H} at i_size 4096 (ext4-2019-overwrite's UNSAFE class) and on {@code W} at i_size 2048
 * (ext4-base's R4 class); then 3,000 seeded two-block samples. Before the fix, ext4-base → ext4-2019-overwrite said 80
 * cases newly UNSAFE where ext4-2019-overwrite has 73 UNSAFE cases in all.
 */
class SafetyDiffCountsTest {
    private static final SafetyScope SCOPE = new SafetyScope(2, 3000, SafetyScope.DEFAULT_SEED);
    private static final String A = "ext4-base";
    private static final String B = "ext4-2019-overwrite";
    private static List<SafetyCase> cases;
    private static SafetySweep a;
    private static SafetySweep b;

    @BeforeAll
    static void sweepBoth() {
        cases = slice();
        a = sweep(A, cases);
        b = sweep(B, cases);
    }

    /** The slice, indexed afresh (a sweep's case index is its place in the list). */
    private static List<SafetyCase> slice() {
        List<SafetyCase> out = new ArrayList<>();
        for (SafetyCase c : SCOPE.cases()) {
            boolean kept = c.blocks() > 1 || c.layout().equals("H") && c.size() == 4096
                    || c.layout().equals("W") && c.size() == 2048;
            if (kept) {
                out.add(new SafetyCase(out.size(), c.layout(), c.size(), c.first(), c.second()));
            }
        }
        return out;
    }

    private static SafetySweep sweep(String id, List<SafetyCase> cases) {
        var policy = SafetyReport.policies().stream().filter(p -> p.id().equals(id)).findFirst().orElseThrow();
        return SafetySweep.run(policy, SCOPE, cases);
    }

    @Test
    void theDiffCountsEachCaseOnceAndItsTotalsAgreeWithBothSweeps() {
        assertTrue(a.unsafeCount() > 0 && b.unsafeCount() > 0, "both policies have UNSAFE cases in the slice");
        SafetyDiff there = SafetyDiff.between(a, b);
        SafetyDiff back = SafetyDiff.between(b, a);
        for (SafetyDiff d : List.of(there, back)) {
            boolean forward = d == there;
            SafetySweep from = forward ? a : b;
            SafetySweep to = forward ? b : a;
            String md = d.toMarkdown("#", true);
            System.out.println(md.substring(0, md.indexOf("\n|")));

            // case by case, straight from the two sweeps' verdicts
            int newlyUnsafe = 0;
            int newlySafe = 0;
            int unsafeInBoth = 0;
            for (SafetyCase c : cases) {
                boolean wasUnsafe = from.status(c.index()) == SafetySweep.UNSAFE;
                boolean isUnsafe = to.status(c.index()) == SafetySweep.UNSAFE;
                newlyUnsafe += !wasUnsafe && isUnsafe ? 1 : 0;
                newlySafe += wasUnsafe && !isUnsafe ? 1 : 0;
                unsafeInBoth += wasUnsafe && isUnsafe ? 1 : 0;
            }
            assertTrue(newlyUnsafe > 0 && newlySafe > 0, "both changes occur, so both identities say something");
            assertEquals(0, d.refusedByEither(), "no built-in direct policy refuses a case of the scope");
            assertEquals(newlyUnsafe, d.count(SafetyDiff.NEWLY_UNSAFE_TEXT), md);
            assertEquals(newlySafe, d.count(SafetyDiff.NEWLY_SAFE_TEXT), md);
            assertEquals(unsafeInBoth, d.unsafeInBoth(), md);

            // the identities with `locktable safety`'s totals
            assertTrue(d.newlyUnsafe() <= to.unsafeCount(), md);
            assertTrue(d.newlySafe() <= from.unsafeCount(), md);
            assertEquals(to.unsafeCount(), d.unsafeInBoth() + d.newlyUnsafe(), md);
            assertEquals(from.unsafeCount(), d.unsafeInBoth() + d.newlySafe(), md);
            assertEquals(cases.size(), d.safeInBoth() + d.unsafeInBoth() + d.newlyUnsafe() + d.newlySafe());

            // the rows share the cases out: they add up to the totals
            for (String change : List.of(SafetyDiff.NEWLY_UNSAFE_TEXT, SafetyDiff.NEWLY_SAFE_TEXT)) {
                assertEquals(d.count(change), d.changes().stream().filter(c -> c.change().equals(change))
                        .mapToInt(SafetyDiff.Change::cases).sum(), md);
            }
            assertTrue(md.contains(newlyUnsafe + " cases newly UNSAFE, " + newlySafe + " newly SAFE under "
                    + to.policy().id()), md);
            assertTrue(md.contains("UNSAFE under " + from.policy().id() + " " + from.unsafeCount() + " = " + unsafeInBoth
                    + " UNSAFE under both + " + newlySafe + " newly SAFE; UNSAFE under " + to.policy().id() + " "
                    + to.unsafeCount() + " = " + unsafeInBoth + " UNSAFE under both + " + newlyUnsafe + " newly UNSAFE."), md);
        }
        assertEquals(there.newlyUnsafe(), back.newlySafe());
        assertEquals(there.newlySafe(), back.newlyUnsafe());
        assertTrue(overlapping(there, a, b), "the slice no longer has a case two rows match: pick one that does, or this test "
                + "no longer shows the over-count of issue 26");
    }

    @Test
    void theSafetyTablesClassesAddUpToTheSweepsUnsafeCount() {
        for (SafetySweep s : List.of(a, b)) {
            SafetyTable t = SafetyTable.of(s);
            assertEquals(t.sweep().unsafeCount(), t.classes().stream().mapToInt(SafetyTable.UnsafeClass::unsafeCases).sum(),
                    t.toMarkdown("#"));
        }
    }

    /** Whether some changed case matches two rows of its change: adding up the rows would count it twice. */
    private static boolean overlapping(SafetyDiff d, SafetySweep from, SafetySweep to) {
        for (SafetyCase c : cases) {
            byte was = from.status(c.index());
            byte is = to.status(c.index());
            String change = was == SafetySweep.SAFE && is == SafetySweep.UNSAFE ? SafetyDiff.NEWLY_UNSAFE_TEXT
                    : was == SafetySweep.UNSAFE && is == SafetySweep.SAFE ? SafetyDiff.NEWLY_SAFE_TEXT : null;
            if (change != null) {
                int[] tuple = SafetyColumns.tuple(c);
                long rows = d.changes().stream().filter(r -> r.change().equals(change) && r.rule().matches(tuple)).count();
                if (rows > 1) {
                    return true;
                }
            }
        }
        return false;
    }
}
