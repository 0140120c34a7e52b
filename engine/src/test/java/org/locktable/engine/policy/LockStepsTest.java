package org.locktable.engine.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.LinkedHashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.locktable.engine.catalog.PolicyCatalog;
import org.locktable.engine.decision.Detail;
import org.locktable.engine.decision.Lock;
import org.locktable.engine.model.Inode;
import org.locktable.engine.model.Layout;
import org.locktable.engine.model.WriteRequest;

/** Each built-in's lock steps are those of the C function its direct writes go through, inherited from its skeleton. */
class LockStepsTest {
    @Test
    void everyBuiltInDeclaresTheStepsOfItsCCode() {
        Map<String, LockSteps> expected = new LinkedHashMap<>();
        // fs/ext4/file.c: ext4_file_write_iter -> ext4_dio_write_iter, in every version modelled
        for (String id : new String[] {"ext4-2019-overwrite", "ext4-v5.10", "ext4-base", "ext4-patch1", "ext4-patch2",
            "ext4-eof-fix", "ext4-buffered-bh", "ext4-buffered-bh-dio-wait", "ext4-buffered-iomap"}) {
            expected.put(id, LockSteps.EXT4_DIO_WRITE_ITER);
        }
        // fs/xfs/xfs_file.c: xfs_file_write_iter -> xfs_file_dio_write (v4.14 .. v5.11: xfs_file_dio_aio_write)
        for (String id : new String[] {"xfs-dio-v5.11", "xfs-dio", "xfs-buffered", "xfs-writethrough-noserial"}) {
            expected.put(id, LockSteps.XFS_FILE_DIO_WRITE);
        }
        // the eras: ext4's all on ext4_file_write_iter; XFS's before v5.1 on xfs_file_aio_write / xfs_file_dio_aio_write,
        // v5.1 .. v5.4 on xfs-dio-v5.11's code
        for (Policy p : PolicyCatalog.history()) {
            expected.put(p.id(), p.info().fileSystem() == FileSystem.EXT4 ? LockSteps.EXT4_DIO_WRITE_ITER
                    : p instanceof XfsLegacyDioWrite ? LockSteps.XFS_FILE_AIO_WRITE : LockSteps.XFS_FILE_DIO_WRITE);
        }
        Map<String, LockSteps> actual = new LinkedHashMap<>();
        for (Policy p : concat(PolicyCatalog.builtIns(), PolicyCatalog.history())) {
            actual.put(p.id(), p.lockSteps());
            assertEquals(p.info().fileSystem(), p.lockSteps().fileSystem(), p.id());
        }
        assertEquals(expected, actual);
    }

    private static java.util.List<Policy> concat(java.util.List<Policy> a, java.util.List<Policy> b) {
        java.util.List<Policy> all = new java.util.ArrayList<>(a);
        all.addAll(b);
        return all;
    }

    /** The oracle's two questions, answered by the policy's own code: the first lock from an earlier i_size, the restart. */
    @Test
    void theEntryChangesOnlyWhatTheCReadsBeforeTheLock() throws Exception {
        Policy base = PolicyCatalog.builtIn("ext4-base");
        Inode inode = Inode.builder(Layout.parse("W W")).size(8192).build();
        WriteRequest overwrite = WriteRequest.builder(4096, 4096).build();
        assertEquals(Lock.SHARED, base.decide(inode, overwrite, Detail.LOCK).initialLock());
        // the quick check read i_size 4096 before a racing write grew it: the write starts exclusive
        assertEquals(Lock.EXCLUSIVE, base.decide(inode, overwrite, Detail.LOCK, LockEntry.sizeReadBeforeLock(4096))
                .initialLock());
        // the checks re-run after a restart hold the exclusive lock, and keep it: an aligned overwrite is queued
        assertEquals(Lock.EXCLUSIVE, base.decide(inode, overwrite, Detail.LOCK, LockEntry.RESTARTED).finalLock());
        Policy xfs = PolicyCatalog.builtIn("xfs-dio");
        WriteRequest unaligned = WriteRequest.builder(512, 512).build();
        assertEquals(Lock.SHARED, xfs.decide(inode, unaligned, Detail.LOCK).initialLock());
        assertEquals(Lock.EXCLUSIVE, xfs.decide(inode, unaligned, Detail.LOCK, LockEntry.sizeReadBeforeLock(1024))
                .initialLock(), "xfs_file_dio_write_unaligned: pos + count >= isize read before the lock");
    }
}
