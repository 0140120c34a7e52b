package org.locktable.engine.decision;

/** One step of a lock path, e.g. {@code S, unlock, X} for an ext4 restart. */
public enum LockOp {
    SHARED("S", "take the inode lock shared"),
    EXCLUSIVE("X", "take the inode lock exclusive"),
    UNLOCK("unlock", "release it (before relocking)"),
    /** {@code downgrade_write}: X becomes S without releasing. */
    DOWNGRADE("downgrade", "ext4 downgrade_write: X becomes S without releasing"),
    /** XFS {@code xfs_ilock_demote}: X becomes S after the EOF checks. */
    DEMOTE("demote", "XFS xfs_ilock_demote: X becomes S after the checks");

    private final String label;
    private final String description;

    LockOp(String label, String description) {
        this.label = label;
        this.description = description;
    }

    /** One line for {@code decide --help}. */
    public String description() {
        return description;
    }

    public String label() {
        return label;
    }
}
