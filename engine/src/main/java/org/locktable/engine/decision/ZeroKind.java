package org.locktable.engine.decision;

/** Why the DIO layer zeroes a range (`iomap_dio_bio_iter`). */
public enum ZeroKind {
    /** From the block start to the write start, in a new or unwritten block. */
    HEAD("from the block start to the write start, in a new or unwritten block"),
    /** From the write end to the block end, in a new or unwritten block. */
    TAIL("from the write end to the block end, in a new or unwritten block"),
    /** From the write end to the block end because the write ends at or beyond `i_size`. */
    EOF_TAIL("from the write end to the block end, because the write ends at or beyond i_size");

    private final String description;

    ZeroKind(String description) {
        this.description = description;
    }

    /** One line for {@code decide --help}. */
    public String description() {
        return description;
    }

    public String label() {
        return this == EOF_TAIL ? "eof-tail" : name().toLowerCase(java.util.Locale.ROOT);
    }
}
