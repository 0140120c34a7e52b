package org.locktable.replay;

import java.io.IOException;
import java.util.List;

import org.locktable.concurrency.Operation;
import org.locktable.concurrency.Verdict;
import org.locktable.engine.model.Inode;
import org.locktable.engine.policy.Policy;

/**
 * A kernel to replay races on: the running one ({@link LiveRig}) or a guest's (kernel-matrix). One
 * {@link ReplayDevice} per file system, made on first use; closing the rig tears everything down.
 */
public interface RaceRig extends AutoCloseable {
    /** {@code uname -r} of the kernel the races run on. */
    String kernelRelease();

    /** Replays {@code ops} on {@code fileSystem} ({@code ext4} or {@code xfs}) following {@code plan}. */
    LiveResult replay(String fileSystem, Inode inode, List<Operation> ops, HoldPlan plan, String api) throws IOException;

    /**
     * Replays a race the model judged: an UNSAFE verdict's shortest counterexample followed exactly, a SAFE one with
     * {@link HoldPlan#adversarial}; on the policy's file system.
     */
    default LiveResult replay(Policy policy, Inode inode, List<Operation> ops, Verdict verdict, String api)
            throws IOException {
        HoldPlan plan = verdict.counterexample().map(cx -> HoldPlan.following(inode, ops, cx.steps()))
                .orElseGet(() -> HoldPlan.adversarial(ops, inode.blockSize()));
        return replay(fileSystem(policy), inode, ops, plan, api);
    }

    /** The file system a policy models: {@code ext4} or {@code xfs}. */
    static String fileSystem(Policy policy) {
        return policy.info().fileSystem().label();
    }

    @Override
    void close();
}
