package org.locktable.engine.model;

/** What a logical block of a file is mapped to; one letter each in the layout notation. */
public enum BlockState {
    /** No mapping. {@code ext4_map_blocks} returns 0, XFS {@code imap_needs_alloc} is true. */
    HOLE('H'),
    /** Allocated but not yet written ({@code EXT4_MAP_UNWRITTEN}, XFS {@code XFS_EXT_UNWRITTEN}). */
    UNWRITTEN('U'),
    /** Allocated and written ({@code EXT4_MAP_MAPPED}, XFS {@code XFS_EXT_NORM}). */
    WRITTEN('W'),
    /** Reserved by a buffered write, not allocated yet; ext4 lookups report it as a hole. */
    DELALLOC('D');

    private final char letter;

    BlockState(char letter) {
        this.letter = letter;
    }

    public char letter() {
        return letter;
    }

    /** Written or unwritten: an on-disk extent record exists. */
    public boolean allocated() {
        return this == WRITTEN || this == UNWRITTEN;
    }

    public static BlockState ofLetter(char c) {
        switch (c) {
            case 'H':
            case '.':
                return HOLE;
            case 'U':
                return UNWRITTEN;
            case 'W':
                return WRITTEN;
            case 'D':
                return DELALLOC;
            default:
                return null;
        }
    }
}
