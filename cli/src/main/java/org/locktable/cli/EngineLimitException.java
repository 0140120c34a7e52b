package org.locktable.cli;

/**
 * The engine cannot answer for a reason that is not the user's input (its condition columns do not determine
 * a policy's decisions): one line on stderr, exit code 70.
 */
final class EngineLimitException extends Exception {
    private static final long serialVersionUID = 1L;

    EngineLimitException(String message) {
        super(message);
    }
}
