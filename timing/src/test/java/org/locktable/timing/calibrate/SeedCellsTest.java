package org.locktable.timing.calibrate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.locktable.engine.policy.PolicyCatalog;
import org.locktable.timing.profile.Profiles;
import org.locktable.timing.workload.JobSpec;
import org.locktable.timing.workload.SeedWorkloads;
import org.locktable.timing.workload.Workload;

@DisplayName("Seed cells: every published number, the split, and the cut-down workloads")
class SeedCellsTest {

    @Test
    @DisplayName("60 published cells: seed 000 Test 1 (18), seed 001 (2), seed 002 (38), seed 004 4 KiB (2)")
    void counts() {
        List<Cell> all = SeedCells.published();
        assertEquals(60, all.size());
        assertEquals(18, all.stream().filter(c -> c.column().seed().equals("000")).count());
        assertEquals(2, all.stream().filter(c -> c.column().seed().equals("001")).count());
        assertEquals(38, all.stream().filter(c -> c.column().seed().equals("002")).count());
        assertEquals(2, all.stream().filter(c -> c.column().seed().equals("004")).count());
        Set<String> keys = new HashSet<>();
        all.forEach(c -> assertTrue(keys.add(c.key()), "duplicate " + c.key()));
    }

    @Test
    @DisplayName("split: seed 000 Test 1 all trains; seed 002 trains on jobs 1 and the largest count only")
    void split() {
        assertEquals(18, SeedCells.training("seed000-vm").size());
        assertEquals(2, SeedCells.training("seed001-pmem").size());
        assertEquals(2, SeedCells.training("seed004-vm").size());
        List<Cell> s002 = SeedCells.published("seed002-pm173x");
        for (Cell c : s002) {
            boolean largest = c.jobs() == (c.column().table().startsWith("Table 3") ? 8 : 16);
            assertEquals(c.jobs() == 1 || largest, c.training(), c.key());
        }
        assertEquals(16, SeedCells.training("seed002-pm173x").size());
        // the withheld columns have no published cell
        for (Cell c : SeedCells.published()) {
            assertTrue(!SeedCells.seed000Test2().contains(c.column()) && !SeedCells.seed004At512().contains(c.column()));
        }
    }

    @Test
    @DisplayName("every column names a known profile, workload and policy")
    void columnsResolve() {
        List<Column> cols = new java.util.ArrayList<>(SeedCells.publishedColumns());
        cols.addAll(SeedCells.seed000Test2());
        cols.addAll(SeedCells.seed004At512());
        for (Column c : cols) {
            Profiles.get(c.profile());
            SeedWorkloads.get(c.workload());
            assertTrue(PolicyCatalog.find(c.policy()).isPresent(), c.policy());
        }
    }

    @Test
    @DisplayName("Fidelity: seed 000's regions become whole stripes; random work keeps the file; time-based shortens")
    void fidelity() {
        Fidelity f = new Fidelity("t", 100, 0.5, 1);
        Workload t1 = f.scale(SeedWorkloads.get("seed000-test1"));
        assertEquals(100 * 8192, t1.job().region());
        assertEquals(t1.job().region(), t1.job().offsetIncrement());
        Workload t2 = f.scale(SeedWorkloads.get("seed000-test2"));
        assertEquals(100 * 16384, t2.job().region());
        assertEquals(512, t2.job().offset());
        Workload s002 = f.scale(SeedWorkloads.get("seed002-table2"));
        assertEquals(2L << 30, s002.job().region());
        assertEquals(100 * 4096, s002.job().ioBytes());
        Workload s004 = f.scale(SeedWorkloads.get("seed004-512"));
        assertEquals(0.5, s004.job().timeBasedSeconds());
        assertEquals(JobSpec.Pattern.RANDOM, s004.job().pattern());
    }
}
