package org.locktable.concurrency;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.locktable.engine.catalog.PolicyCatalog;
import org.locktable.engine.decision.Decision;
import org.locktable.engine.decision.Detail;
import org.locktable.engine.decision.Lock;
import org.locktable.engine.decision.ZeroKind;
import org.locktable.engine.decision.ZeroRange;

/** The model takes the zero bios from the engine; these pin the engine's {@code end >= i_size} tail rule it relies on (spec §3.2). */
class EngineZeroRangesTest {

    @Test
    void aWriteEndingExactlyAtAnUnalignedEofZeroesToTheBlockEnd() {
        Decision a = PolicyCatalog.builtIn("ext4-base").decide(RaceCases.R4.inode(), Operation.aio(5120, 1024).request(), Detail.FULL);
        assertEquals(List.of(new ZeroRange(6144, 8192, ZeroKind.EOF_TAIL)), a.zeroRanges());
        assertEquals(Lock.SHARED, a.finalLock());
    }

    @Test
    void theAlignedExtendingWriteIsExclusiveWithoutDrainOnExt4() {
        Decision b = PolicyCatalog.builtIn("ext4-base").decide(RaceCases.R4.inode(), Operation.dio(4096, 4096).request(), Detail.FULL);
        assertEquals(Lock.EXCLUSIVE, b.finalLock());
        assertFalse(b.drain());
        assertEquals(List.of(), b.zeroRanges());
    }

    @Test
    void aWriteEndingBeforeEofHasNoTailZeroOnAWrittenBlock() {
        Decision a = PolicyCatalog.builtIn("ext4-base").decide(RaceCases.R2.inode(), Operation.aio(4096, 512).request(), Detail.FULL);
        assertEquals(List.of(), a.zeroRanges());
    }
}
