package org.locktable.concurrency.safety;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.example.skeleton.SkeletonPolicies;
import org.junit.jupiter.api.Test;
import org.locktable.concurrency.Operation;
import org.locktable.concurrency.PolicyNotReplayable;
import org.locktable.concurrency.Race;
import org.locktable.engine.catalog.PolicyCatalog;
import org.locktable.engine.model.Inode;
import org.locktable.engine.model.Layout;
import org.locktable.engine.policy.Policy;

/**
 * The oracle's steps come from the policy, not from its id: a user's policy built on a skeleton with nothing overridden
 * gets exactly the built-in's verdict in every case of the whole safety scope, and one that declares no write path is
 * refused whole, with the reason.
 */
class SkeletonVerdictsTest {
    @Test
    void theExt4SkeletonIsExt4BaseOverTheWholeScope() {
        sameVerdicts(PolicyCatalog.builtIn("ext4-base"), new SkeletonPolicies.Ext4Skeleton());
    }

    @Test
    void theXfsSkeletonIsXfsDioOverTheWholeScope() {
        sameVerdicts(PolicyCatalog.builtIn("xfs-dio"), new SkeletonPolicies.XfsSkeleton());
    }

    private static void sameVerdicts(Policy builtIn, Policy user) {
        SafetyScope scope = SafetyScope.standard();
        List<SafetyCase> cases = scope.cases();
        SafetySweep a = SafetySweep.run(builtIn, scope, cases);
        SafetySweep b = SafetySweep.run(user, scope, cases);
        for (SafetyCase c : cases) {
            assertEquals(a.status(c.index()), b.status(c.index()), () -> "case " + c.index() + ": " + c);
        }
        assertEquals(a.unsafeCount(), b.unsafeCount());
        assertEquals(a.schedules(), b.schedules(), "the same steps: the same number of schedules");
        assertEquals(a.states(), b.states());
        assertTrue(a.explored() > 40_000, "the whole scope: " + a.explored());
    }

    @Test
    void aPolicyWithNoWritePathIsRefusedWholeWithTheReason() throws Exception {
        Policy scratch = new SkeletonPolicies.FromScratch();
        Inode inode = Inode.builder(Layout.parse("W W")).build();
        PolicyNotReplayable e = assertThrows(PolicyNotReplayable.class, () -> Race.explore(scratch, inode,
                List.of(Operation.parse("dio 0+4096"), Operation.parse("dio 4096+4096"))));
        assertTrue(e.getMessage().startsWith("user-from-scratch is not built on a kernel write path"), e.getMessage());
        assertThrows(PolicyNotReplayable.class, () -> SafetySweep.run(scratch, SafetyScope.standard()));
    }
}
