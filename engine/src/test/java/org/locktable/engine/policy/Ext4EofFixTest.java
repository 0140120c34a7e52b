package org.locktable.engine.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;
import org.locktable.engine.catalog.PolicyCatalog;
import org.locktable.engine.decision.Decision;
import org.locktable.engine.decision.Detail;
import org.locktable.engine.decision.Lock;
import org.locktable.engine.model.Inode;
import org.locktable.engine.model.InvalidInputException;
import org.locktable.engine.model.Layout;
import org.locktable.engine.model.WriteRequest;
import org.locktable.engine.policy.PolicyInfo.WritePath;
import org.locktable.engine.space.CaseSpace;
import org.locktable.engine.table.Outcome;

/**
 * ext4-eof-fix decides as ext4-base everywhere in the 4-block space except for unaligned writes ending exactly at
 * i_size (a write ending past it is extending in both), where ext4-base is shared or (not IS_NOSEC) exclusive without a
 * drain: the fix makes them exclusive, drained and waited (and EAGAIN under NOWAIT), as xfs_file_dio_write_unaligned does for {@code pos + count >= isize}.
 */
class Ext4EofFixTest {
    private static final Policy BASE = PolicyCatalog.builtIn("ext4-base");
    private static final Policy FIX = PolicyCatalog.builtIn("ext4-eof-fix");

    @Test
    void r4sFirstWriteIsExclusiveDrainedAndWaited() throws InvalidInputException {
        Inode inode = Inode.builder(Layout.parse("W W")).size(6144).build();
        WriteRequest a = WriteRequest.builder(5120, 1024).async(true).build();
        Decision base = BASE.decide(inode, a, Detail.LOCK);
        Decision fix = FIX.decide(inode, a, Detail.LOCK);
        assertEquals(Lock.SHARED, base.finalLock());
        assertEquals(Lock.EXCLUSIVE, fix.finalLock());
        assertTrue(fix.drain() && fix.forceWait(), fix.toString());
    }

    @Test
    void differsFromExt4BaseOnlyForUnalignedWritesEndingAtEof() {
        AtomicLong differing = new AtomicLong();
        CaseSpace.standard(WritePath.DIRECT).forEach(c -> {
            Outcome base = Outcome.of(BASE.decide(c.inode(), c.request(), Detail.LOCK));
            Outcome fix = Outcome.of(FIX.decide(c.inode(), c.request(), Detail.LOCK));
            if (base.equals(fix)) {
                return;
            }
            differing.incrementAndGet();
            WriteRequest r = c.request();
            long mask = c.inode().blockSize() - 1;
            assertTrue(r.end() == c.inode().size() && ((r.offset() | r.length()) & mask) != 0, c + ": " + base + " / " + fix);
            assertTrue(base.finalLock() == Lock.SHARED || !base.drain(), c + ": ext4-base " + base);
            assertTrue(r.nowait() ? fix.result() != base.result() : fix.finalLock() == Lock.EXCLUSIVE && fix.drain()
                    && fix.forceWait(), c + ": ext4-eof-fix " + fix);
        });
        assertTrue(differing.get() > 0);
    }
}
