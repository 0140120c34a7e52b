package org.example.policies;

import org.locktable.engine.policy.DecisionBuilder;
import org.locktable.engine.policy.Ext4DioState;
import org.locktable.engine.policy.Ext4DioWriteIter;
import org.locktable.engine.policy.FileSystem;
import org.locktable.engine.policy.PolicyInfo.Status;
import org.locktable.engine.policy.PolicyInfo.WritePath;
import org.locktable.engine.policy.PolicyMetadata;

/**
 * test-third-block-exclusive: ext4-base, except that a write starting in every third block (block 2, 5, 8, ...) takes
 * the exclusive lock. No kernel does this: its lock turns on where the write sits modulo three blocks, which no column
 * of a table — fixed, or from the condition library — can tell, so {@code locktable table} refuses it with two
 * witnesses. {@link ThirdBlockCondition}, a condition a user adds, makes it tabulate.
 */
@PolicyMetadata(id = "test-third-block-exclusive", title = "ext4-base, but a write starting in every third block is "
        + "exclusive", fileSystem = FileSystem.EXT4, path = WritePath.DIRECT, kernel = "none", status = Status.PROPOSED,
        functions = "fs/ext4/file.c: ext4_dio_write_checks")
public final class Ext4ThirdBlockExclusive extends Ext4DioWriteIter {
    @Override
    protected String exclusiveReason(DecisionBuilder b, Ext4DioState s) {
        if (b.firstBlock() % 3 == 2) {
            return "starts in every third block";
        }
        return super.exclusiveReason(b, s);
    }
}
