package org.locktable.timing.seed;

import java.util.ArrayList;
import java.util.List;

import org.locktable.timing.seed.Column.Adjustment;

/**
 * Every published cell of the seeds (/work/shared/reference/seeds) that the timing model can be held to, with
 * the train / held-out split, and the withheld columns it must predict.
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

    private static final int[] S000_JOBS = {1, 2, 4, 8, 16, 32};
    private static final int[] S002_JOBS = {1, 2, 4, 8, 16};
    private static final int[] S002_T3_JOBS = {1, 2, 4, 8};

    private static final String T1 = "Test 1 (aligned 8K, W U U W)";
    private static final String T2 = "Test 2 (unaligned 14336 B at +512, W U U W)";

    public static final Column S000_T1_BASE = new Column("s000-t1-base", "000", T1, "base", "seed000-vm",
            "seed000-test1", "ext4-base", Adjustment.NONE, "mainline ext4 DIO: S -> unlock -> X restart on every write");
    public static final Column S000_T1_P1 = new Column("s000-t1-p1", "000", T1, "+patch 1", "seed000-vm",
            "seed000-test1", "ext4-patch1", Adjustment.NONE, "aligned non-extending writes shared");
    public static final Column S000_T1_P12 = new Column("s000-t1-p12", "000", T1, "+patch 1+2", "seed000-vm",
            "seed000-test1", "ext4-patch2", Adjustment.NONE, "= patch 1 on aligned writes");
    public static final Column S000_T2_BASE = new Column("s000-t2-base", "000", T2, "base", "seed000-vm",
            "seed000-test2", "ext4-base", Adjustment.NONE,
            "unaligned, middle unwritten: exclusive, inode_dio_wait, FORCE_WAIT");
    public static final Column S000_T2_P1 = new Column("s000-t2-p1", "000", T2, "+patch 1", "seed000-vm",
            "seed000-test2", "ext4-patch1", Adjustment.NONE, "patch 1 only touches aligned writes: as base");
    public static final Column S000_T2_P12 = new Column("s000-t2-p12", "000", T2, "+patch 1+2", "seed000-vm",
            "seed000-test2", "ext4-patch2", Adjustment.NONE,
            "head and tail on written blocks: no zeroing, shared, queued");

    public static final Column S001_BEFORE = new Column("s001-before", "001",
            "ext4 DIO 4k randrw, 16 psync jobs, 32 files", "before", "seed001-pmem", "seed001-randrw",
            "ext4-2019-overwrite", Adjustment.JOURNAL_HANDLE_PER_WRITE,
            "v5.5 lock path (X, downgrade for written overwrites) + a journal handle per write");
    public static final Column S001_AFTER = new Column("s001-after", "001",
            "ext4 DIO 4k randrw, 16 psync jobs, 32 files", "after", "seed001-pmem", "seed001-randrw",
            "ext4-2019-overwrite", Adjustment.NONE, "Jan Kara's overwrite ops: no transaction for written overwrites");

    public static final Column S004_4K = new Column("s004-4k", "004", "4 KiB randrw, libaio iodepth 32",
            "4 KiB (either kernel)", "seed004-vm", "seed004-4k", "xfs-dio", Adjustment.NONE,
            "aligned 4 KiB: shared in both kernels (xfs-dio-v5.11 decides the same)");
    public static final Column S004_512_VANILLA = new Column("s004-512-vanilla", "004",
            "512 B randrw, libaio iodepth 32", "vanilla", "seed004-vm", "seed004-512", "xfs-dio-v5.11",
            Adjustment.NONE, "unaligned: IOLOCK_EXCL, inode_dio_wait, wait for completion");
    public static final Column S004_512_PATCHED = new Column("s004-512-patched", "004",
            "512 B randrw, libaio iodepth 32", "patched", "seed004-vm", "seed004-512", "xfs-dio", Adjustment.NONE,
            "unaligned into a written extent: shared, no drain, queued");

    private static final List<Column> S002 = s002Columns();
    private static final List<Cell> PUBLISHED = catalog();

    private static List<Column> s002Columns() {
        String[] tables = {"Table 1 (extending, O_DSYNC, one file)", "Table 2 (random overwrite, O_DSYNC, one file)",
            "Table 3 (random overwrite, O_DSYNC, own files)", "Table 4 (16K random overwrite, sync_file_range, one file)"};
        List<Column> out = new ArrayList<>();
        for (int t = 1; t <= 4; t++) {
            out.add(new Column("s002-t" + t + "-buf", "002", tables[t - 1], "Buffered IO", "seed002-pm173x",
                    "seed002-table" + t, "xfs-buffered", Adjustment.NONE,
                    "IOLOCK_EXCL for the copy" + (t == 4 ? "; no O_DSYNC: every 16 writes sync_file_range waits for "
                            + "the file's writeback under way, then writes back its dirty pages"
                            : "; O_DSYNC: then a synchronous FUA write per job")));
            out.add(new Column("s002-t" + t + "-wt", "002", tables[t - 1], "Writethrough IO", "seed002-pm173x",
                    "seed002-table" + t + "-writethrough", "xfs-writethrough-noserial", Adjustment.NONE,
                    t == 1 ? "extending: exclusive (i_size in the write path), queued"
                            : "RWF_WRITETHROUGH + RWF_NOSERIAL: shared, queued"));
        }
        return List.copyOf(out);
    }

    public static Column s002(int table, boolean writethrough) {
        return S002.get((table - 1) * 2 + (writethrough ? 1 : 0));
    }

    private static List<Cell> catalog() {
        List<Cell> c = new ArrayList<>();
        column(c, S000_T1_BASE, S000_JOBS, new double[] {42322, 68516, 62489, 58701, 58569, 60860}, Metric.IOPS,
                S000_JOBS);
        column(c, S000_T1_P1, S000_JOBS, new double[] {43329, 70677, 97072, 110819, 116392, 117244}, Metric.IOPS,
                S000_JOBS);
        column(c, S000_T1_P12, S000_JOBS, new double[] {43087, 66958, 101468, 113679, 115272, 119621}, Metric.IOPS,
                S000_JOBS);

        c.add(new Cell(S001_BEFORE, 16, Metric.MB_S, 3018, true));
        c.add(new Cell(S001_AFTER, 16, Metric.MB_S, 4059, true));

        double[][] buf = {{133, 179, 253, 366, 474}, {131, 377, 695, 1217, 1197}, {187, 373, 706, 1222},
            {1323, 1779, 2092, 2272, 2328}};
        double[][] wt = {{133, 243, 358, 376, 449}, {391, 791, 1591, 1846, 1844}, {389, 781, 1568, 1796},
            {1275, 2434, 2519, 2517, 2525}};
        for (int t = 1; t <= 4; t++) {
            int[] jobs = t == 3 ? S002_T3_JOBS : S002_JOBS;
            int[] train = {1, jobs[jobs.length - 1]};
            column(c, s002(t, false), jobs, buf[t - 1], Metric.MIB_S, train);
            column(c, s002(t, true), jobs, wt[t - 1], Metric.MIB_S, train);
        }

        c.add(new Cell(S004_4K, 1, Metric.READ_MIB_S, 296, true));
        c.add(new Cell(S004_4K, 1, Metric.WRITE_MIB_S, 296, true));
        return List.copyOf(c);
    }

    private static void column(List<Cell> out, Column col, int[] jobs, double[] values, Metric m, int[] train) {
        for (int i = 0; i < jobs.length; i++) {
            boolean t = false;
            for (int x : train) {
                t |= x == jobs[i];
            }
            out.add(new Cell(col, jobs[i], m, values[i], t));
        }
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
