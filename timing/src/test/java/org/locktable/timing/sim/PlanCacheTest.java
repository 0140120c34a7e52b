package org.locktable.timing.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.SplittableRandom;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.locktable.engine.catalog.PolicyCatalog;
import org.locktable.engine.decision.Decision;
import org.locktable.engine.decision.Detail;
import org.locktable.engine.model.BlockState;
import org.locktable.engine.model.Inode;
import org.locktable.engine.model.Layout;
import org.locktable.engine.model.WriteRequest;
import org.locktable.engine.policy.Policy;

@DisplayName("PlanCache: decisions through the window equal decisions on the whole file")
class PlanCacheTest {
    private static final String LETTERS = "HUWD";

    /** A random layout of {@code n} blocks with occasional | boundaries, holes more likely far out. */
    private static String randomLayout(SplittableRandom rng, int n) {
        StringBuilder sb = new StringBuilder();
        char prev = 0;
        for (int i = 0; i < n; i++) {
            char c = LETTERS.charAt(rng.nextInt(i > n / 2 ? 2 : 3) == 0 ? 0 : rng.nextInt(1, 3));
            if (rng.nextInt(20) == 0) {
                c = 'D';
            }
            if (i > 0) {
                sb.append(c == prev && c != 'H' && rng.nextInt(4) == 0 ? '|' : ' ');
            }
            sb.append(c);
            prev = c;
        }
        return sb.toString();
    }

    private static String lockSummary(Decision d) {
        return d.result() + " " + d.lockPathText() + " " + d.finalLock() + " " + d.retry() + " " + d.drainReason() + " "
                + d.forceWait() + " " + d.completion() + " " + d.transactions().stream().map(t -> t.kind().name())
                        .sorted().toList();
    }

    @Test
    @DisplayName("every policy, random layouts, i_size and writes (aligned, unaligned, far beyond EOF)")
    void windowMatchesFullLayout() throws Exception {
        SplittableRandom rng = new SplittableRandom(2026);
        int bs = 4096;
        int checked = 0;
        for (Policy policy : PolicyCatalog.all()) {
            for (int dsyncWt = 0; dsyncWt < 2; dsyncWt++) {
                boolean direct = !policy.id().contains("buffered") && !policy.id().contains("writethrough");
                boolean wt = policy.id().contains("writethrough");
                for (int i = 0; i < 300; i++) {
                    int n = 40;
                    String text = randomLayout(rng, n);
                    Layout full = Layout.parse(text);
                    long drawn = rng.nextInt(4) == 0 ? (long) rng.nextInt(n * bs + 1) : rng.nextInt(n / 4 * bs);
                    long iSize = rng.nextBoolean() ? drawn / bs * bs : drawn;
                    long pos;
                    long len;
                    if (rng.nextBoolean()) {
                        pos = (long) rng.nextInt(n - 4) * bs;
                        len = (long) rng.nextInt(1, 4) * bs;
                    } else {
                        pos = (long) rng.nextInt((n - 4) * 8) * 512;
                        len = (long) rng.nextInt(1, 24) * 512;
                    }
                    boolean async = rng.nextBoolean();
                    boolean dsync = dsyncWt == 1;
                    Inode inode = Inode.builder(full).blockSize(bs).size(iSize).build();
                    WriteRequest req = WriteRequest.builder(pos, len).direct(direct).async(async).dsync(dsync)
                            .writethrough(wt).noserial(wt).build();
                    Decision whole = policy.decide(inode, req, Detail.FULL);

                    BlockMap map = BlockMap.pattern(n, full);
                    PlanCache cache = new PlanCache(policy, bs, true, direct, async, dsync, wt, wt);
                    int k = cache.window(map, iSize, pos, len);
                    Decision windowed = cache.decideWindow(k, Detail.FULL);
                    assertEquals(lockSummary(whole), lockSummary(windowed), () -> policy.id() + " layout \"" + text
                            + "\" i_size " + iSize + " " + req + " window " + cache.windowLayout(k));
                    checked++;
                }
            }
        }
        assertEquals(PolicyCatalog.all().size() * 600, checked);
    }

    @Test
    @DisplayName("a long hole run between EOF and a far write is shortened, and the decision does not change")
    void gapCompression() throws Exception {
        int bs = 4096;
        for (Policy policy : PolicyCatalog.all()) {
            if (!policy.info().path().name().equals("DIRECT")) {
                continue;
            }
            Layout full = Layout.parse("W W U W H*200 W U");
            for (long iSize : new long[] {4 * bs, 3 * bs + 100}) {
                for (long pos : new long[] {150L * bs, 150L * bs + 512, 204L * bs}) {
                    Inode inode = Inode.builder(full).blockSize(bs).size(iSize).build();
                    WriteRequest req = WriteRequest.builder(pos, 8192).async(true).build();
                    Decision whole = policy.decide(inode, req, Detail.FULL);
                    PlanCache cache = new PlanCache(policy, bs, true, true, true, false, false, false);
                    int k = cache.window(BlockMap.pattern(full.blocks(), full), iSize, pos, 8192);
                    Layout w = cache.windowLayout(k);
                    assertEquals(true, w.blocks() < 20, "the window is short: " + w);
                    assertEquals(lockSummary(whole), lockSummary(cache.decideWindow(k, Detail.FULL)),
                            policy.id() + " pos " + pos + " i_size " + iSize + " window " + w);
                }
            }
        }
    }

    @Test
    @DisplayName("equal window shapes share one cached plan; the seed-000 stripe needs two shapes")
    void caching() throws Exception {
        Policy p = PolicyCatalog.get("ext4-base");
        PlanCache cache = new PlanCache(p, 4096, true, true, true, false, false, false);
        BlockMap map = BlockMap.pattern(1 << 20, Layout.parse("W U U W"));
        long iSize = (1L << 20) * 4096;
        Plan a = cache.planFor(map, iSize, 0, 8192);
        Plan b = cache.planFor(map, iSize, 8192, 8192);
        for (long off = 16384; off < (1 << 26); off += 8192) {
            Plan c = cache.planFor(map, iSize, off, 8192);
            assertSame((off / 8192) % 2 == 0 ? a : b, c);
        }
        assertEquals(2, cache.shapes());
        assertEquals(BlockState.WRITTEN, BlockMap.state(map.stateAt(0)));
    }
}
