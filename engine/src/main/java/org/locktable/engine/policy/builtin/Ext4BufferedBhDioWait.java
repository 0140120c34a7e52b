package org.locktable.engine.policy.builtin;

import org.locktable.engine.policy.DecisionBuilder;
import org.locktable.engine.policy.Ext4BufferedFileWriteIter;
import org.locktable.engine.policy.Ext4BufferedWrite;
import org.locktable.engine.policy.FileSystem;
import org.locktable.engine.policy.Policy;
import org.locktable.engine.policy.PolicyInfo.Status;
import org.locktable.engine.policy.PolicyInfo.WritePath;
import org.locktable.engine.policy.PolicyInfo;
import org.locktable.engine.policy.PolicyMetadata;

/**
 * ext4-buffered-bh-dio-wait: ext4's buffer_head buffered write as Debian's 6.12.117 has it, where
 * {@code ext4_buffered_write_iter()} calls {@code inode_dio_wait()} right after {@code inode_lock()} ("Prevent
 * concurrent direct I/O and buffered I/O to the same file range. Wait for in-flight DIO to finish before dirtying
 * pages."). Otherwise {@code ext4-buffered-bh}. The drain makes R4's buffered variant safe: the buffered write cannot
 * dirty the EOF block while an unaligned direct write's zero bio is in flight.
 */
// fs/ext4/file.c: ext4_buffered_write_iter() (linux-source-6.12 6.12.117-1, line 300)
@PolicyMetadata(id = "ext4-buffered-bh-dio-wait", title = "ext4 buffered write, buffer_head path, draining direct I/O",
        fileSystem = FileSystem.EXT4, path = WritePath.BUFFERED, kernel = "Debian 6.12.117 (linux-source-6.12 6.12.117-1)",
        status = Status.MERGED,
        functions = "fs/ext4/file.c: ext4_buffered_write_iter (inode_dio_wait after inode_lock)",
        inferred = {"which kernels have the inode_dio_wait: Debian's 6.12.117 (its source, and live: a buffered write "
            + "returns only after a held direct write lands); not Debian's 5.10.0-32 and 6.1.0-50, nor Linux 6.18.44 "
            + "(live); whether it is a Debian patch or a 6.12 stable backport is not established"},
        summary = "ext4 buffered writes that drain direct I/O first (Debian 6.12.117)")
final class Ext4BufferedBhDioWait extends Ext4BufferedFileWriteIter {
    Ext4BufferedBhDioWait(Policy directWrites) {
        super(directWrites);
    }

    @Override
    protected void bufferedWrite(DecisionBuilder b) {
        Ext4BufferedWrite.bufferedWriteIter(b, true);
    }
}
