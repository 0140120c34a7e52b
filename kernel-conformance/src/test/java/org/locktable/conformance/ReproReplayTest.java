package org.locktable.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.locktable.engine.model.Layout;
import org.locktable.engine.model.WriteRequest;

/**
 * The reproduction lines work by hand: xfs_io (separate processes, the spacer shell function included) builds the
 * same layouts as the helper, fiemap -v confirms them, and the xfs_io probe answers what the helper answered.
 */
class ReproReplayTest {

    @Test
    void xfsIoBuildsTheLayoutsAndProbesLikeTheHelper() throws Exception {
        try (Rig rig = KernelTestEnvironment.rig()) {
            for (FsSpec spec : List.of(FsSpec.EXT4, FsSpec.XFS)) {
                MountedFs fs = KernelTestEnvironment.fs(rig, spec);
                try (Ltprobe p = rig.helper(fs)) {
                    for (Object[] c : new Object[][] {
                            {"W|W", 8192L, true, 0L, 8192L},
                            {"U|U", 6144L, true, 0L, 4096L},
                            {"W W|W U|U", 20480L, false, 4608L, 512L},
                            {"W U U W", 14336L, true, 512L, 1024L},
                            {"H H", 8192L, true, 0L, 4096L}}) {
                        BuildPlan plan = BuildPlan.of(Layout.parse((String) c[0]), (Long) c[1], (Boolean) c[2], 4096);
                        WriteRequest w = WriteRequest.builder((Long) c[3], (Long) c[4]).nowait(true).build();
                        long prime = spec.kind() == FsKind.XFS ? plan.primeOffset() : -1;
                        // The allocator decides where a spacer lands; a busy machine can defeat a few attempts in a
                        // row (five, once in CI, on W W|W U|U). The exhaustive run counts such a layout as not
                        // realisable; here every layout must be built, so try longer.
                        LayoutBuilder.Built b = new LayoutBuilder(p, "h", 2 * ExhaustiveRun.BUILD_ATTEMPTS).build(plan);
                        assertTrue(b.realised(), plan + " after " + b.attempts() + " attempts: "
                                + b.realisation().reason());
                        String helper = KernelAnswer.ofProbe(p.call("probe " + w.offset() + " " + w.length() + " 4096 "
                                + prime + " " + (spec.kind() == FsKind.XFS ? ExhaustiveRun.XFS_RETRIES : 0))).name();
                        String replay = Repro.replay(fs, plan, prime, w);
                        if (prime == -2) {
                            // no allocated block: the prime is a separate `touch`, so only EAGAIN is meaningful here
                            assertTrue(replay.startsWith("xfs_io answered "), replay);
                            continue;
                        }
                        assertEquals("xfs_io answered " + helper, replay.replaceFirst(" \\(after.*", "")
                                .replace(" on a file verified with fiemap -v", ""), spec.label() + " " + plan);
                    }
                }
            }
        }
    }
}
