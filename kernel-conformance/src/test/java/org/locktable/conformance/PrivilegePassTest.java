package org.locktable.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;

import org.junit.jupiter.api.Test;
import org.locktable.rig.Progress;

/**
 * The privilege pass on the running kernel (root, loop devices): every case agrees with the engine, and the kernel
 * shows the privilege difference the pass is about — on XFS, root's NOWAIT overwrite of a set-uid file goes ahead
 * while the unprivileged caller's gets -EAGAIN; a blocking unprivileged write clears the bit, root's does not.
 */
class PrivilegePassTest {
    @Test
    void privilegePassAgreesWithTheEngine() throws IOException {
        PrivilegePass.Result r;
        try (Rig rig = KernelTestEnvironment.rig()) {
            r = PrivilegePass.run(rig, Progress.silent());
        }
        System.out.println("PrivilegePassTest: Linux " + r.kernelRelease() + ": " + r.rows().size() + " cases, "
                + r.agreed() + " agreed");
        assertEquals(PrivilegeCase.all().size() * 2, r.rows().size(), r.skipped()::toString);
        assertTrue(r.agree(), () -> String.join("\n", PrivilegeReport.disagreements(r)));
        PrivilegePass.Row root = find(r, "xfs", 04755, false, true);
        PrivilegePass.Row user = find(r, "xfs", 04755, true, true);
        assertEquals("OK", root.kernelResult());
        assertEquals("EAGAIN", user.kernelResult());
        assertTrue(find(r, "ext4", 04755, true, false).kernelStrips());
        assertTrue(!find(r, "ext4", 04755, false, false).kernelStrips());
    }

    /** The aligned overwrite of "W W W W" (0+8192). */
    private static PrivilegePass.Row find(PrivilegePass.Result r, String fs, int mode, boolean unprivileged, boolean nowait) {
        return r.rows().stream().filter(row -> row.fileSystem().equals(fs) && row.c().mode() == mode
                && row.c().unprivileged() == unprivileged && row.c().nowait() == nowait && row.c().offset() == 0
                && row.c().length() == 8192).findFirst().orElseThrow();
    }
}
