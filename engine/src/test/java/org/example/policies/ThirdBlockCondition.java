package org.example.policies;

import org.locktable.engine.model.Inode;
import org.locktable.engine.model.WriteRequest;
import org.locktable.engine.table.Condition;

/**
 * A condition a user adds to the table library (a service of {@link Condition} in their jar): whether the write starts
 * in every third block, which {@link Ext4ThirdBlockExclusive}'s lock turns on.
 */
public final class ThirdBlockCondition implements Condition {
    @Override
    public String name() {
        return "starts in a third block";
    }

    @Override
    public String legend() {
        return "yes when the write's first block is block 2, 5, 8, ... (block number modulo 3 is 2)";
    }

    @Override
    public int evaluate(Inode inode, WriteRequest request) {
        return (request.offset() / inode.blockSize()) % 3 == 2 ? 1 : 0;
    }
}
