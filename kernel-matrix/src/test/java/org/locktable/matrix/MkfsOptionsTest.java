package org.locktable.matrix;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.locktable.conformance.FsKind;
import org.locktable.engine.policy.KernelVersion;

class MkfsOptionsTest {
    static final KernelVersion XFSPROGS = new KernelVersion(6, 1);
    static final KernelVersion E2FSPROGS = new KernelVersion(1, 47);

    @Test
    void kernelFiveTenGetsTheFeaturesItCannotMountTurnedOff() {
        MkfsOptions o = new MkfsOptions(new KernelVersion(5, 10), XFSPROGS, E2FSPROGS);
        assertEquals(List.of("-m", "bigtime=0,inobtcount=0", "-i", "nrext64=0"), o.extra(FsKind.XFS));
        assertEquals(List.of("-O", "^orphan_file"), o.extra(FsKind.EXT4));
    }

    @Test
    void newerKernelsTakeTheDefaults() {
        assertEquals("ext4: defaults; xfs: defaults", new MkfsOptions(new KernelVersion(6, 1), XFSPROGS, E2FSPROGS).describe());
        assertEquals(List.of("-i", "nrext64=0"), new MkfsOptions(new KernelVersion(5, 15), XFSPROGS, E2FSPROGS).extra(FsKind.XFS));
    }

    @Test
    void anOptionTheMachinesMkfsDoesNotKnowIsNotGiven() {
        MkfsOptions old = new MkfsOptions(new KernelVersion(5, 10), new KernelVersion(5, 10), new KernelVersion(1, 46));
        assertEquals(List.of("-m", "bigtime=0,inobtcount=0"), old.extra(FsKind.XFS));
        assertEquals(List.of(), old.extra(FsKind.EXT4));
    }

    /** The guest runs this machine's mkfs from /opt/lt, the kernel's options before the target. */
    @Test
    void theGuestsLineHasTheToolFromOptAndTheOptionsBeforeTheTarget() {
        MkfsOptions o = new MkfsOptions(new KernelVersion(5, 10), XFSPROGS, E2FSPROGS);
        assertEquals(List.of("/opt/lt/mkfs.ext4", "-q", "-F", "-b", "4096", "-O", "^orphan_file", "/t/a.img"),
                o.inGuest(List.of("mkfs.ext4", "-q", "-F", "-b", "4096", "/t/a.img"), FsKind.EXT4));
    }
}
