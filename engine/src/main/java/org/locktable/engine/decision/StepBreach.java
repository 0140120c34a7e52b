package org.locktable.engine.decision;

/** A step a policy recorded that the kernel's rules forbid: the catalog refuses a policy that takes one. */
public enum StepBreach {
    /** {@code inode_lock()} or {@code inode_lock_shared()} while the lock is held: a self-deadlock ({@code S -> X}). */
    RELOCK("takes the inode lock while holding it (no unlock between): the kernel would deadlock"),
    /** {@code inode_unlock()}, a downgrade or a demote of a lock not held (exclusively, for the latter two). */
    BAD_RELEASE("releases, downgrades or demotes a lock it does not hold"),
    /** {@code inode_dio_wait()} or the I/O submission without the inode lock. */
    NO_LOCK("drains or submits I/O holding no inode lock"),
    /** An i_size update or EOF zeroing in the write path without the exclusive lock. */
    SIZE_NOT_EXCLUSIVE("changes i_size or zeroes past it in the write path without the exclusive lock");

    private final String description;

    StepBreach(String description) {
        this.description = description;
    }

    /** What the policy did, for a refusal line. */
    public String description() {
        return description;
    }
}
