package org.locktable.engine.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;
import org.locktable.engine.catalog.PolicyCatalog;
import org.locktable.engine.decision.Decision;
import org.locktable.engine.decision.Detail;
import org.locktable.engine.decision.DrainReason;
import org.locktable.engine.decision.Result;
import org.locktable.engine.model.InvalidInputException;
import org.locktable.engine.policy.PolicyInfo.WritePath;
import org.locktable.engine.space.CaseSpace;

/**
 * Debian's 6.12.117 {@code ext4_buffered_write_iter()} is mainline's with one line more, {@code inode_dio_wait()}
 * after {@code inode_lock()} (fs/ext4/file.c:300 of linux-source-6.12 6.12.117-1; live in a guest, a buffered write
 * returns only after a held direct write lands). So ext4-buffered-bh-dio-wait decides as ext4-buffered-bh in every
 * field but the drain, which every buffered write that goes ahead takes; NOWAIT is refused before either; direct
 * writes (ext4-base's, composed in both) are the same. Over layouts of up to 3 blocks, 512-byte steps.
 */
class Ext4BufferedBhDioWaitTest {
    private static final Policy BH = PolicyCatalog.builtIn("ext4-buffered-bh");
    private static final Policy WAIT = PolicyCatalog.builtIn("ext4-buffered-bh-dio-wait");

    private static CaseSpace space(WritePath path) throws InvalidInputException {
        return CaseSpace.builder().maxBlocks(3).blockSize(4096).granularity(512).path(path).build();
    }

    @Test
    void bufferedWritesDrainAndOtherwiseDecideAsMainline() throws InvalidInputException {
        AtomicLong ahead = new AtomicLong();
        space(WritePath.BUFFERED).forEach(c -> {
            Decision bh = BH.decide(c.inode(), c.request(), Detail.FULL);
            Decision wait = WAIT.decide(c.inode(), c.request(), Detail.FULL);
            assertEquals(bh.result(), wait.result(), c::toString);
            assertEquals(bh.initialLock(), wait.initialLock(), c::toString);
            assertEquals(bh.finalLock(), wait.finalLock(), c::toString);
            assertEquals(bh.forceWait(), wait.forceWait(), c::toString);
            assertEquals(bh.completion(), wait.completion(), c::toString);
            assertEquals(bh.transactions(), wait.transactions(), c::toString);
            assertEquals(DrainReason.NONE, bh.drainReason(), c::toString);
            if (wait.result() == Result.OK) {
                ahead.incrementAndGet();
                assertEquals(DrainReason.BUFFERED_WRITE, wait.drainReason(), c::toString);
            } else {
                assertEquals(DrainReason.NONE, wait.drainReason(), c::toString);
            }
        });
        assertTrue(ahead.get() > 0);
    }

    @Test
    void directWritesAreExt4BasesInBoth() throws InvalidInputException {
        space(WritePath.DIRECT).forEach(c -> {
            Decision bh = BH.decide(c.inode(), c.request(), Detail.LOCK);
            Decision wait = WAIT.decide(c.inode(), c.request(), Detail.LOCK);
            assertEquals(bh.result(), wait.result(), c::toString);
            assertEquals(bh.finalLock(), wait.finalLock(), c::toString);
            assertEquals(bh.drainReason(), wait.drainReason(), c::toString);
            assertEquals(bh.forceWait(), wait.forceWait(), c::toString);
        });
    }
}
