package org.locktable.conformance;

import java.io.IOException;

/**
 * The conformance tests' access to the live rig: skipped with a one-line reason on a machine that lacks root, loop
 * devices, mkfs or a C compiler, failed instead under {@code LOCKTABLE_KERNEL_TESTS=required} (the rule of the
 * rig's {@link org.locktable.rig.KernelTestEnvironment}).
 */
public final class KernelTestEnvironment {
    private KernelTestEnvironment() {
    }

    /** Skips (or, when required, fails) the calling test unless the machine can run the live conformance. */
    public static void require() {
        org.locktable.rig.KernelTestEnvironment.require(Rig.REQUIREMENTS);
    }

    /** {@link #require()}, then a {@link Rig}; a set-up failure of the machine (mount, losetup, mkfs) counts as missing. */
    public static Rig rig() throws IOException {
        require();
        return org.locktable.rig.KernelTestEnvironment.setUp(Rig::create);
    }

    /** The file system for {@code spec} on {@code rig}, with the same treatment of machine failures. */
    public static MountedFs fs(Rig rig, FsSpec spec) throws IOException {
        return org.locktable.rig.KernelTestEnvironment.setUp(() -> rig.fs(spec));
    }
}
