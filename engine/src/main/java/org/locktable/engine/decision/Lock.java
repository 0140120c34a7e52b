package org.locktable.engine.decision;

/** The inode lock mode (`i_rwsem`; XFS IOLOCK lives on the same semaphore). */
public enum Lock {
    NONE("no inode lock taken (refused before locking)"),
    SHARED("i_rwsem / IOLOCK held shared"),
    EXCLUSIVE("i_rwsem / IOLOCK held exclusive");

    private final String description;

    Lock(String description) {
        this.description = description;
    }

    /** The one-letter form used in lock paths: S, X, or - for none. */
    public String letter() {
        return this == SHARED ? "S" : this == EXCLUSIVE ? "X" : "-";
    }

    /** One line for legends and {@code decide --help}. */
    public String description() {
        return description;
    }
}
