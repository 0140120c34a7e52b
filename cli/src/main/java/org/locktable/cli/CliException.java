package org.locktable.cli;

/** A problem with what the user asked for; reported as one line on stderr, exit code 2. */
final class CliException extends Exception {
    private static final long serialVersionUID = 1L;

    CliException(String message) {
        super(message);
    }
}
