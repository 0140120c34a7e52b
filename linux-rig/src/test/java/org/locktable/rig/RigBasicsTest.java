package org.locktable.rig;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;

import org.junit.jupiter.api.Test;

/** The process runner, the mkfs and losetup lines, the environment message, the skip-or-fail rule; no root needed. */
class RigBasicsTest {

    @Test
    void runCollectsOutputAndExitCode() throws IOException {
        Shell.Result r = Shell.bash("echo out; echo err >&2; exit 3");
        assertEquals(3, r.exitCode());
        assertEquals("out\n", r.out());
        assertEquals("`bash -c echo out; echo err >&2; exit 3` exited with 3: err", r.describe());
        IOException e = assertThrows(IOException.class, () -> Shell.check(List.of("false")));
        assertEquals("`false` exited with 1", e.getMessage());
    }

    @Test
    void aMissingCommandAndATimeoutAreResultsNotExceptions() throws IOException {
        assertEquals(Shell.NOT_STARTED, Shell.run(List.of("locktable-no-such-command")).exitCode());
        Shell.Result slow = Shell.run(List.of("sleep", "5"), 1);
        assertEquals(Shell.TIMED_OUT, slow.exitCode());
        assertTrue(slow.describe().endsWith("timed out after 1 s"), slow.describe());
    }

    @Test
    void mkfsAndLosetupLines() {
        LoopFsSpec xfs4kn = new LoopFsSpec("xfs", 320L << 20, 4096, 4096, false);
        assertEquals(List.of("mkfs.xfs", "-q", "-f", "-b", "size=4096", "-s", "size=4096", "IMG"), xfs4kn.mkfs("IMG"));
        assertEquals(List.of("losetup", "-f", "--show", "--sector-size", "4096", "IMG"), xfs4kn.losetup("IMG"));
        LoopFsSpec ext4 = new LoopFsSpec("ext4", 64L << 20, 1024, 512, true);
        assertEquals(List.of("mkfs.ext4", "-q", "-F", "-b", "1024", "IMG"), ext4.mkfs("IMG"));
        assertEquals(List.of("losetup", "-f", "--show", "--direct-io=on", "IMG"), ext4.losetup("IMG"));
        assertThrows(IllegalArgumentException.class, () -> new LoopFsSpec("btrfs", 1, 4096, 512, false));
    }

    @Test
    void oneMessageForAMachineThatCannotRunIt() {
        assertEquals("conformance cannot run on this machine: not root (effective uid 1000): loop devices and mounts "
                + "need root", EnvironmentException.cannotRun("conformance",
                "not root (effective uid 1000): loop devices and mounts need root"));
        assertEquals(3, EnvironmentException.EXIT_CODE);
    }

    @Test
    void aMissingToolIsNamedWithItsPackage() {
        assertEquals("mkfs.xfs is not installed (apt-get install xfsprogs)", Requirements.notInstalled("mkfs.xfs"));
        assertEquals("losetup is not installed (apt-get install util-linux mount)", Requirements.notInstalled("losetup"));
        assertEquals("fio is not installed (apt-get install fio)", Requirements.notInstalled("fio"));
    }

    @Test
    void teardownUndoesInReverseAndKeepsGoingAfterAFailure() throws IOException {
        List<String> undone = new java.util.ArrayList<>();
        Sandbox sandbox = new Sandbox();
        sandbox.onTeardown("first", () -> undone.add("first"));
        sandbox.onTeardown("broken", () -> {
            throw new IOException("cannot");
        });
        int mark = sandbox.mark();
        sandbox.onTeardown("third", () -> undone.add("third"));
        sandbox.rollback(mark);
        assertEquals(List.of("third"), undone);
        sandbox.close();
        assertEquals(List.of("third", "first"), undone);
        assertEquals(List.of("undone: third", "could not undo broken: cannot", "undone: first"), sandbox.teardownLog());
        assertThrows(IOException.class, () -> sandbox.onTeardown("late", () -> { }));
    }

    @Test
    void aTornDownSandboxRunsNoMkfs() {
        Sandbox sandbox = new Sandbox();
        sandbox.close();
        IOException e = assertThrows(IOException.class, () -> sandbox.mkfs(new LoopFsSpec("ext4", 1L << 20, 4096,
                512, false), "/dev/locktable-no-such-device", "late ext4"));
        assertEquals("the sandbox has been torn down", e.getMessage());
    }

    @Test
    void aTornDownSandboxRunsNoCommandInWhatItSetUp() throws IOException {
        Sandbox sandbox = new Sandbox();
        assertEquals("in the sandbox", sandbox.check(List.of("echo", "in the sandbox"), 10).strip());
        sandbox.close();
        IOException e = assertThrows(IOException.class, () -> sandbox.run(List.of("true"), 10));
        assertEquals("the sandbox has been torn down", e.getMessage());
    }

    @Test
    void requiredMakesAMissingMachineAFailure() {
        assertEquals(KernelTestEnvironment.Action.FAIL, KernelTestEnvironment.decide("required"));
        assertEquals(KernelTestEnvironment.Action.SKIP, KernelTestEnvironment.decide(null));
        assertEquals(KernelTestEnvironment.Action.SKIP_ALL, KernelTestEnvironment.decide("skip"));
        assertEquals(KernelTestEnvironment.Action.SKIP, KernelTestEnvironment.decide(""));
        assertEquals(KernelTestEnvironment.Action.SKIP, KernelTestEnvironment.decide("optional"));
    }
}
