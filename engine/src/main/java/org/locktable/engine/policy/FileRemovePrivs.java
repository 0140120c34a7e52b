package org.locktable.engine.policy;

import org.locktable.engine.decision.TxKind;
import org.locktable.engine.model.Inode;

/**
 * fs/inode.c: the privilege step of {@code file_modified()} / {@code kiocb_modified()}, which every ext4 and XFS write
 * path calls under the inode lock once the lock is settled: {@code file_remove_privs_flags()} (v6.0+;
 * {@code file_remove_privs()} before) with {@code dentry_needs_remove_privs()} and the kill mask of
 * {@code should_remove_suid()} (fs/inode.c, up to v6.1) or {@code setattr_should_drop_suidgid()} (fs/attr.c, v6.2+).
 *
 * <pre>
 * if (IS_NOSEC(inode) || !S_ISREG(inode->i_mode)) return 0;
 * kill = dentry_needs_remove_privs(...);        // the set-id mask, 0 for a caller with CAP_FSETID
 * if (kill) {
 *     if (flags &amp; IOCB_NOWAIT) return -EAGAIN;  // only kiocb_modified() passes the kiocb's flags
 *     error = __remove_privs(...);               // notify_change(ATTR_FORCE | kill): a transaction
 * }
 * if (!error) inode_has_no_xattr(inode);         // S_NOSEC for a mode that is no longer is_sxid()
 * </pre>
 *
 * {@code security_inode_need_killpriv()} (a {@code security.capability} xattr, which kills even for root) is not
 * modelled: the engine's files carry no xattrs.
 */
public final class FileRemovePrivs {
    /** Which helper the file system calls: only {@code kiocb_modified()} hands {@code IOCB_NOWAIT} down. */
    public enum Call {
        /** {@code file_modified(file)}: flags 0, so the strip runs (and may block) even under IOCB_NOWAIT. */
        FILE_MODIFIED("file_modified", false),
        /** {@code kiocb_modified(iocb)} (v6.0+, 1aa91d9c9933 for XFS): -EAGAIN under IOCB_NOWAIT when a strip is due. */
        KIOCB_MODIFIED("kiocb_modified", true);

        final String function;
        final boolean passesNowait;

        Call(String function, boolean passesNowait) {
            this.function = function;
            this.passesNowait = passesNowait;
        }
    }

    /** The kill mask's rule for a set-gid file without group-exec. */
    public enum KillRule {
        /** {@code should_remove_suid()}, up to v6.1: set-uid, or set-gid with group-exec; nothing else. */
        SHOULD_REMOVE_SUID,
        /**
         * {@code setattr_should_drop_suidgid()} + {@code setattr_should_drop_sgid()}, v6.2+: also a set-gid file without
         * group-exec when the caller is outside its group and lacks CAP_FSETID ({@code in_group_or_capable()}).
         */
        SETATTR_SHOULD_DROP_SUIDGID
    }

    public static final int ATTR_KILL_SUID = 1;
    public static final int ATTR_KILL_SGID = 2;

    private FileRemovePrivs() {
    }

    /**
     * The kill mask {@code dentry_needs_remove_privs()} returns for this inode and caller: 0 when {@code IS_NOSEC}
     * or when the caller has CAP_FSETID.
     */
    public static int kill(Inode inode, boolean unprivileged, KillRule rule) {
        if (inode.nosec() || !unprivileged) {
            return 0;
        }
        int kill = inode.setuid() ? ATTR_KILL_SUID : 0;
        if (inode.setgid() && (inode.groupExec() || rule == KillRule.SETATTR_SHOULD_DROP_SUIDGID)) {
            kill |= ATTR_KILL_SGID;
        }
        return kill;
    }

    /**
     * The privilege step at the end of {@code caller}'s checks. Returns false when it returned -EAGAIN; otherwise
     * records the strip (a {@link TxKind#KILL_PRIVS} transaction, and a possible block under IOCB_NOWAIT).
     */
    public static boolean run(DecisionBuilder b, String caller, Call call, KillRule rule) {
        int kill = kill(b.inode, b.req.unprivileged(), rule);
        if (kill == 0) {
            if (b.tracing() && (b.inode.mode() & 06000) != 0 && !b.inode.nosec()) {
                b.trace(caller, call.function + "(): !IS_NOSEC, nothing to strip"
                        + (b.inode.sxid() ? " (the caller has CAP_FSETID)" : ""));
            }
            return true;
        }
        String bits = (kill & ATTR_KILL_SUID) != 0 ? (kill & ATTR_KILL_SGID) != 0 ? "ATTR_KILL_SUID | ATTR_KILL_SGID"
                : "ATTR_KILL_SUID" : "ATTR_KILL_SGID";
        if (b.req.nowait() && call.passesNowait) {
            b.eagain(caller, call.function + "(): file_remove_privs_flags needs " + bits, " under IOCB_NOWAIT");
            return false;
        }
        b.mayBlock(call.function + "() strips the set-id bits: notify_change starts a transaction");
        b.trace(caller, call.function, "(): unprivileged caller -> __remove_privs(" + bits + "), then S_NOSEC");
        b.tx(TxKind.KILL_PRIVS);
        return true;
    }
}
