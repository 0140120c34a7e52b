package org.locktable.engine.decision;

/** One step of a lock path, e.g. {@code S, unlock, X} for an ext4 restart. */
public enum LockOp {
    SHARED("S"),
    EXCLUSIVE("X"),
    UNLOCK("unlock"),
    /** {@code downgrade_write}: X becomes S without releasing. */
    DOWNGRADE("downgrade"),
    /** XFS {@code xfs_ilock_demote}: X becomes S after the EOF checks. */
    DEMOTE("demote");

    private final String label;

    LockOp(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
