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
 * <p>Subclasses implement {@link #write(DecisionBuilder)} and read like the C function they mirror.
 */
public abstract class Policy {
    private final PolicyInfo info;

    Policy(PolicyInfo info) {
        this.info = info;
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

    /** The file system's {@code ->write_iter} for this kernel. */
    abstract void write(DecisionBuilder b);

    /**
     * {@code kiocb_set_rw_flags()}: a mainline kernel refuses RWF flags it does not know. Returns true when
     * the request was refused.
     */
    static boolean refusesRfcFlags(DecisionBuilder b) {
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
