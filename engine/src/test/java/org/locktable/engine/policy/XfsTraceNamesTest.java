package org.locktable.engine.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;
import org.locktable.engine.catalog.PolicyCatalog;
import org.locktable.engine.decision.Decision;
import org.locktable.engine.decision.Lock;
import org.locktable.engine.model.Inode;
import org.locktable.engine.model.InvalidInputException;
import org.locktable.engine.model.Layout;
import org.locktable.engine.model.WriteRequest;
import org.locktable.engine.policy.PolicyInfo.WritePath;
import org.locktable.engine.space.CaseSpace;

/** XFS traces name the functions of the kernel the policy models, and say which lock the I/O runs under. */
class XfsTraceNamesTest {
    /** Functions that exist only from v5.12 on (ee1b218b95a8 renamed them; the rest came later). */
    private static final Set<String> SINCE_V5_12 = Set.of("xfs_file_dio_write", "xfs_file_dio_write_aligned",
            "xfs_file_dio_write_unaligned", "xfs_file_write_checks", "xfs_file_write_zero_eof");

    @Test
    void v511TracesNameOnlyV511Functions() throws InvalidInputException {
        Policy v511 = PolicyCatalog.get("xfs-dio-v5.11");
        Set<String> named = new TreeSet<>();
        AtomicLong sampled = new AtomicLong();
        CaseSpace.standard(WritePath.DIRECT).forEach(c -> {
            if (c.index() % 61 != 0) {
                return;
            }
            sampled.incrementAndGet();
            for (String step : v511.decide(c.inode(), c.request()).trace()) {
                named.add(step.substring(0, step.indexOf(':')));
            }
        });
        assertTrue(sampled.get() > 10_000, "sampled " + sampled);
        for (String f : named) {
            assertFalse(SINCE_V5_12.contains(f),
                    "xfs-dio-v5.11 names " + f + ", a function of v5.12 and later: " + named);
        }
        assertTrue(named.containsAll(List.of("xfs_file_dio_aio_write", "xfs_file_aio_write_checks")), named.toString());
    }

    @Test
    void v511ZeroesBeyondEofInTheChecks() throws InvalidInputException {
        Inode inode = Inode.builder(Layout.parse("W H")).size(2048).build();
        Decision d = PolicyCatalog.get("xfs-dio-v5.11").decide(inode, WriteRequest.builder(4096, 4096).build());
        assertTrue(d.trace().contains("xfs_file_aio_write_checks: iomap_zero_range(i_size=2048, pos=4096)"),
                d.trace().toString());
    }

    @Test
    void setuidUnalignedOverwriteSaysItRunsExclusive() throws InvalidInputException {
        Inode inode = Inode.builder(Layout.parse("W")).nosec(false).build();
        Decision d = PolicyCatalog.get("xfs-dio").decide(inode, WriteRequest.builder(0, 512).build());
        assertEquals(Lock.EXCLUSIVE, d.finalLock(), d.trace().toString());
        String mapping = d.trace().stream().filter(s -> s.startsWith("xfs_direct_write_iomap_begin:")).findFirst()
                .orElseThrow();
        assertTrue(mapping.endsWith("under IOLOCK_EXCL (from the checks)"), mapping);
        assertFalse(mapping.contains("shared"), mapping);
    }

    @Test
    void nosecUnalignedOverwriteSaysShared() throws InvalidInputException {
        Inode inode = Inode.builder(Layout.parse("W")).build();
        Decision d = PolicyCatalog.get("xfs-dio").decide(inode, WriteRequest.builder(0, 512).build());
        assertEquals(Lock.SHARED, d.finalLock());
        assertTrue(d.trace().stream().anyMatch(s -> s.endsWith("overwrite-only unaligned I/O under IOLOCK_SHARED")),
                d.trace().toString());
    }
}
