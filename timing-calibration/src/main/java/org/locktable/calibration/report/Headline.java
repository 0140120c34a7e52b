package org.locktable.calibration.report;

import java.util.ArrayList;
import java.util.List;

import org.locktable.timing.seed.Cell;
import org.locktable.timing.seed.Column;
import org.locktable.timing.seed.Metric;
import org.locktable.timing.seed.SeedCells;

/**
 * A ratio a seed's patch claims: its patched column over its base column at one job count, as the seed prints it
 * (a speedup column, a percentage, a "faster"). The published ratio is read off the published cells; a withheld
 * claim has none (NaN).
 *
 * @param seed the seed's number
 * @param claim what the seed says, briefly
 * @param base the column the patch is measured against
 * @param patched the patch's column
 * @param jobs the row
 * @param metric what both cells measure
 * @param published patched over base as published, or NaN when withheld
 */
record Headline(String seed, String claim, Column base, Column patched, int jobs, Metric metric, double published) {
    /** How close a predicted ratio must come to the published one (issue 13 item 4). */
    static final double TARGET = 0.25;

    boolean withheld() {
        return Double.isNaN(published);
    }

    /** Every claim of the seeds, in seed order. */
    static List<Headline> all() {
        List<Headline> out = new ArrayList<>();
        for (int n : SeedCells.seed000JobCounts()) {
            out.add(of("000", n == 32 ? "Test 1: +patch 1+2 over base (the headline, 1.96x wall time at 32 jobs)"
                    : "Test 1: +patch 1+2 over base", SeedCells.S000_T1_BASE, SeedCells.S000_T1_P12, n));
        }
        out.add(of("000", "Test 2: +patch 1+2 over base at 32 jobs", SeedCells.S000_T2_BASE, SeedCells.S000_T2_P12,
                32));
        out.add(of("001", "Jan Kara's overwrite path: after over before", SeedCells.S001_BEFORE, SeedCells.S001_AFTER,
                16));
        String[] tables = {"Table 1 (extending)", "Table 2 (random overwrite, one file)",
            "Table 3 (random overwrite, own files)", "Table 4 (16K, sync_file_range)"};
        for (int t = 1; t <= 4; t++) {
            for (int n : new int[] {1, 2, 4, 8, 16}) {
                if (t == 3 && n == 16) {
                    continue;
                }
                out.add(of("002", tables[t - 1] + ": Writethrough over Buffered", SeedCells.s002(t, false),
                        SeedCells.s002(t, true), n));
            }
        }
        out.add(of("004", "512 B randrw: patched over vanilla", SeedCells.S004_512_VANILLA,
                SeedCells.S004_512_PATCHED, 1));
        return List.copyOf(out);
    }

    private static Headline of(String seed, String claim, Column base, Column patched, int jobs) {
        Cell a = cell(base, jobs);
        Cell b = cell(patched, jobs);
        Metric m = a != null ? a.metric() : Metric.IOPS;
        return new Headline(seed, claim, base, patched, jobs, m,
                a == null || b == null ? Double.NaN : b.published() / a.published());
    }

    private static Cell cell(Column c, int jobs) {
        for (Cell x : SeedCells.published()) {
            if (x.column().equals(c) && x.jobs() == jobs) {
                return x;
            }
        }
        return null;
    }
}
