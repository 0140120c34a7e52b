package org.locktable.xfstests;

import org.locktable.rig.KernelTestEnvironment;
import org.locktable.rig.Requirements;

/** What the live tests need: root, loop devices, ext4, XFS and tmpfs, mkfs and xfs_io. */
final class LiveRig {
    private LiveRig() {
    }

    static void require() {
        KernelTestEnvironment.require(Requirements.loopMounts()
                .tools("mkfs.ext4", "mkfs.xfs", "xfs_io", "bash", "awk")
                .filesystems("ext4", "xfs", "tmpfs"));
    }
}
