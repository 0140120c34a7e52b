package org.locktable.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

/** The privilege pass's case list and its report section, without a kernel. */
class PrivilegeReportTest {
    @Test
    void theCaseListCoversEveryModeCallerAndFlagForEachWrite() {
        List<PrivilegeCase> all = PrivilegeCase.all();
        assertEquals(7 * 3 * 2 * 2, all.size());
        assertEquals(all.size(), all.stream().distinct().count());
        assertEquals("\"W W W W\" i_size=16384 mode=4755, 0+8192, root, NOWAIT", all.get(0).toString());
    }

    @Test
    void theSectionCountsAndMarksEveryRow() {
        PrivilegeCase c = new PrivilegeCase("W W", 8192, 04755, 0, 4096, true, true);
        PrivilegePass.Result r = new PrivilegePass.Result("6.18.0", List.of(
                new PrivilegePass.Row("xfs", "xfs-dio", c, "EAGAIN", false, "EAGAIN", false, 5),
                new PrivilegePass.Row("ext4", "ext4-base", c, "EAGAIN", false, "OK", true, 1)), List.of());
        assertFalse(r.agree());
        String md = PrivilegeReport.markdown(r);
        assertTrue(md.startsWith("## Privilege: set-id files, root and an unprivileged caller\n"), md);
        assertTrue(md.contains("Linux 6.18.0: 2 cases, 1 agreed, 1 disagreed."), md);
        assertTrue(md.contains("| xfs | xfs-dio | `W W` i_size=8192 | 4755 | 0+4096 | unprivileged | yes | EAGAIN | EAGAIN "
                + "| agree |"), md);
        assertTrue(md.contains("| EAGAIN | OK, set-id cleared | **DISAGREE** |"), md);
        assertEquals(List.of("ext4 \"W W\" i_size=8192 mode=4755, 0+4096, unprivileged, NOWAIT: engine EAGAIN, kernel OK, "
                + "set-id cleared"), PrivilegeReport.disagreements(r));
    }
}
