package org.locktable.engine.space;

import org.locktable.engine.model.Inode;
import org.locktable.engine.model.WriteRequest;

/**
 * One point of a {@link CaseSpace}: an inode and a write. {@code index} is the case's position in the
 * space's order (smallest first), so the first failing case found by a scan is the minimal one.
 */
public record Case(long index, Inode inode, WriteRequest request) {
    /** {@code layout="W U" i_size=8192 ...; O_DIRECT write offset=0 len=4096 ...}. */
    @Override
    public String toString() {
        return inode + "; " + request;
    }
}
