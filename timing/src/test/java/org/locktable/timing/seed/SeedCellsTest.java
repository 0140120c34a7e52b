package org.locktable.timing.seed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.locktable.engine.catalog.PolicyCatalog;
import org.locktable.timing.profile.Profiles;

@DisplayName("Seed cells: every published number and the split")
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
}
