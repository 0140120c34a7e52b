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
 * claim has none (NaN). A seed's <em>headline</em> claims are the ones its text puts forward (issue 13's goal:
 * "every seed's headline speedup"): seed 000's "1.96x faster" at 32 jobs (and the same row of its withheld Test 2);
 * seed 001's one figure; seed 002's case of "multiple writers writing to a single file", the regression its cover
 * letter says the series was reworked for, at its tables' most writers (Tables 1, 2 and 4 at 16 jobs); seed 004's
 * one figure.
 *
 * @param seed the seed's number
 * @param claim what the seed says, briefly
 * @param base the column the patch is measured against
 * @param patched the patch's column
 * @param jobs the row
 * @param metric what both cells measure
 * @param published patched over base as published, or NaN when withheld
 * @param headline whether the seed's text puts this claim forward
 */
record Headline(String seed, String claim, Column base, Column patched, int jobs, Metric metric, double published,
        boolean headline) {
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
                    : "Test 1: +patch 1+2 over base", SeedCells.S000_T1_BASE, SeedCells.S000_T1_P12, n, n == 32));
        }
        out.add(of("000", "Test 2: +patch 1+2 over base at 32 jobs", SeedCells.S000_T2_BASE, SeedCells.S000_T2_P12,
                32, true));
        out.add(of("001", "Jan Kara's overwrite path: after over before", SeedCells.S001_BEFORE, SeedCells.S001_AFTER,
                16, true));
        String[] tables = {"Table 1 (extending)", "Table 2 (random overwrite, one file)",
            "Table 3 (random overwrite, own files)", "Table 4 (16K, sync_file_range)"};
        for (int t = 1; t <= 4; t++) {
            for (int n : new int[] {1, 2, 4, 8, 16}) {
                if (t == 3 && n == 16) {
                    continue;
                }
                out.add(of("002", tables[t - 1] + ": Writethrough over Buffered", SeedCells.s002(t, false),
                        SeedCells.s002(t, true), n, n == 16));
            }
        }
        out.add(of("004", "512 B randrw: patched over vanilla", SeedCells.S004_512_VANILLA,
                SeedCells.S004_512_PATCHED, 1, true));
        return List.copyOf(out);
    }

    private static Headline of(String seed, String claim, Column base, Column patched, int jobs, boolean headline) {
        Cell a = cell(base, jobs);
        Cell b = cell(patched, jobs);
        Metric m = a != null ? a.metric() : Metric.IOPS;
        return new Headline(seed, claim, base, patched, jobs, m,
                a == null || b == null ? Double.NaN : b.published() / a.published(), headline);
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
