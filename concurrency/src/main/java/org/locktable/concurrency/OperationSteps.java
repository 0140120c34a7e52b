package org.locktable.concurrency;

import java.util.List;

/**
 * The steps one kind of operation takes in the kernel, each against the file as it is at that moment: one class per
 * kind ({@link DirectWriteSteps}, {@link BufferedSteps}, {@link InodeSteps}, {@link ReadSteps}), chosen by
 * {@link KernelSteps} for each operation of a race. A new kind is one class here, its {@link Operation.Kind} with its
 * parser word, and its {@code @Op} kind (OpKindParityTest keeps the DSL's kinds and the oracle's equal).
 */
interface OperationSteps {
    /** The first state of operation {@code i}: by default queued for its lock. */
    default OpState start(int i) {
        return OpState.start().at(Phase.LOCKING);
    }

    /** Adds every step operation {@code i} can take next in {@code w}. */
    void enabled(World w, int i, List<Step> steps);

    /**
     * The sectors operation {@code i} may still read or write on the disk, a bit each (at most 64), for the partial-order
     * reduction: {@code blocks} the sectors of the blocks of its range, {@code inFlight} those of its bios in flight,
     * {@code all} every sector of the file.
     */
    long footprint(World w, int i, long blocks, long inFlight, long all);
}
