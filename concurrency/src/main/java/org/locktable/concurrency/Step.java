package org.locktable.concurrency;

import java.util.function.Supplier;

/**
 * One step of one operation and the world it leads to; its label is built only when a timeline draws it. A bio
 * completion carries its {@code bio} (null for other steps), which the partial-order reduction looks at.
 */
record Step(int op, Kind kind, Supplier<String> text, World next, Bio bio) {

    Step(int op, Kind kind, Supplier<String> text, World next) {
        this(op, kind, text, next, null);
    }

    Step(int op, Kind kind, String label, World next) {
        this(op, kind, () -> label, next, null);
    }

    String label() {
        return text.get();
    }

    /** What a timeline lane draws for the step. */
    enum Kind {
        SAMPLE, LOCK, WAIT, DRAIN, SUBMIT, BIO, END_IO, DIO_END, RETURN
    }
}
