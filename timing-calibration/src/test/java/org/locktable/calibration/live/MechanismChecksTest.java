package org.locktable.calibration.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.locktable.calibration.live.MechanismPairs.PairPlan;
import org.locktable.calibration.live.PairLab.PairData;
import org.locktable.calibration.live.PairLab.PairRun;
import org.locktable.rig.KernelTestEnvironment;
import org.locktable.rig.Shell;

/**
 * The mechanism checks: the committed recording and its section, and a tiny live run (root, loop devices and fio;
 * skipped with the reason elsewhere, a failure under {@code LOCKTABLE_KERNEL_TESTS=required}). Nothing asserts a
 * measured time or ratio.
 */
class MechanismChecksTest {

    @Test
    void theRecordingReadsAndWritesBackByteForByte() throws IOException {
        String text;
        try (var in = RecordedPairs.class.getResourceAsStream(RecordedPairs.FILE)) {
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        assertEquals(text, RecordedPairs.json(RecordedPairs.data()));
    }

    @Test
    void theRecordingHasEveryDesignedPairAndItsSectionIsDeterministic() {
        PairData data = RecordedPairs.data();
        assertEquals("full", data.plan());
        assertEquals(MechanismPairs.designed(PairPlan.full()).stream().map(MechanismPair::id).toList(),
                data.runs().stream().map(PairRun::id).toList());
        for (PairRun r : data.runs()) {
            assertTrue(r.ratio().min() <= r.ratio().median() && r.ratio().median() <= r.ratio().max(), r.toString());
            assertTrue(r.a().median() > 0 && r.b().median() > 0, r.toString());
        }
        String section = RecordedPairs.section();
        assertEquals(section, RecordedPairs.section());
        assertTrue(section.startsWith("## 9. Mechanisms checked live, one at a time (Linux " + data.kernel() + ")"),
                section);
        for (PairRun r : data.runs()) {
            assertTrue(section.contains("| `" + r.id() + "` |"), r.id());
        }
    }

    @Test
    @DisplayName("tiny live run: every pair on ext4 and XFS on loop devices over tmpfs, nothing left behind")
    void tinyRun() throws Exception {
        KernelTestEnvironment.require(LiveCalibration.REQUIREMENTS);
        Set<String> before = liveLoops();
        MechanismChecks.Outcome o = KernelTestEnvironment.setUp(
                () -> MechanismChecks.run(PairPlan.tiny(), "MechanismChecksTest (tiny)"));
        assertEquals(MechanismPairs.designed(MechanismPairs.PairPlan.tiny()).size(), o.pairs());
        assertTrue(o.section().startsWith("## 9. Mechanisms checked live"), o.section());
        assertTrue(o.section().contains("| `xfs-stripes-unaligned` | Test 2, 1 job(s) | Test 2, 2 jobs |"),
                o.section());
        Set<String> after = liveLoops();
        after.removeAll(before);
        assertTrue(after.isEmpty(), "loop devices left attached by this run: " + after);
    }

    private static Set<String> liveLoops() throws IOException {
        Set<String> out = new TreeSet<>();
        for (String line : Shell.check(List.of(Shell.tool("losetup"), "-a"), 30).split("\n")) {
            if (line.contains(LiveLab.TMPFS_PREFIX)) {
                out.add(line.trim());
            }
        }
        return out;
    }
}
