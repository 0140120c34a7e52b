package org.locktable.concurrency.findings;

import java.util.ArrayList;
import java.util.List;

import org.locktable.concurrency.Race;
import org.locktable.concurrency.Verdict;
import org.locktable.engine.catalog.PolicyCatalog;
import org.locktable.engine.model.Inode;
import org.locktable.engine.model.InvalidInputException;
import org.locktable.engine.model.Layout;
import org.locktable.engine.policy.KernelVersion;
import org.locktable.engine.policy.Policy;
import org.locktable.engine.policy.PolicyInfo;

/**
 * A finding's race under the policy of every mainline release of its file system since v2.6.36 ({@code kernel:VERSION}),
 * as runs of consecutive releases that share a policy: which releases have the race, by the model.
 */
public final class EraVerdicts {
    /** Releases {@code from} .. {@code to} under {@code policy}: its verdict, or why the model refuses the case there. */
    public record Era(KernelVersion from, KernelVersion to, String policy, String verdict) {
    }

    private EraVerdicts() {
    }

    /** The eras from v2.6.36 to {@code last}. */
    public static List<Era> of(Finding f, KernelVersion last) {
        Inode inode;
        try {
            inode = Inode.builder(Layout.parse(f.layout())).size(f.size()).build();
        } catch (InvalidInputException e) {
            throw new IllegalStateException(f.page() + ": " + e.getMessage(), e);
        }
        List<Era> eras = new ArrayList<>();
        for (KernelVersion v : KernelVersion.mainline(new KernelVersion(2, 6, 36), last)) {
            Policy p = PolicyCatalog.forKernel(f.fileSystem(), v, PolicyInfo.WritePath.DIRECT).orElseThrow(
                    () -> new IllegalStateException("no " + f.fileSystem() + " policy for " + v));
            Era previous = eras.isEmpty() ? null : eras.get(eras.size() - 1);
            if (previous != null && previous.policy().equals(p.id())) {
                eras.set(eras.size() - 1, new Era(previous.from(), v, p.id(), previous.verdict()));
            } else {
                eras.add(new Era(v, v, p.id(), verdict(p, inode, f)));
            }
        }
        return eras;
    }

    private static String verdict(Policy p, Inode inode, Finding f) {
        try {
            Verdict v = Race.explore(p, inode, f.ops());
            return v.word();
        } catch (UnsupportedOperationException refused) {
            return "refused: " + refused.getMessage().split("\n")[0];
        }
    }
}
