package org.locktable.concurrency;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.locktable.engine.catalog.PolicyCatalog;
import org.locktable.engine.model.Inode;
import org.locktable.engine.model.Layout;
import org.locktable.engine.policy.FileSystem;
import org.locktable.engine.policy.KernelVersion;
import org.locktable.engine.policy.Policy;
import org.locktable.engine.policy.PolicyInfo;

/**
 * XFS's EOF zeroing through the page cache, executed: a direct write starting past EOF zeroes [i_size, pos) in the
 * cached pages of written blocks (dirty, written back later) where its policy says it does (TxKind.EOF_PAGECACHE_ZERO),
 * before its drain unless the drain is for that zeroing (3136e8bb3054, v4.3: DrainReason.EOF_ZEROING). Before v4.3 an
 * unaligned write beyond EOF, exclusive from the start, zeroed on an i_size an extending AIO write's completion had not
 * moved yet (generic/114).
 */
class EofZeroingTest {
    private static final List<Operation> RACE = List.of(Operation.aio(4096, 4096), Operation.aio(12800, 512));

    private static Verdict at(String version) throws Exception {
        Policy p = PolicyCatalog.forKernel(FileSystem.XFS, KernelVersion.parse(version), PolicyInfo.WritePath.DIRECT)
                .orElseThrow();
        return Race.explore(p, Inode.builder(Layout.parse("W W H H")).size(5120).build(), RACE);
    }

    @Test
    void beforeV43TheZerosLandOverTheExtendingWritesData() throws Exception {
        Verdict v = at("4.2");
        Counterexample cx = v.counterexample().orElseThrow();
        assertEquals("[5120,8192)", cx.badRangesText(), cx.timeline());
        assertTrue(cx.steps().stream().anyMatch(s -> s.startsWith("B: lock X, zero [5120,12800) through the page cache")),
                cx.timeline());
    }

    @Test
    void fromV43TheDrainComesFirstAndTheZerosStartAtTheNewEof() throws Exception {
        assertTrue(at("4.3").safe());
        assertTrue(at("6.12").safe());
    }
}
