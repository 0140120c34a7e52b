package org.example.skeleton;

import org.locktable.engine.catalog.PolicyCatalog;
import org.locktable.engine.policy.DecisionBuilder;
import org.locktable.engine.policy.Ext4DioWriteIter;
import org.locktable.engine.policy.FileSystem;
import org.locktable.engine.policy.Policy;
import org.locktable.engine.policy.PolicyInfo.Status;
import org.locktable.engine.policy.PolicyInfo.WritePath;
import org.locktable.engine.policy.PolicyMetadata;
import org.locktable.engine.policy.XfsDioWrite;

/** Users' policies outside the engine's packages, as a user writes them: only the public API. */
public final class SkeletonPolicies {
    private SkeletonPolicies() {
    }

    /** The ext4 skeleton with no hook overridden, under its own id: it must be ext4-base in every verdict. */
    @PolicyMetadata(id = "user-ext4-skeleton", title = "Ext4DioWriteIter, nothing overridden", fileSystem = FileSystem.EXT4,
            path = WritePath.DIRECT, kernel = "none", status = Status.PROPOSED, functions = "none")
    public static final class Ext4Skeleton extends Ext4DioWriteIter {
    }

    /** The XFS skeleton with no hook overridden: it must be xfs-dio in every verdict. */
    @PolicyMetadata(id = "user-xfs-skeleton", title = "XfsDioWrite, nothing overridden", fileSystem = FileSystem.XFS,
            path = WritePath.DIRECT, kernel = "none", status = Status.PROPOSED, functions = "none")
    public static final class XfsSkeleton extends XfsDioWrite {
    }

    /** ext4-base whose direct reads take no inode lock: a read may then race a truncate's freeing of its blocks. */
    @PolicyMetadata(id = "user-ext4-unlocked-reads", title = "ext4-base, direct reads without the inode lock",
            fileSystem = FileSystem.EXT4, path = WritePath.DIRECT, kernel = "none", status = Status.PROPOSED,
            functions = "none")
    public static final class UnlockedReads extends Ext4DioWriteIter {
        @Override
        public org.locktable.engine.policy.ReadLocks readLocks() {
            return new org.locktable.engine.policy.ReadLocks(org.locktable.engine.decision.Lock.NONE,
                    org.locktable.engine.decision.Lock.NONE);
        }
    }

    /** Written from scratch, delegating to mainline, declaring no write path: the oracle refuses it. */
    @PolicyMetadata(id = "user-from-scratch", title = "Policy, delegating to ext4-base", fileSystem = FileSystem.EXT4,
            path = WritePath.DIRECT, kernel = "none", status = Status.PROPOSED, functions = "none")
    public static final class FromScratch extends Policy {
        private final Policy base = PolicyCatalog.builtIn("ext4-base");

        @Override
        protected void write(DecisionBuilder b) {
            writeWith(base, b);
        }
    }
}
