package org.locktable.calibration.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.locktable.calibration.fit.Fidelity;
import org.locktable.calibration.fit.Predictor;
import org.locktable.calibration.live.RecordedLiveRun;
import org.locktable.timing.seed.Cell;
import org.locktable.timing.seed.SeedCells;
import org.locktable.timing.sim.SimResult;

@DisplayName("Timing validation report: deterministic, complete, invariants hold")
class TimingValidationTest {
    static String first;
    static Predictor predictor;

    @BeforeAll
    static void generate() {
        first = TimingValidation.report();
        predictor = Predictor.committed(Fidelity.REPORT);
    }

    @Test
    @DisplayName("it is the committed generated-docs/timing-validation.md, byte for byte (a run on another day, "
            + "another JVM, gave the same bytes)")
    void deterministicAndCommitted() throws IOException {
        Path committed = Path.of("..", "generated-docs", "timing-validation.md");
        assertEquals(Files.readString(committed, StandardCharsets.UTF_8), first,
                "generated-docs/timing-validation.md is stale: `bin/locktable docs` rewrites it");
    }

    @Test
    @DisplayName("section 11 grades every seed from its class and with its own profile, the external tables and "
            + "the live pairs against simulate's 90 % interval")
    void userValidation() {
        String s = first.substring(first.indexOf("## 11. Validation as a user meets the model"));
        for (String seed : UserValidation.SEEDS) {
            assertTrue(s.contains("| " + seed + " | " + org.locktable.timing.profile.DeviceClasses.classOf(seed)
                    + " | its own | "), seed);
            assertTrue(s.contains("| " + seed + " | " + org.locktable.timing.profile.DeviceClasses.classOf(seed)
                    + " | this machine's | "), seed);
        }
        for (ExternalTable t : ExternalTable.all()) {
            assertTrue(s.contains("**" + t.source() + "**"), t.source());
        }
        assertTrue(s.contains("| inside the 90 % interval | all of them | "), s);
        assertTrue(s.contains("| median interval width at most 4x | all of them | "), s);
        assertTrue(s.contains("| live on this machine | pairs | `ext4-waited-writes b / a` | "), s);
    }

    @Test
    @DisplayName("every published cell is listed with its published value, prediction, error and role")
    void everyCell() {
        List<Validation.Row> rows = Validation.rows(predictor);
        assertEquals(SeedCells.published().size(), rows.size());
        for (Validation.Row r : rows) {
            Cell c = r.cell();
            String needle = "| " + c.column().seed() + " | ";
            assertTrue(first.contains(needle), needle);
            String line = first.lines().filter(l -> l.startsWith(needle) && l.contains("| " + c.jobs() + " | ")
                    && l.contains(c.column().label() + " (`" + c.column().policy() + "`")
                    && l.contains(Formats.value(c.published()) + " " + c.metric().unit())).findFirst()
                    .orElse(null);
            assertTrue(line != null, "no row for " + c.key());
            assertTrue(line.contains(Formats.value(r.predicted())), line);
            assertTrue(line.endsWith(c.training() ? "| yes |" : "|") && (c.training() || line.contains("| no (")),
                    line);
        }
    }

    @Test
    @DisplayName("the withheld predictions: seed 000 Test 2 at 6 job counts (3 columns + speedup), seed 004 512 B")
    void withheld() {
        assertTrue(first.contains("## 2. Predictions for the withheld cells"));
        int from = first.indexOf("  JOBS         base    +patch 1    +patch 1+2    speedup");
        assertTrue(from > 0);
        List<String> table = first.substring(from).lines().skip(2).limit(6).toList();
        int i = 0;
        for (int n : SeedCells.seed000JobCounts()) {
            assertTrue(table.get(i++).matches("\\s+" + n + "\\s+[\\d,]+\\s+[\\d,]+\\s+[\\d,]+\\s+\\d+\\.\\d\\dx"),
                    table.toString());
        }
        assertTrue(first.contains("vanilla (xfs-dio-v5.11):"));
        assertTrue(first.contains("patched (xfs-dio):"));
        assertTrue(first.matches("(?s).*     READ: bw=[\\d.]+MiB/s \\([\\d.]+MB/s\\).*"));
        assertTrue(first.matches("(?s).*    WRITE: bw=[\\d.]+MiB/s \\([\\d.]+MB/s\\).*"));
    }

    @Test
    @DisplayName("invariants: a relaxed policy is never slower beyond noise; IOPS x wall = total I/Os")
    void invariants() {
        for (Validation.Invariant inv : Validation.invariants(predictor)) {
            assertTrue(inv.holds(), inv.name() + ": " + inv.failures());
            assertTrue(inv.checked() > 10, inv.name());
        }
        assertFalse(first.contains("| NO: "));
    }

    @Test
    @DisplayName("fio's rule on a seed-000 run: IOPS x slowest job's runtime = total I/Os = jobs x I/Os per job")
    void fioRule() {
        SimResult r = predictor.run(SeedCells.S000_T1_BASE, 8);
        assertEquals(8 * Fidelity.REPORT.iosPerJob(), r.ios());
        double slowest = r.perJob().stream().mapToDouble(SimResult.JobResult::runtimeSeconds).max().orElseThrow();
        assertEquals(r.ios(), r.iops() * slowest, 1e-6 * r.ios());
    }

