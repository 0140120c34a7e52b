package org.example.policies;

import org.locktable.engine.catalog.PolicyCatalog;
import org.locktable.engine.decision.DrainReason;
import org.locktable.engine.decision.TxKind;
import org.locktable.engine.policy.DecisionBuilder;
import org.locktable.engine.policy.Ext4DioWriteIter;
import org.locktable.engine.policy.Ext4IomapBegin;
import org.locktable.engine.policy.FileSystem;
import org.locktable.engine.policy.Policy;
import org.locktable.engine.policy.PolicyInfo.Status;
import org.locktable.engine.policy.PolicyInfo.WritePath;
import org.locktable.engine.policy.PolicyMetadata;

/**
 * Users' policies, outside the engine's package so that they can use only its public API; PolicyLoaderTest lists
 * them in a services file of its own.
 */
public final class TestPolicies {
    private TestPolicies() {
    }

    /** Every write exclusive, waited: the simplest policy there is. */
    @PolicyMetadata(id = "test-always-exclusive", title = "always exclusive", fileSystem = FileSystem.EXT4, path = WritePath.DIRECT,
            kernel = "none", status = Status.PROPOSED, functions = "none")
    public static final class AlwaysExclusive extends Policy {
        @Override
        protected void write(DecisionBuilder b) {
            b.lockExclusive();
            b.trace("always_exclusive", "inode_lock");
            b.forceWait();
            Ext4DioWriteIter.iomapDioRw(b, b.end() > b.inode().size(), Ext4IomapBegin.V7_0, TxKind.SIZE_AT_COMPLETION);
        }
    }

    /** The ext4 skeleton as a user would start from it, under its own id: it must be ext4-base in every answer. */
    @PolicyMetadata(id = "test-overrides-nothing", title = "the ext4 skeleton with no hook overridden",
            fileSystem = FileSystem.EXT4, path = WritePath.DIRECT, kernel = "none", status = Status.PROPOSED,
            functions = "none")
    public static final class OverridesNothing extends Ext4DioWriteIter {
    }

    /** Takes the shared lock, then hands the write to mainline, which takes its own: {@code S -> X} without an unlock. */
    @PolicyMetadata(id = "test-shared-then-mainline", title = "S, then ext4-base", fileSystem = FileSystem.EXT4,
            path = WritePath.DIRECT, kernel = "none", status = Status.PROPOSED, functions = "none")
    public static final class SharedThenMainline extends Policy {
        private final Policy base = PolicyCatalog.builtIn("ext4-base");

        @Override
        protected void write(DecisionBuilder b) {
            b.lockShared();
            writeWith(base, b);
        }
    }

    /** Says that I/O was submitted, not what: the engine has no data bio to race. */
    @PolicyMetadata(id = "test-no-submission", title = "markSubmitted alone", fileSystem = FileSystem.EXT4,
            path = WritePath.DIRECT, kernel = "none", status = Status.PROPOSED, functions = "none")
    public static final class NoSubmission extends Policy {
        @Override
        protected void write(DecisionBuilder b) {
            b.lockExclusive();
            b.forceWait();
            b.markSubmitted();
        }
    }

    /** Drains in-flight direct I/O before taking the lock. */
    @PolicyMetadata(id = "test-drain-unlocked", title = "inode_dio_wait before inode_lock", fileSystem = FileSystem.EXT4,
            path = WritePath.DIRECT, kernel = "none", status = Status.PROPOSED, functions = "none")
    public static final class DrainUnlocked extends Policy {
        @Override
        protected void write(DecisionBuilder b) {
            b.drain(DrainReason.UNALIGNED);
            b.lockExclusive();
            b.forceWait();
            Ext4DioWriteIter.iomapDioRw(b, false, Ext4IomapBegin.V7_0, TxKind.SIZE_AT_COMPLETION);
        }
    }

    /** Updates i_size after the I/O, as pre-6.7 ext4 did, but under the shared lock. */
    @PolicyMetadata(id = "test-size-shared", title = "i_size grown under the shared lock", fileSystem = FileSystem.EXT4,
            path = WritePath.DIRECT, kernel = "none", status = Status.PROPOSED, functions = "none")
    public static final class SizeUnderShared extends Policy {
        @Override
        protected void write(DecisionBuilder b) {
            b.lockShared();
            b.forceWait();
            Ext4DioWriteIter.iomapDioRw(b, b.end() > b.inode().size(), Ext4IomapBegin.V7_0, TxKind.SIZE_AFTER_DIO);
        }
    }

    /** Its lock flips from one walk to the next. */
    @PolicyMetadata(id = "test-coin", title = "a coin flip", fileSystem = FileSystem.EXT4, path = WritePath.DIRECT,
            kernel = "none", status = Status.PROPOSED, functions = "none")
    public static final class Coin extends Policy {
        private int flips;

        @Override
        protected void write(DecisionBuilder b) {
            if (flips++ % 2 == 0) {
                b.lockShared();
            } else {
                b.lockExclusive();
            }
            Ext4DioWriteIter.iomapDioRw(b, false, Ext4IomapBegin.V7_0, TxKind.SIZE_AT_COMPLETION);
        }
    }

    /** ext4-base itself, under another id: composes the built-in. */
    @PolicyMetadata(id = "test-a-base-copy", title = "ext4-base again", fileSystem = FileSystem.EXT4, path = WritePath.DIRECT,
            kernel = "none", status = Status.PROPOSED, functions = "none")
    public static final class BaseCopy extends Policy {
        private final Policy base = PolicyCatalog.builtIn("ext4-base");

        @Override
        protected void write(DecisionBuilder b) {
            writeWith(base, b);
        }
    }

    /** Claims an id another test policy has. */
    @PolicyMetadata(id = "test-always-exclusive", title = "same id", fileSystem = FileSystem.XFS, path = WritePath.DIRECT,
            kernel = "none", status = Status.RFC, functions = "none")
    public static final class SameId extends BaseCopyLike {
    }

    /** Claims a built-in's id. */
    @PolicyMetadata(id = "ext4-base", title = "a second ext4-base", fileSystem = FileSystem.EXT4, path = WritePath.DIRECT,
            kernel = "none", status = Status.RFC, functions = "none")
    public static final class BuiltInId extends BaseCopyLike {
    }

    /** Forgot its {@code @PolicyMetadata}. */
    public static final class NoMetadata extends BaseCopyLike {
    }

    /** The shared body of the misdeclared policies: they never decide anything. */
    public abstract static class BaseCopyLike extends Policy {
        @Override
        protected void write(DecisionBuilder b) {
            b.lockExclusive();
        }
    }
}
