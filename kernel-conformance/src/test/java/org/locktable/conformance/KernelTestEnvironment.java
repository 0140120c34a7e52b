package org.locktable.conformance;

import java.io.IOException;
import java.util.Optional;

import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

/**
 * The one place that decides what a test needing root, loop devices, mkfs or a C compiler does on a machine that
 * lacks them: it is skipped with a one-line reason, unless {@code LOCKTABLE_KERNEL_TESTS=required} (CI sets it),
 * where the same reason fails it.
 */
public final class KernelTestEnvironment {
    static final String VARIABLE = "LOCKTABLE_KERNEL_TESTS";

    private KernelTestEnvironment() {
    }

    /** Skips (or, when required, fails) the calling test unless the machine can run the live conformance. */
    public static void require() {
        Optional<String> missing = Environment.missing();
        missing.ifPresent(KernelTestEnvironment::unavailable);
    }

    /** {@link #require()}, then a {@link Rig}; a set-up failure of the machine (mount, losetup, mkfs) counts as missing. */
    public static Rig rig() throws IOException {
        require();
        try {
            return Rig.create();
        } catch (EnvironmentException e) {
            unavailable(e.getMessage());
            throw new AssertionError("unreachable");
        }
    }

    /** The file system for {@code spec} on {@code rig}, with the same treatment of machine failures. */
    public static MountedFs fs(Rig rig, FsSpec spec) throws IOException {
        try {
            return rig.fs(spec);
        } catch (EnvironmentException e) {
            unavailable(e.getMessage());
            throw new AssertionError("unreachable");
        }
    }

    static void unavailable(String reason) {
        String mode = System.getenv(VARIABLE);
        Action a = decide(mode);
        if (a == Action.FAIL) {
            Assertions.fail("kernel test cannot run: " + reason + " (" + VARIABLE + "=required)");
        }
        Assumptions.abort("kernel test skipped: " + reason);
    }

    /** What to do when the machine lacks something. */
    enum Action {
        SKIP, FAIL
    }

    static Action decide(String variable) {
        return "required".equals(variable) ? Action.FAIL : Action.SKIP;
    }
}
