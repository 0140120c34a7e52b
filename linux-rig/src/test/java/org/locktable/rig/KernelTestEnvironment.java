package org.locktable.rig;

import java.io.IOException;
import java.util.Optional;

import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

/**
 * The one place that decides what a test needing root, loop devices, mkfs or a C compiler does on a machine that
 * lacks them: it is skipped with a one-line reason, unless {@code LOCKTABLE_KERNEL_TESTS=required} (CI sets it),
 * where the same reason fails it. {@code LOCKTABLE_KERNEL_TESTS=skip} skips every such test even where it could run:
 * CI's pass on its second JDK, since the kernels those tests check answered the first pass minutes before. Shipped in
 * this module's test-jar for every module that uses the rig.
 */
public final class KernelTestEnvironment {
    public static final String VARIABLE = "LOCKTABLE_KERNEL_TESTS";

    /** A set-up step whose {@link EnvironmentException} means the machine cannot run the test. */
    @FunctionalInterface
    public interface SetUp<T> {
        T run() throws IOException;
    }

    private KernelTestEnvironment() {
    }

    /** Skips the calling test, one that runs the kernel, under {@code LOCKTABLE_KERNEL_TESTS=skip}. */
    public static void live() {
        if (decide(System.getenv(VARIABLE)) == Action.SKIP_ALL) {
            Assumptions.abort("kernel test skipped: " + VARIABLE + "=skip");
        }
    }

    /** Skips (or, when required, fails) the calling test unless the machine has what {@code needs} lists. */
    public static void require(Requirements needs) {
        live();
        Optional<String> missing = needs.missing();
        missing.ifPresent(KernelTestEnvironment::unavailable);
    }

    /** Runs {@code step}; a failure of the machine (mount, losetup, mkfs, cc) skips or fails like a missing tool. */
    public static <T> T setUp(SetUp<T> step) throws IOException {
        live();
        try {
            return step.run();
        } catch (EnvironmentException e) {
            unavailable(e.getMessage());
            throw new AssertionError("unreachable");
        }
    }

    /** Skips the calling test with {@code reason}, or fails it under {@code LOCKTABLE_KERNEL_TESTS=required}. */
    public static void unavailable(String reason) {
        if (decide(System.getenv(VARIABLE)) == Action.FAIL) {
            Assertions.fail("kernel test cannot run: " + reason + " (" + VARIABLE + "=required)");
        }
        Assumptions.abort("kernel test skipped: " + reason);
    }

    /** What to do when the machine lacks something; {@code SKIP_ALL}: skip even when it has everything. */
    public enum Action {
        SKIP, FAIL, SKIP_ALL
    }

    public static Action decide(String variable) {
        if ("required".equals(variable)) {
            return Action.FAIL;
        }
        return "skip".equals(variable) ? Action.SKIP_ALL : Action.SKIP;
    }
}
