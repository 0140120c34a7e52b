package org.locktable.timing.sim;

import org.locktable.engine.decision.Decision;

/**
 * What one representative write of a workload does, as the simulator plans it: job 0's first write against
 * the initial layout. Used by the MVA model and for explanations.
 *
 * @param decision the engine's decision (window coordinates)
 * @param bytes the write's length
 * @param exclusive the lock it finally holds is exclusive
 * @param acquisitions lock acquisitions on its path (2 for S → unlock → X)
 * @param relock the path is a restart or an -EAGAIN retry (x is charged)
 * @param drain it calls inode_dio_wait
 * @param releasedAtSubmission the lock is dropped right after submission (async kiocb, no FORCE_WAIT)
 * @param buffered a buffered copy (the lock covers the copy only)
 * @param converts unwritten→written conversion at completion
 * @param sizeUpdate i_size update at completion
 * @param handles journal handles / transactions at submission
 * @param bios the bytes of each bio a direct write sends ({@code iomap_dio_bio_iter}: one per iomap segment, plus
 *             the sub-block zero bios); one entry, {@code bytes}, for a buffered write
 */
public record IoProfile(Decision decision, long bytes, boolean exclusive, int acquisitions, boolean relock,
        boolean drain, boolean releasedAtSubmission, boolean buffered, boolean converts, boolean sizeUpdate,
        int handles, long[] bios) {
}
