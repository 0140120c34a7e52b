package org.locktable.rig;

import java.io.IOException;

/**
 * The machine cannot run live kernel work: not root, no loop devices, a tool or the C compiler missing, or a set-up
 * command (mount, losetup, mkfs, cc) failed. The CLI reports it with {@link #cannotRun(String, String)} and exits
 * with {@link #EXIT_CODE}; tests turn it into a skip, or a failure under {@code LOCKTABLE_KERNEL_TESTS=required}.
 */
public final class EnvironmentException extends IOException {
    /** The exit status of a command that this machine cannot run. */
    public static final int EXIT_CODE = 3;
    private static final long serialVersionUID = 1L;

    public EnvironmentException(String message) {
        super(message);
    }

    /** The one message for exit status 3: {@code conformance cannot run on this machine: not root (...)}. */
    public static String cannotRun(String command, String reason) {
        return command + " cannot run on this machine: " + reason;
    }
}
