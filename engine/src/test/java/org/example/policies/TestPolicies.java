package org.example.policies;

import org.locktable.engine.catalog.PolicyCatalog;
import org.locktable.engine.policy.DecisionBuilder;
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
            b.markSubmitted();
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
