package org.locktable.engine.decision;

/** The inode lock mode (`i_rwsem`; XFS IOLOCK lives on the same semaphore). */
public enum Lock {
    NONE, SHARED, EXCLUSIVE;

    /** The one-letter form used in lock paths: S, X, or - for none. */
    public String letter() {
        return this == SHARED ? "S" : this == EXCLUSIVE ? "X" : "-";
    }
}
