package org.locktable.concurrency;

/** One step of one operation and the world it leads to. */
record Step(int op, Kind kind, String label, World next) {

    /** What a timeline lane draws for the step. */
    enum Kind {
        SAMPLE, LOCK, DRAIN, SUBMIT, BIO, END_IO, DIO_END, RETURN
    }
}
