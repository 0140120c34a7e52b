package org.locktable.engine.decision;

/** Why the DIO layer zeroes a range (`iomap_dio_bio_iter`). */
public enum ZeroKind {
    /** From the block start to the write start, in a new or unwritten block. */
    HEAD,
    /** From the write end to the block end, in a new or unwritten block. */
    TAIL,
    /** From the write end to the block end because the write ends at or beyond `i_size`. */
    EOF_TAIL;

    public String label() {
        return this == EOF_TAIL ? "eof-tail" : name().toLowerCase(java.util.Locale.ROOT);
    }
}
