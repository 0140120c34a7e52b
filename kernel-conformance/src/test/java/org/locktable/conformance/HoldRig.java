package org.locktable.conformance;

/**
 * Run by {@link MountsTest} in a child JVM: sets up a rig with an ext4 file system, prints
 * {@code READY <mount point> <image> <device> <base>} and waits to be killed; its shutdown hook must tear down.
 */
public final class HoldRig {
    private HoldRig() {
    }

    public static void main(String[] args) throws Exception {
        Rig rig = Rig.create();
        MountedFs fs = rig.fs(FsSpec.EXT4);
        Ltprobe p = rig.helper(fs);
        p.ok("create held"); // an open file on the file system: the helper must go before the unmount
        System.out.println("READY " + fs.mountPoint() + " " + fs.image() + " " + fs.device() + " " + rig.base());
        System.out.flush();
        Thread.sleep(120_000);
        System.exit(3); // not reached when killed
    }
}
