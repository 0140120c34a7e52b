package org.locktable.conformance;

import java.io.IOException;

/**
 * The machine cannot run the live conformance: not root, no loop devices, no mkfs, no C compiler, or a set-up
 * command (mount, losetup, mkfs) failed. Tests turn it into a skip, or a failure under
 * {@code LOCKTABLE_KERNEL_TESTS=required}.
 */
public final class EnvironmentException extends IOException {
    private static final long serialVersionUID = 1L;

    public EnvironmentException(String message) {
        super(message);
    }

    public EnvironmentException(String message, Throwable cause) {
        super(message, cause);
    }
}
