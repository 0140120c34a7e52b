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
 * {@link PolicyCatalog} then finds it. See engine/README.md.
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
        DecisionBuilder b = new DecisionBuilder(info.id(), inode, request, detail);
        if (b.tracing()) {
            b.trace(info.id(), request + " on " + inode);
        }
        write(b);
        return b.build();
    }

    /** The file system's {@code ->write_iter} for this kernel: records what it does on {@code b}. */
    protected abstract void write(DecisionBuilder b);

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
