package org.locktable.rig;

import java.nio.file.Path;

/**
 * Run by {@link SandboxTest} in a child JVM: a tmpfs, an ext4 on a loop device over an image on it, and a process
 * holding a file open on that ext4; prints {@code READY <mount point> <image> <device> <base>} and waits to be
 * killed: its shutdown hook must tear everything down.
 */
public final class HoldSandbox {
    private HoldSandbox() {
    }

    public static void main(String[] args) throws Exception {
        Sandbox sandbox = new Sandbox();
        Path base = sandbox.tempDir("locktable-rig-test-");
        Path tmpfs = sandbox.mkdir(base.resolve("tmpfs"));
        sandbox.mountTmpfs(tmpfs, "256m");
        LoopFs fs = sandbox.loopFs(SandboxTest.EXT4, tmpfs.resolve("ext4.img"), tmpfs.resolve("mnt"), "ext4");
        Process holder = new ProcessBuilder("bash", "-c", "exec 3>\"$1/held\"; exec sleep 600", "hold",
                fs.mountPoint().toString()).start();
        sandbox.process("holder", holder); // an open file on the file system: it must go before the unmount
        System.out.println("READY " + fs.mountPoint() + " " + fs.image() + " " + fs.device() + " " + base);
        System.out.flush();
        Thread.sleep(120_000);
        System.exit(3); // not reached when killed
    }
}
