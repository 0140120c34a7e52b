package org.locktable.timing.seed;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.locktable.timing.tsv.Tsv;

/**
 * Every published cell of the seeds (/work/shared/reference/seeds) that the timing model can be held to, with
 * the train / held-out split, and the withheld columns it must predict: the resources {@value #COLUMNS_FILE} (a
 * column per row) and {@value #CELLS_FILE} (a cell per row).
 *
 * <p>Split (timing-notes §4, "Calibration protocol"):
 * <ul>
 *   <li>Seed 000 Test 1: all three columns, all six job counts train {@code seed000-vm}. The 1-job rows set the
 *       latency, the base column (lock-bound) fits c, h and Z, the +patch 1 column (all shared) the device
 *       capacity. Test 2 is withheld: predicted, never fitted.</li>
 *   <li>Seed 001: both figures (before, after; 16 jobs) train {@code seed001-pmem}: per-I/O CPU and the journal
 *       handle. There is nothing to hold out.</li>
 *   <li>Seed 002: per table and column, jobs 1 and the largest count train {@code seed002-pm173x}; the middle
 *       rows (2, 4, 8; Table 3: 2, 4) are held out.</li>
 *   <li>Seed 004: the 4 KiB figure (READ and WRITE lines) trains {@code seed004-vm}'s IOPS limit. The 512-byte
 *       results are withheld: predicted.</li>
 * </ul>
 */
public final class SeedCells {
    private SeedCells() {
    }

    /** The table columns: id, seed, table, label, profile, workload, policy, adjustment, model. */
    public static final String COLUMNS_FILE = "seed-columns.tsv";
    /** The published cells: column, jobs, metric, published, use ({@code train} or {@code held-out}). */
    public static final String CELLS_FILE = "seed-cells.tsv";

    private static final Map<String, Column> COLUMNS = readColumns();
    private static final List<Cell> PUBLISHED = readCells();

    public static final Column S000_T1_BASE = column("s000-t1-base");
    public static final Column S000_T1_P1 = column("s000-t1-p1");
    public static final Column S000_T1_P12 = column("s000-t1-p12");
    public static final Column S000_T2_BASE = column("s000-t2-base");
    public static final Column S000_T2_P1 = column("s000-t2-p1");
    public static final Column S000_T2_P12 = column("s000-t2-p12");
    public static final Column S001_BEFORE = column("s001-before");
    public static final Column S001_AFTER = column("s001-after");
    public static final Column S004_4K = column("s004-4k");
    public static final Column S004_512_VANILLA = column("s004-512-vanilla");
    public static final Column S004_512_PATCHED = column("s004-512-patched");

    private static final int[] S000_JOBS = {1, 2, 4, 8, 16, 32};

    private static Map<String, Column> readColumns() {
        Map<String, Column> m = new LinkedHashMap<>();
        for (Map<String, String> r : Tsv.resource(SeedCells.class, COLUMNS_FILE).rows()) {
            m.put(r.get("id"), new Column(r.get("id"), r.get("seed"), r.get("table"), r.get("label"), r.get("profile"),
                    r.get("workload"), r.get("policy"), Column.Adjustment.valueOf(r.get("adjustment")), r.get("model")));
        }
        return m;
    }

    private static List<Cell> readCells() {
        Tsv tsv = Tsv.resource(SeedCells.class, CELLS_FILE);
        List<Cell> out = new ArrayList<>();
        for (Map<String, String> r : tsv.rows()) {
            String use = r.get("use");
            if (!use.equals("train") && !use.equals("held-out")) {
                throw new IllegalStateException(CELLS_FILE + ": use '" + use + "' is neither train nor held-out");
            }
            out.add(new Cell(column(r.get("column")), (int) tsv.number(r, "jobs"), Metric.valueOf(r.get("metric")),
                    tsv.number(r, "published"), use.equals("train")));
        }
        return List.copyOf(out);
    }

    /** The column with this id. */
    public static Column column(String id) {
        Column c = COLUMNS.get(id);
        if (c == null) {
            throw new IllegalArgumentException("no seed column '" + id + "' in " + COLUMNS_FILE);
        }
        return c;
    }

    /** Seed 002's column of a table (1 to 4): "Buffered IO", or "Writethrough IO". */
    public static Column s002(int table, boolean writethrough) {
        return column("s002-t" + table + (writethrough ? "-wt" : "-buf"));
    }

    /** Every published cell, in seed and table order. */
    public static List<Cell> published() {
        return PUBLISHED;
    }

    /** The published cells of one profile. */
    public static List<Cell> published(String profile) {
        return PUBLISHED.stream().filter(x -> x.column().profile().equals(profile)).toList();
    }

    /** The training cells of one profile. */
    public static List<Cell> training(String profile) {
        return PUBLISHED.stream().filter(x -> x.training() && x.column().profile().equals(profile)).toList();
    }

    /** Seed 000 Test 2's columns: withheld, predicted at {@link #seed000JobCounts()}. */
    public static List<Column> seed000Test2() {
        return List.of(S000_T2_BASE, S000_T2_P1, S000_T2_P12);
    }

    public static int[] seed000JobCounts() {
        return S000_JOBS.clone();
    }

    /** Seed 004's 512-byte columns: withheld, predicted (one job). */
    public static List<Column> seed004At512() {
        return List.of(S004_512_VANILLA, S004_512_PATCHED);
    }

    /** Every column with a published cell, in order. */
    public static List<Column> publishedColumns() {
        List<Column> out = new ArrayList<>();
        for (Cell c : PUBLISHED) {
            if (!out.contains(c.column())) {
                out.add(c.column());
            }
        }
        return out;
    }
}
