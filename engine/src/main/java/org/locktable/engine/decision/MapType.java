package org.locktable.engine.decision;

/** The mapping type `iomap_begin` hands to the DIO layer. */
public enum MapType {
    MAPPED("M", "IOMAP_MAPPED: written blocks"),
    UNWRITTEN("U", "IOMAP_UNWRITTEN: unwritten blocks, converted at completion");

    private final String letter;
    private final String description;

    MapType(String letter, String description) {
        this.letter = letter;
        this.description = description;
    }

    /** The letter in the segment notation ({@link Segment#toString()}). */
    public String letter() {
        return letter;
    }

    /** One line for {@code decide --help}. */
    public String description() {
        return description;
    }
}
