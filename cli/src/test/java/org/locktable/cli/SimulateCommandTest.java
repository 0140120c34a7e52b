package org.locktable.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.locktable.timing.check.TimingProfiles;
import org.locktable.timing.check.TimingSpec;
import org.locktable.timing.seed.SeedWorkloads;
import org.locktable.timing.sim.SimConfig;
import org.locktable.timing.sim.Simulator;
import org.locktable.timing.sim.WaitRules;
import org.locktable.timing.workload.Workload;

/** {@code locktable simulate}. Every run cuts the work to a few hundred I/Os per job, so the suite stays fast. */
class SimulateCommandTest {
    private static final String[] SMALL = {"--ios-per-job", "256"};

    @TempDir
    Path dir;

    private Path write(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, text, StandardCharsets.UTF_8);
        return p;
    }

    private static Cli.Run simulate(String... args) {
        String[] all = new String[args.length + 3];
        all[0] = "simulate";
        System.arraycopy(args, 0, all, 1, args.length);
        all[args.length + 1] = SMALL[0];
        all[args.length + 2] = SMALL[1];
        return Cli.run(all);
    }

    @Test
    void printsASeedStyleTable() {
        Cli.Run r = simulate("--device", "seed000-vm", "--policy", "ext4-base,ext4-patch1", "--workload",
                "seed000-test1", "--jobs", "1,8");
        assertEquals(0, r.code(), r.toString());
        assertEquals("", r.err(), r.toString());
        List<String> lines = r.outLines();
        assertTrue(lines.get(0).startsWith("device    seed000-vm: "), r.toString());
        assertEquals("workload  seed000-test1 (about 256 I/Os per job)", lines.get(1));
        int header = lines.indexOf("  JOBS    ext4-base    ext4-patch1    speedup");
        assertTrue(header > 0, r.toString());
        assertEquals("  ----    ---------    -----------    -------", lines.get(header + 1));
        assertTrue(lines.get(header + 2).matches(" {5}1 +[0-9,]+ +[0-9,]+ +[0-9.]+x"), lines.get(header + 2));
        assertTrue(lines.get(header + 3).matches(" {5}8 +[0-9,]+ +[0-9,]+ +[0-9.]+x"), lines.get(header + 3));
        assertEquals("", lines.get(header + 4));
        // the RMW range's top follows the fitted values (parameter-ranges.tsv's provenance)
        assertTrue(lines.get(header + 5).matches("interval  90 % over 64 Latin hypercube draws \\(seed 1\\) of "
                + "device\\.perCommandNs 0\\.00 ns\\.\\.2\\.00 µs, device\\.rmwNs 0\\.00 ns\\.\\.\\d\\.\\d\\d µs, "
                + "cost\\.cv 0\\.00\\.\\.1\\.00 and the model's own error \\(seed000-vm's fit: s 9\\.2 % over 18 "
                + "training runs, 8 fitted parameters\\)"), lines.get(header + 5));
        assertTrue(lines.get(header + 6).matches("  JOBS +ext4-base +ext4-patch1 +speedup"), lines.get(header + 6));
        assertTrue(lines.get(header + 8).matches(" {5}1 +[0-9,]+\\.\\.[0-9,]+ [a-zA-Z. ]+ +[0-9,]+\\.\\.[0-9,]+ "
                + "[a-zA-Z. ]+ +[0-9.]+x\\.\\.[0-9.]+x [a-zA-Z. ]+"), lines.get(header + 8));
        assertEquals(header + 10, lines.size(), r.toString());
        // the seed's shape: at 8 jobs base is lock bound and patch 1 clearly ahead
        double speedup = Double.parseDouble(lines.get(header + 3).replaceAll(".* ([0-9.]+)x$", "$1"));
        assertTrue(speedup > 1.3, lines.get(header + 3));
    }

    @Test
    void aProfileFittedExactlyTakesThePooledModelError() {
        Cli.Run r = simulate("--device", "seed004-vm", "--policy", "xfs-dio", "--workload", "seed004-4k", "--jobs",
                "1");
        assertEquals(0, r.code(), r.toString());
        assertTrue(r.out().contains(" and the model's own error (the pooled fits of seed000-vm and seed002-pm173x: "
                + "s 13.0 % over 34 training runs, 19 fitted parameters)\n"), r.out());
    }

    @Test
    void jsonGivesTheNinetyPercentIntervalAroundThePrediction() {
        Cli.Run r = simulate("--device", "seed000-vm", "--policy", "ext4-base,ext4-patch1", "--workload",
                "seed000-test1", "--jobs", "1", "--json");
        assertEquals(0, r.code(), r.toString());
        Map<String, Object> o = ParsedJson.object(r.out().strip());
        @SuppressWarnings("unchecked")
        Map<String, Object> interval = (Map<String, Object>) o.get("interval");
        assertEquals(List.of("level", "draws", "seed", "parameters", "modelError"), new ArrayList<>(interval.keySet()));
        assertEquals(0.9, ((Number) interval.get("level")).doubleValue());
        assertEquals(64, ((Number) interval.get("draws")).intValue());
        @SuppressWarnings("unchecked")
        Map<String, Object> error = (Map<String, Object>) interval.get("modelError");
        assertEquals(List.of("seed000-vm"), error.get("from"));
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> rows = (List<Map<String, Object>>) o.get("rows");
        for (Map<String, Object> row : rows) {
            double iops = ((Number) row.get("iops")).doubleValue();
            assertTrue(((Number) row.get("iopsLow")).doubleValue() < iops, row.toString());
            assertTrue(((Number) row.get("iopsHigh")).doubleValue() > iops, row.toString());
        }
        double speedup = ((Number) rows.get(1).get("speedup")).doubleValue();
        assertTrue(((Number) rows.get(1).get("speedupLow")).doubleValue() < speedup, rows.get(1).toString());
        assertTrue(((Number) rows.get(1).get("speedupHigh")).doubleValue() > speedup, rows.get(1).toString());
    }

    @Test
    void aCalibratedDeviceFileIsAProfileWithItsOwnFitsError(@TempDir Path tmp) throws IOException {
        Path file = tmp.resolve("calibrated-loop.json");
        try (var in = SimulateCommandTest.class.getResourceAsStream("calibrated-loop.json")) {
            Files.write(file, in.readAllBytes());
        }
        Cli.Run r = simulate("--device", file.toString(), "--policy", "xfs-dio", "--workload", "seed004-4k", "--jobs",
                "1", "--json");
        assertEquals(0, r.code(), r.toString());
        Map<String, Object> o = ParsedJson.object(r.out().strip());
        assertEquals("cal2", o.get("device"));
        @SuppressWarnings("unchecked")
        Map<String, Object> interval = (Map<String, Object>) o.get("interval");
        @SuppressWarnings("unchecked")
        Map<String, Object> error = (Map<String, Object>) interval.get("modelError");
        assertEquals(List.of("cal2"), error.get("from"), "the calibration's own residual error");

        Cli.Run missing = simulate("--device", tmp.resolve("none.json").toString(), "--policy", "xfs-dio",
                "--workload", "seed004-4k");
        assertEquals(2, missing.code(), missing.toString());
        assertEquals("locktable: " + tmp.resolve("none.json") + ": no such file\n", missing.err());
    }

    @Test
    void threePoliciesGetOneSpeedupColumnEach() {
        Cli.Run r = simulate("--device", "seed000-vm", "--policy", "ext4-base", "--policy", "ext4-patch1,ext4-patch2",
                "--workload", "seed000-test1", "--jobs", "4");
        assertEquals(0, r.code(), r.toString());
        assertTrue(r.out().contains("  JOBS    ext4-base    ext4-patch1    ext4-patch2    speedup ext4-patch1    "
                + "speedup ext4-patch2\n"), r.out());
    }

    @Test
    void jsonHasExactlyTheDocumentedFields() {
        Cli.Run r = simulate("--device", "seed004-vm", "--policy", "xfs-dio-v5.11,xfs-dio", "--workload", "seed004-4k",
                "--jobs", "1,2", "--json");
        assertEquals(0, r.code(), r.toString());
        assertEquals(1, r.outLines().size(), r.out());
        Map<String, Object> o = ParsedJson.object(r.out().strip());
        assertEquals(List.of("device", "workload", "blockSize", "iodepth", "engine", "direct", "files", "filesPerJob",
                "initialLayout", "jobsFrom", "rules", "runs", "publishedCells", "interval", "rows"),
                new ArrayList<>(o.keySet()));
        assertEquals("seed004-vm", o.get("device"));
        assertEquals("seed004-4k", o.get("workload"));
        assertEquals("4096", o.get("blockSize"));
        assertEquals(32, ((Number) o.get("iodepth")).intValue());
        assertEquals("libaio", o.get("engine"));
        assertEquals(true, o.get("direct"));
        assertEquals("WRITTEN", o.get("initialLayout"));
        assertEquals("--jobs", o.get("jobsFrom"));
        assertEquals("kernel", o.get("rules"));
        assertTrue(((Number) o.get("publishedCells")).intValue() > 0, o.toString());
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> rows = (List<Map<String, Object>>) o.get("rows");
        assertEquals(4, rows.size());
        List<String> cells = new ArrayList<>();
        for (Map<String, Object> row : rows) {
            assertEquals(List.of("policy", "jobs", "iops", "readIops", "writeIops", "mibPerSec", "iopsLow", "iopsHigh",
                    "dominant", "speedup", "speedupLow", "speedupHigh"), new ArrayList<>(row.keySet()));
            double speedup = ((Number) row.get("speedup")).doubleValue();
            assertTrue(((Number) row.get("speedupLow")).doubleValue() <= speedup + 0.01
                    && speedup - 0.01 <= ((Number) row.get("speedupHigh")).doubleValue(), row.toString());
            assertTrue(((Number) row.get("iopsLow")).doubleValue() <= ((Number) row.get("iops")).doubleValue() + 0.01);
            assertTrue(((Number) row.get("iopsHigh")).doubleValue() >= ((Number) row.get("iops")).doubleValue() - 0.01);
            cells.add(row.get("policy") + "@" + row.get("jobs"));
            double iops = ((Number) row.get("iops")).doubleValue();
            double reads = ((Number) row.get("readIops")).doubleValue();
            double writes = ((Number) row.get("writeIops")).doubleValue();
            assertTrue(reads > 0 && writes > 0, row.toString()); // randrw: both directions
            assertEquals(iops, reads + writes, 0.01, "iops counts all I/Os: " + row);
            assertEquals(iops * 4096 / 1048576.0, ((Number) row.get("mibPerSec")).doubleValue(), 0.01, row.toString());
        }
        assertEquals(List.of("xfs-dio-v5.11@1", "xfs-dio-v5.11@2", "xfs-dio@1", "xfs-dio@2"), cells);
    }

    @Test
    void theSameRunTwiceGivesTheSameBytes() {
        String[] args = {"--device", "seed000-vm", "--policy", "ext4-base,ext4-patch1", "--workload", "seed000-test1",
            "--jobs", "2,4", "--json"};
        assertEquals(simulate(args).out(), simulate(args).out());
        String[] seeded = {"--device", "seed000-vm", "--policy", "ext4-base", "--workload", "seed000-test1", "--jobs",
            "4", "--json", "--seed", "7"};
        assertEquals(simulate(seeded).out(), simulate(seeded).out());
    }

    // ------------------------------------------------------------------------------------------- names

    @Test
    void unknownDeviceSaysDidYouMean() {
        Cli.Run r = simulate("--device", "seed000-mv", "--policy", "ext4-base", "--workload", "seed000-test1");
        assertEquals(2, r.code(), r.toString());
        assertEquals("", r.out());
        assertEquals(1, r.errLines().size(), r.err());
        assertTrue(r.err().startsWith("locktable: unknown device profile \"seed000-mv\"; did you mean \"seed000-vm\"?"),
                r.err());
    }

    @Test
    void unknownPolicySaysDidYouMean() {
        Cli.Run r = simulate("--device", "seed000-vm", "--policy", "ext4-base,ext4-ptach1", "--workload",
                "seed000-test1");
        assertEquals(2, r.code(), r.toString());
        assertEquals(1, r.errLines().size(), r.err());
        assertTrue(r.err().contains("did you mean \"ext4-patch1\""), r.err());
    }

    @Test
    void unknownWorkloadSaysDidYouMean() {
        Cli.Run r = simulate("--device", "seed000-vm", "--policy", "ext4-base", "--workload", "seed000-tset1");
        assertEquals(2, r.code(), r.toString());
        assertEquals(1, r.errLines().size(), r.err());
        assertTrue(r.err().startsWith("locktable: unknown workload \"seed000-tset1\"; did you mean \"seed000-test1\"?"),
                r.err());
    }

    @Test
    void workloadOrFioButNotBothNorNeither() {
        Cli.Run neither = simulate("--device", "seed000-vm", "--policy", "ext4-base");
        assertEquals(2, neither.code(), neither.toString());
        assertEquals("locktable: Error: Missing required argument (specify one of these): (--workload=NAME | "
                + "--fio=FILE)\n", neither.err());
        Cli.Run both = simulate("--device", "seed000-vm", "--policy", "ext4-base", "--workload", "seed000-test1",
                "--fio", "x.fio");
        assertEquals(2, both.code(), both.toString());
        assertEquals("locktable: Error: --workload=NAME, --fio=FILE are mutually exclusive (specify only one)\n",
                both.err());
    }

    @Test
    void rulesNoneSimulatesWithoutTheKernelsWaitingRules() {
        String[] args = {"--device", "seed000-vm", "--policy", "ext4-base", "--workload", "seed000-test1", "--jobs",
            "8", "--json"};
        Map<String, Object> kernel = ParsedJson.object(simulate(args).out().strip());
        assertEquals("kernel", kernel.get("rules"));
        Cli.Run run = simulate(concat(args, "--rules", "none"));
        assertEquals(0, run.code(), run.toString());
        Map<String, Object> none = ParsedJson.object(run.out().strip());
        assertEquals("none", none.get("rules"));
        TimingProfiles.Resolved p = TimingProfiles.find("seed000-vm").orElseThrow();
        Workload w = TimingSpec.scale(SeedWorkloads.get("seed000-test1"), Integer.parseInt(SMALL[1]));
        double expected = java.util.stream.LongStream.rangeClosed(1, 4).mapToDouble(seed -> Simulator.run(SimConfig
                .of(w, "ext4-base", p.device(), p.cost()).withJobs(8).withRules(WaitRules.NONE).withSeed(seed)).iops())
                .average().orElseThrow();
        assertEquals(expected, iops(none), 0.01, "the mean of the default 4 runs, seeds 1 to 4");
        assertNotEquals(iops(none), iops(kernel), "the rules change the seed000 test1 cell at 8 jobs");
        assertTrue(simulate(concat(args, "--rules", "none")).out().equals(run.out()), "deterministic");
        Cli.Run text = simulate("--device", "seed000-vm", "--policy", "ext4-base", "--workload", "seed000-test1",
                "--jobs", "1", "--rules", "none");
        assertTrue(text.out().contains("rules     none (none of the kernel's waiting rules"), text.out());
    }

    @Test
    void aPackOfAppendersIsCutNoShorterThanItSettles() {
        Cli.Run r = simulate("--device", "seed002-pm173x", "--policy", "xfs-buffered", "--workload", "seed002-table1",
                "--jobs", "2", "--runs", "1");
        assertEquals(0, r.code(), r.toString());
        assertEquals("workload  seed002-table1 (about 16384 I/Os per job: a pack of appenders, cut no shorter than it "
                + "needs to settle)", r.outLines().get(1));
        Cli.Run longer = Cli.run("simulate", "--device", "seed002-pm173x", "--policy", "xfs-buffered", "--workload",
                "seed002-table1", "--jobs", "2", "--runs", "1", "--ios-per-job", "20000");
        assertEquals("workload  seed002-table1 (about 20000 I/Os per job)", longer.outLines().get(1),
                "asked for more than the settled length: as asked");
    }

    @Test
    void eachCellIsTheMeanOfItsRuns() {
        String[] args = {"--device", "seed002-pm173x", "--policy", "xfs-buffered", "--workload", "seed002-table1",
            "--jobs", "8", "--json"};
        TimingProfiles.Resolved p = TimingProfiles.find("seed002-pm173x").orElseThrow();
        Workload w = TimingSpec.scale(SeedWorkloads.get("seed002-table1"), Integer.parseInt(SMALL[1]));
        double[] bySeed = new double[3];
        for (int seed = 2; seed <= 4; seed++) {
            bySeed[seed - 2] = Simulator.run(SimConfig.of(w, "xfs-buffered", p.device(), p.cost()).withJobs(8)
                    .withSeed(seed)).iops();
        }
        Map<String, Object> one = ParsedJson.object(simulate(concat(args, "--seed", "2", "--runs", "1")).out().strip());
        assertEquals(1, ((Number) one.get("runs")).intValue());
        assertEquals(bySeed[0], iops(one), 0.01);
        Map<String, Object> three = ParsedJson.object(simulate(concat(args, "--seed", "2", "--runs", "3")).out()
                .strip());
        assertEquals((bySeed[0] + bySeed[1] + bySeed[2]) / 3, iops(three), 0.01);
        Cli.Run text = simulate("--device", "seed002-pm173x", "--policy", "xfs-buffered", "--workload",
                "seed002-table1", "--jobs", "8");
        assertTrue(text.out().contains("IOPS      all I/Os per second (fio's rule), the mean of 4 runs, seeds 1 to 4"),
                text.out());
        Cli.Run none = simulate(concat(args, "--runs", "0"));
        assertEquals(2, none.code(), none.toString());
        assertEquals("locktable: --runs must be 1 or more, got 0", none.err().strip());
    }

    @Test
    void unknownRulesAreOneLine() {
        Cli.Run r = simulate("--device", "seed000-vm", "--policy", "ext4-base", "--workload", "seed000-test1",
                "--rules", "strict");
        assertEquals(2, r.code());
        assertEquals("locktable: --rules: wait rules: kernel or none, not strict\n", r.err());
    }

    @SuppressWarnings("unchecked")
    private static double iops(Map<String, Object> json) {
        List<Map<String, Object>> rows = (List<Map<String, Object>>) json.get("rows");
        return ((Number) rows.get(0).get("iops")).doubleValue();
    }

    private static String[] concat(String[] a, String... b) {
        String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    @Test
    void badJobCountsAreRefused() {
        Cli.Run zero = simulate("--device", "seed000-vm", "--policy", "ext4-base", "--workload", "seed000-test1",
                "--jobs", "1,0");
        assertEquals(2, zero.code());
        assertTrue(zero.err().startsWith("locktable: --jobs: 0 is not a job count"), zero.err());
        Cli.Run twice = simulate("--device", "seed000-vm", "--policy", "ext4-base", "--workload", "seed000-test1",
                "--jobs", "2,2");
        assertEquals(2, twice.code());
        assertEquals("locktable: --jobs: 2 is given twice\n", twice.err());
        Cli.Run text = simulate("--device", "seed000-vm", "--policy", "ext4-base", "--workload", "seed000-test1",
                "--jobs", "two");
        assertEquals(2, text.code());
        assertEquals(1, text.errLines().size(), text.err());
    }

    // ------------------------------------------------------------------------------------------- fio

    @Test
    void fioFileWithUnknownKeysWarnsOnStderrAndRuns() throws IOException {
        Path f = write("rand.fio", "[global]\nioengine=libaio\ndirect=1\nsize=16m\nbs=4k\n\n[writer]\nrw=randwrite\n"
                + "iodepth=4\nfrobnicate=1\n");
        Cli.Run r = simulate("--device", "seed000-vm", "--policy", "ext4-base,ext4-patch1", "--fio", f.toString(),
                "--jobs", "1,2");
        assertEquals(0, r.code(), r.toString());
        assertTrue(r.out().contains("workload  writer"), r.out());
        assertTrue(r.err().contains("locktable: " + f + ": warning: unknown options, ignored"), r.err());
        assertTrue(r.err().contains("frobnicate"), r.err());
        for (String line : r.errLines()) {
            assertTrue(line.startsWith("locktable: " + f + ": warning: "), line);
        }
    }

    @Test
    void textEchoesWhatWasSimulated() {
        Cli.Run r = simulate("--device", "seed000-vm", "--policy", "ext4-base", "--workload", "seed000-test1",
                "--jobs", "2");
        assertEquals(0, r.code(), r.toString());
        assertTrue(r.out().contains("each job  sequential writes, bs 8192, libaio iodepth 1, O_DIRECT, 1 GiB region "
                + "per job\n"), r.out());
        assertTrue(r.out().contains("files     one file shared by every job\n"), r.out());
        assertTrue(r.out().contains("layout    \"W U U W\" repeated"), r.out());
        assertTrue(r.out().contains("jobs      2 (--jobs)\n"), r.out());
        assertTrue(r.out().contains("accuracy  model predictions, not measurements; generated-docs/timing-validation.md"),
                r.out());
    }

    @Test
    void fioNumjobsIsHonouredUnlessJobsIsGiven() throws IOException {
        Path f = write("four.fio", "[four]\nioengine=psync\ndirect=1\nsize=16m\nbs=4k\nrw=randwrite\nnumjobs=4\n");
        Cli.Run r = simulate("--device", "seed000-vm", "--policy", "ext4-base", "--fio", f.toString(), "--json");
        assertEquals(0, r.code(), r.toString());
        Map<String, Object> o = ParsedJson.object(r.out().strip());
        assertEquals("numjobs", o.get("jobsFrom"));
        assertEquals("per-job", o.get("files"));
        assertEquals(1, ((Number) o.get("iodepth")).intValue(), "psync: one I/O in flight");
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> rows = (List<Map<String, Object>>) o.get("rows");
        assertEquals(1, rows.size(), rows.toString());
        assertEquals(4, ((Number) rows.get(0).get("jobs")).intValue());

        Cli.Run text = simulate("--device", "seed000-vm", "--policy", "ext4-base", "--fio", f.toString());
        assertTrue(text.out().contains("jobs      4 (the job file's numjobs)\n"), text.out());
        assertTrue(text.out().matches("(?s).*\n +4 +[0-9,]+\n\ninterval .*\n +4 +[0-9,]+\\.\\.[0-9,]+ [a-zA-Z. ]+\n$"),
                text.out());

        Cli.Run given = simulate("--device", "seed000-vm", "--policy", "ext4-base", "--fio", f.toString(),
                "--jobs", "1,2");
        assertTrue(given.out().contains("jobs      1,2 (--jobs)\n"), given.out());
    }

    @Test
    void malformedFioFileIsOneLineWithFileAndLine() throws IOException {
        Path f = write("bad.fio", "; a malformed value on line 7\n[global]\nioengine=libaio\niodepth=8\n\n[writer]\n"
                + "bs=4q\nsize=1g\n");
        Cli.Run r = simulate("--device", "seed000-vm", "--policy", "ext4-base", "--fio", f.toString());
        assertEquals(2, r.code(), r.toString());
        assertEquals("", r.out());
        assertEquals(1, r.errLines().size(), r.err());
        assertTrue(r.err().startsWith("locktable: " + f + ":7: bs=4q: '4q' has an unknown unit"), r.err());
    }

    @Test
    void missingFioFile() {
        Cli.Run r = simulate("--device", "seed000-vm", "--policy", "ext4-base", "--fio", dir.resolve("nope.fio").toString());
        assertEquals(2, r.code(), r.toString());
        assertTrue(r.err().endsWith("nope.fio\": no such file\n"), r.err());
    }

    @Test
    void severalJobsNeedJob() throws IOException {
        Path f = write("two.fio", "[global]\nrw=randread\nsize=8m\nioengine=libaio\ndirect=1\niodepth=2\n\n[job1]\n\n"
                + "[job2]\nrw=randwrite\n");
        Cli.Run r = simulate("--device", "seed000-vm", "--policy", "ext4-base", "--fio", f.toString());
        assertEquals(2, r.code(), r.toString());
        assertEquals("locktable: " + f + " has 2 jobs (job1, job2); pick one with --job NAME\n", r.err());

        Cli.Run picked = simulate("--device", "seed000-vm", "--policy", "ext4-base", "--fio", f.toString(), "--job",
                "job2", "--jobs", "1", "--json");
        assertEquals(0, picked.code(), picked.toString());
        assertTrue(picked.out().contains("\"workload\":\"job2\""), picked.out());
        assertTrue(picked.out().contains("\"readIops\":0,"), picked.out());

        Cli.Run typo = simulate("--device", "seed000-vm", "--policy", "ext4-base", "--fio", f.toString(), "--job",
                "jbo2");
        assertEquals(2, typo.code(), typo.toString());
        assertTrue(typo.err().startsWith("locktable: unknown job \"jbo2\"; did you mean \"job2\"?"), typo.err());
    }

    // ------------------------------------------------------------------------------------------- progress

    @Test
    void progressBarOnATerminalOnceTheRunIsSlow() {
        AtomicLong now = new AtomicLong();
        // every look at the clock is 0.4 s later: the bar appears from the third cell on
        Cli.Run r = Cli.runWith(new SimulateCommand(() -> true, () -> now.getAndAdd(400_000_000L)), "simulate-tty",
                "simulate-tty", "--device", "seed000-vm", "--policy", "ext4-base,ext4-patch1", "--workload",
                "seed000-test1", "--jobs", "1,2,4", "--ios-per-job", "64");
        assertEquals(0, r.code(), r.toString());
        // cells run in parallel: which one finished third is up to the scheduler
        assertTrue(r.err().startsWith("\rsimulating [###############...............] 3/6 cells (last: ext4-"),
                r.err());
        assertTrue(r.err().contains("] 5/6 cells (last: ext4-"), r.err());
        assertTrue(r.err().endsWith("\r"), "the bar is erased at the end: " + r.err());
        assertTrue(r.out().contains("  JOBS    ext4-base    ext4-patch1    speedup"), r.out());
    }

    @Test
    void noProgressBarWhenNotATerminalOrFast() {
        Cli.Run notTty = Cli.runWith(new SimulateCommand(() -> false, () -> System.nanoTime() * 1000), "simulate-pipe",
                "simulate-pipe", "--device", "seed000-vm", "--policy", "ext4-base", "--workload", "seed000-test1",
                "--jobs", "1,2", "--ios-per-job", "64");
        assertEquals(0, notTty.code(), notTty.toString());
        assertEquals("", notTty.err());
        Cli.Run fast = Cli.runWith(new SimulateCommand(() -> true, () -> 0L), "simulate-fast", "simulate-fast",
                "--device", "seed000-vm", "--policy", "ext4-base", "--workload", "seed000-test1", "--jobs", "1,2",
                "--ios-per-job", "64");
        assertEquals(0, fast.code(), fast.toString());
        assertEquals("", fast.err());
    }

    @Test
    void helpListsTheCommand() {
        Cli.Run r = Cli.run("simulate", "--help");
        assertEquals(0, r.code(), r.toString());
        assertTrue(r.out().contains("--device=PROFILE"), r.out());
        assertTrue(r.out().contains("--ios-per-job=N"), r.out());
        assertFalse(r.out().isEmpty());
    }
}
