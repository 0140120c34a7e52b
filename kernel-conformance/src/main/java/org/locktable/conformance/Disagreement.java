package org.locktable.conformance;

import org.locktable.engine.decision.Result;
import org.locktable.engine.model.Inode;
import org.locktable.engine.model.WriteRequest;

/**
 * One case where the kernel and the engine differ.
 *
 * @param index the case's index in the space (smaller is more minimal)
 * @param inode the file as the engine sees it
 * @param request the NOWAIT direct write
 * @param kernel what the kernel answered
 * @param engine what the engine decided for the running kernel's policy
 * @param plan how the file was built
 * @param prime the XFS prime offset used (-1 none, -2 futimens)
 * @param conditions the case's condition code ({@code org.locktable.engine.table.Conditions})
 */
public record Disagreement(long index, Inode inode, WriteRequest request, KernelAnswer kernel, Result engine,
                           BuildPlan plan, long prime, int conditions) {
}
