package org.locktable.concurrency;

/** The letter of operation {@code i}: A, B, C — each writes its own pattern, as the live harness does. */
final class Lane {
    private Lane() {
    }

    static char letter(int op) {
        return (char) ('A' + op);
    }
}
