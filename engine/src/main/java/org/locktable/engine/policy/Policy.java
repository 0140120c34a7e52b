package org.locktable.engine.policy;

import org.locktable.engine.decision.Decision;
import org.locktable.engine.decision.Detail;
import org.locktable.engine.decision.Result;
import org.locktable.engine.model.Inode;
import org.locktable.engine.model.WriteRequest;

/**
 * One kernel's write-locking behaviour. A policy handles every write it can receive — direct, buffered,
 * with or without RWF flags — the way that kernel's {@code ->write_iter} routes it; its
 * {@link PolicyInfo#path()} says which of them its tables are about.
 *
 * <p>Subclasses carry {@link PolicyMetadata}, implement {@link #write(DecisionBuilder)} with the verbs of
 * {@link DecisionBuilder} and read like the C function they mirror. A user's policy (in their own jar) also has a
 * public no-argument constructor and is listed in {@code META-INF/services/org.locktable.engine.policy.Policy};
 * the catalog ({@code org.locktable.engine.catalog.PolicyCatalog}) then finds it. The built-in policies
 * ({@code org.locktable.engine.policy.builtin}) are written against exactly this package's public API, as a user's are:
 * the kernel's reusable pieces ({@link IomapDio}, {@link Ext4Lookups}, {@link FileRemovePrivs}, ...) and the write-path
 * skeletons with their hooks ({@link Ext4DioWriteIter}, {@link XfsDioWrite}). See engine/README.md.
 */
public abstract class Policy {
    private final PolicyInfo info;

    /** Reads this class's {@link PolicyMetadata}; throws {@link PolicyCatalogException} when it is missing or malformed. */
    protected Policy() {
        this.info = PolicyInfo.of(getClass());
    }

    public final PolicyInfo info() {
        return info;
    }

    public final String id() {
        return info.id();
    }

    /** The full decision: lock path, trace, iomap segments, zero ranges and transactions. */
    public final Decision decide(Inode inode, WriteRequest request) {
        return decide(inode, request, Detail.FULL);
    }

    public final Decision decide(Inode inode, WriteRequest request, Detail detail) {
        return decide(inode, request, detail, LockEntry.FIRST);
    }

    /**
     * The decision for a write that reaches the lock as {@code entry} says: with the i_size its path read before
     * locking, or re-running its checks under the exclusive lock after a restart (the concurrency oracle's questions).
     */
    public final Decision decide(Inode inode, WriteRequest request, Detail detail, LockEntry entry) {
        DecisionBuilder b = new DecisionBuilder(info.id(), inode, request, detail, entry);
        if (b.tracing()) {
            b.trace(info.id(), request + " on " + inode);
        }
        write(b);
        return b.build();
    }

    /** The file system's {@code ->write_iter} for this kernel: records what it does on {@code b}. */
    protected abstract void write(DecisionBuilder b);

    /**
     * The kernel write path this policy is built on, as the concurrency oracle replays it: inherited from the skeleton
     * ({@link Ext4FileWriteIter}, {@link XfsDioWrite}); a policy written from scratch overrides this or is refused by
     * the oracle.
     */
    public LockSteps lockSteps() {
        return LockSteps.UNDECLARED;
    }

    /** How this kernel's truncate, punch and fallocate differ from today's (the oracle's); today's by default. */
    public InodeOps inodeOps() {
        return InodeOps.TODAY;
    }

    /** The order of this kernel's direct-write completion steps (the oracle's end_io); today's by default. */
    public DioEndIo endIo() {
        return DioEndIo.CONVERT_THEN_SIZE;
    }

    /** The locks this kernel's reads take (the oracle's reads); today's by default. */
    public ReadLocks readLocks() {
        return ReadLocks.of(info.fileSystem());
    }

    /** Lets {@code other} continue the write {@code b} records, as a C function calls the one it wraps. */
    protected static void writeWith(Policy other, DecisionBuilder b) {
        other.write(b);
    }

    /**
     * {@code kiocb_set_rw_flags()}: a mainline kernel refuses RWF flags it does not know. Returns true when
     * the request was refused.
     */
    protected static boolean refusesRfcFlags(DecisionBuilder b) {
        if (b.req.writethrough() || b.req.noserial()) {
            b.fail(Result.EOPNOTSUPP, "kiocb_set_rw_flags",
                    "RWF_WRITETHROUGH / RWF_NOSERIAL are unknown to this kernel");
            return true;
        }
        return false;
    }

    @Override
    public String toString() {
        return info.id();
    }
}