    @Test
    @DisplayName("held-out cells: lock-bound (exclusive and waiting for the lock) -> ±10 %, else device-bound -> ±15 %")
    void kinds() {
        assertEquals(Validation.Kind.TRAINING, kind("s000-t1-base@4"));
        // extending write-through writes restart to exclusive and queue for the lock
        assertEquals(Validation.Kind.HELD_OUT_LOCK, kind("s002-t1-wt@8"));
        // the buffered copy under IOLOCK_EXCL, no O_DSYNC: the lock is the bottleneck from 4 jobs
        assertEquals(Validation.Kind.HELD_OUT_LOCK, kind("s002-t4-buf@8"));
        // buffered O_DSYNC: exclusive only for the copy, then a synchronous write per job: the device
        assertEquals(Validation.Kind.HELD_OUT_DEVICE, kind("s002-t3-buf@2"));
        // shared write-through
        assertEquals(Validation.Kind.HELD_OUT_DEVICE, kind("s002-t2-wt@4"));
        assertEquals(Validation.Kind.HELD_OUT_DEVICE, kind("s002-t4-wt@2"));
        assertTrue(Validation.lockBound(SeedCells.S000_T1_BASE, 32, predictor));
        assertFalse(Validation.lockBound(SeedCells.S000_T1_P1, 32, predictor));
    }

    private static Validation.Kind kind(String key) {
        Cell c = SeedCells.published().stream().filter(x -> x.key().equals(key)).findFirst().orElseThrow();
        return Validation.kind(c, predictor);
    }

    @Test
    @DisplayName("summary arithmetic")
    void summary() {
        Cell a = SeedCells.published().get(0);
        Cell b = SeedCells.published().get(1);
        List<Validation.Row> rows = List.of(
                new Validation.Row(a, a.published() * 1.04, Validation.Kind.TRAINING),
                new Validation.Row(b, b.published() * 0.88, Validation.Kind.HELD_OUT_DEVICE));
        Validation.Summary s = Validation.summary("x", rows);
        assertEquals(2, s.cells());
        assertEquals(0.12, s.maxAbs(), 1e-9);
        assertEquals(0.08, s.meanAbs(), 1e-9);
        assertEquals(1, s.within5());
        assertEquals(1, s.within10());
        assertEquals(2, s.within15());
        assertEquals(2, s.meetingTarget());
    }

    @Test
    @DisplayName("the refit's goals: every held-out cell with its band and a 95 % interval around it, every claim")
    void goals() {
        int from = first.indexOf("### The refit against its goals (issue 13 item 4)");
        int to = first.indexOf("## 2. Predictions for the withheld cells");
        assertTrue(from > 0 && to > from, "the goals close section 1");
        String goals = first.substring(from, to);
        assertTrue(goals.contains("| mean held-out \\|error\\| at most 15 % |"), goals);
        java.util.regex.Pattern held = java.util.regex.Pattern.compile("\\| (s002-\\S+) \\(`[^`]+`\\) \\| (\\d+) \\| "
                + "[\\d.]+ MiB/s \\| [\\d,]+ \\| [+-][\\d.]+ % \\| ([\\d,.]+)\\.\\.([\\d,.]+) \\| (yes|no) \\| "
                + "([\\d,.]+)\\.\\.([\\d,.]+) \\| (yes|no) \\|");
        java.util.regex.Matcher m = held.matcher(goals);
        int cells = 0;
        while (m.find()) {
            cells++;
            double bandLow = number(m.group(3));
            double bandHigh = number(m.group(4));
            assertTrue(number(m.group(6)) <= bandLow && bandHigh <= number(m.group(7)), m.group());
            assertTrue(m.group(5).equals("no") || m.group(8).equals("yes"), "inside the band, inside the interval");
        }
        long heldOut = SeedCells.published().stream().filter(c -> !c.training()).count();
        assertEquals(heldOut, cells, goals);
        for (Headline h : Headline.all()) {
            assertTrue(goals.contains("| " + h.seed() + " | " + h.claim() + " | " + h.jobs() + " | "
                    + (h.withheld() ? "withheld" : String.format(java.util.Locale.ROOT, "%.2fx", h.published()))),
                    h.toString());
        }
        // the published ratios, from the seeds' own tables: 119,621 / 60,860 and 4059 / 3018 MB/s, 449 / 474 MiB/s
        assertTrue(goals.contains("at 32 jobs) | 32 | 1.97x |"), goals);
        assertTrue(goals.contains("| 001 | Jan Kara's overwrite path: after over before | 16 | 1.34x |"), goals);
        assertTrue(goals.contains("| 002 | Table 1 (extending): Writethrough over Buffered | 16 | 0.95x |"), goals);
        assertEquals(28, Headline.all().size(), "6 + 1 of seed 000, 1 of 001, 19 of 002, 1 of 004");
        assertEquals(2, Headline.all().stream().filter(Headline::withheld).count());
        // the headlines: seed 000's 32-job rows (Test 2's withheld), seed 001's and 004's one figure, seed 002's
        // single-file tables at 16 jobs
        assertEquals(List.of("000@32", "000@32", "001@16", "002@16", "002@16", "002@16", "004@1"),
                Headline.all().stream().filter(Headline::headline).map(h -> h.seed() + "@" + h.jobs()).toList());
        assertTrue(goals.contains("| every seed's headline speedup within 25 % of the published | "), goals);
    }

    private static double number(String grouped) {
        return Double.parseDouble(grouped.replace(",", ""));
    }

    @Test
    @DisplayName("the live section is appended as given (the recorded run's), and the report writes none of its own")
    void liveSection() {
        String live = RecordedLiveRun.section().strip();
        assertTrue(live.startsWith("## 8. Live validation on this machine"), live);
        assertTrue(first.contains("\n\n" + live + "\n"), "the recorded live section, verbatim");
        assertEquals(first.indexOf("## 8. Live"), first.lastIndexOf("## 8. Live"), "one section 8");
        assertTrue(first.contains("· 8. Live validation on this machine"), "and in the contents");
    }
}
