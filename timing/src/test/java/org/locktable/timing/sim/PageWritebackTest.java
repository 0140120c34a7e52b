package org.locktable.timing.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.locktable.timing.cost.CostModel;
import org.locktable.timing.device.Simple;
import org.locktable.timing.workload.BlockSizes;
import org.locktable.timing.workload.InitialLayout;
import org.locktable.timing.workload.JobSpec;
import org.locktable.timing.workload.Workload;

/**
 * O_DSYNC buffered writers of one page (WaitRules.pageWriteback): the page has one write in flight; the writers
 * who copied meanwhile wait for it and go out together in the next, the first of them holding the folio lock, which
 * a copy into the page needs. Every job rewrites the only page of a written 4 KiB file with psync; nothing costs but
 * the device's latency D, so the schedules are computed by hand.
 */
@DisplayName("Page writeback: O_DSYNC buffered writers of one page share its writes")
class PageWritebackTest {
    static final double D = 10_000;
    static final int WRITES_PER_JOB = 600;

    static SimResult run(int jobs, WaitRules rules) {
        JobSpec js = new JobSpec(JobSpec.Pattern.RANDOM, 0, BlockSizes.fixed(4096), 0, 0, 0, 4096,
                4096L * WRITES_PER_JOB, 0, JobSpec.Engine.PSYNC, 1, false, true, false, false, 4096);
        Workload w = new Workload("one-page", jobs, js, Workload.FileSharing.ONE_SHARED_FILE, InitialLayout.WRITTEN,
                List.of());
        return Simulator.run(SimConfig.of(w, "xfs-buffered", Simple.of(D, 0, 0), CostModel.ZERO).withRules(rules));
    }

    @Test
    @DisplayName("one job: 1/D either way")
    void oneJob() {
        assertEquals(1e9 / D, run(1, WaitRules.KERNEL).iops(), 1e-6 * 1e9 / D);
        assertEquals(1e9 / D, run(1, WaitRules.NONE).iops(), 1e-6 * 1e9 / D);
    }

    @Test
    @DisplayName("two jobs take turns: each write carries one writer, 1/D; without the rule 2/D")
    void twoJobsTakeTurns() {
        // t=0: A's write W1 goes out, B (copied at 0) waits; t=D: B leads W2, A is done and rewrites, waits; ...
        SimResult r = run(2, WaitRules.KERNEL);
        assertEquals(1e9 / D, r.iops(), 1e-3 * 1e9 / D);
        assertEquals(r.ios(), r.counters().deviceCommands());
        assertEquals(2e9 / D, run(2, WaitRules.NONE).iops(), 1e-3 * 2e9 / D);
    }

    @Test
    @DisplayName("three jobs: the waiting writer holds the folio lock, so the third copies only after the write in"
            + " flight: one writer per write, 1/D")
    void threeJobsTakeTurnsBehindTheFolioLock() {
        // t=0: A leads W1, B copies and waits for W1 holding the folio lock, C (holding IOLOCK_EXCL) waits for
        // that lock; t=D: W2 carries B, C copies and waits, A's copy waits; t=2D: W3 carries C, A copies; ...
        SimResult r = run(3, WaitRules.KERNEL);
        assertEquals(1e9 / D, r.iops(), 1e-3 * 1e9 / D);
        assertEquals(r.ios(), r.counters().deviceCommands(), "one device write per write");
        assertEquals(3e9 / D, run(3, WaitRules.NONE).iops(), 1e-3 * 3e9 / D);
    }

    static final double W = 4_000;

    /** As {@link #run}, every sleeping thread paying the wake-up W (as CPU, on unlimited cores). */
    static SimResult runWithWakeUps(int jobs) {
        JobSpec js = new JobSpec(JobSpec.Pattern.RANDOM, 0, BlockSizes.fixed(4096), 0, 0, 0, 4096,
                4096L * WRITES_PER_JOB, 0, JobSpec.Engine.PSYNC, 1, false, true, false, false, 4096);
        Workload w = new Workload("one-page", jobs, js, Workload.FileSharing.ONE_SHARED_FILE, InitialLayout.WRITTEN,
                List.of());
        return Simulator.run(SimConfig.of(w, "xfs-buffered", Simple.of(D, 0, 0), CostModel.ZERO.withWakeNs(W))
                .withRules(WaitRules.KERNEL));
    }

    @Test
    @DisplayName("the writer woken from folio_wait_writeback sends the next write only when it runs: with wake-ups,"
            + " two and three jobs write as fast as one, 1/(D+W)")
    void theWokenLeaderIsOnTheChain() {
        // One job: its write (D), then its thread wakes (W) for the next, 1/(D+W). Two jobs: t=0 A leads W1, B
        // waits holding the folio lock; t=D W1 is done, B is woken and A (done) wakes too; t=D+W B sends W2 and
        // releases the folio lock, A copies and waits for W2; t=2D+W A is woken, sends W3 at 2D+2W; ... a write per
        // D+W. Three jobs: the third's copy waits for the folio lock and its own wake-up, off the chain: the same.
        double perWrite = 1e9 / (D + W);
        assertEquals(perWrite, runWithWakeUps(1).iops(), 1e-3 * perWrite);
        assertEquals(perWrite, runWithWakeUps(2).iops(), 1e-3 * perWrite);
        assertEquals(perWrite, runWithWakeUps(3).iops(), 1e-3 * perWrite);
    }

    static final double V = 3_000;
    static final double F = 2_000;
    static final int PAGES = 600;

    /** Two psync jobs write the same pages of an unwritten file in order; the device costs D, a conversion V. */
    static SimResult appendSamePages(WaitRules rules) {
        JobSpec js = new JobSpec(JobSpec.Pattern.SEQUENTIAL, 0, BlockSizes.fixed(4096), 0, 0, 0, 4096L * PAGES,
                4096L * PAGES, 0, JobSpec.Engine.PSYNC, 1, false, true, false, false, 4096);
        Workload w = new Workload("same-pages", 2, js, Workload.FileSharing.ONE_SHARED_FILE, InitialLayout.UNWRITTEN,
                List.of());
        CostModel cost = CostModel.ZERO.withConversionNs(V).withLogForceNs(F);
        return Simulator.run(SimConfig.of(w, "xfs-buffered", Simple.of(D, 0, 0), cost).withRules(rules));
    }

    @Test
    @DisplayName("a page's writeback ends after its ioend's conversion: one conversion per page, the second writer"
            + " meets written blocks")
    void conversionBeforeWritebackEnds() {
        // Page k: A's write goes out at k(D+V+F), reaches the device at +D, is converted at +D+V (only now does
        // the folio's writeback end), and A's log force ends at (k+1)(D+V+F). B copied page k while A's write was
        // in flight (F <= D), goes out at k(D+V+F)+D+V over written blocks, is done at k(D+V+F)+2D+V without a log
        // force (A's force covered the inode's only commit) and copies page k+1 while A's write of it is in flight.
        SimResult r = appendSamePages(WaitRules.KERNEL);
        double runtime = (PAGES - 1) * (D + V + F) + 2 * D + V;
        assertEquals(2 * PAGES * 1e9 / runtime, r.iops(), 1e-6 * r.iops());
        assertEquals(PAGES, r.counters().conversions(), "one conversion per page, not per writer");
        assertEquals(PAGES, r.counters().logForces(), "only the converting writer forces the log");
        assertEquals(r.ios(), r.counters().deviceCommands());
    }

    /** Two psync jobs each rewriting its own block of a written 8 KiB file, on a kernel with {@code pageBytes}. */
    static SimResult ownBlocks(int pageBytes) {
        JobSpec js = new JobSpec(JobSpec.Pattern.RANDOM, 0, BlockSizes.fixed(4096), 0, 4096, 0, 4096,
                4096L * WRITES_PER_JOB, 0, JobSpec.Engine.PSYNC, 1, false, true, false, false, 4096);
        Workload w = new Workload("own-blocks", 2, js, Workload.FileSharing.ONE_SHARED_FILE, InitialLayout.WRITTEN,
                List.of());
        CostModel cost = CostModel.ZERO.withPageBytes(pageBytes);
        return Simulator.run(SimConfig.of(w, "xfs-buffered", Simple.of(D, 0, 0), cost).withRules(WaitRules.KERNEL));
    }

    @Test
    @DisplayName("cost.pageBytes: two blocks of one 8 KiB folio share its writeback, two 4 KiB pages do not")
    void theFolioIsThePageSize() {
        // 4 KiB pages: each job's block is its own page, 2 writes per D. 8 KiB pages: one folio, the jobs take turns
        // as on one page (t=0: A leads W1, B waits; t=D: W2 carries B, A copies and waits; ...), 1 write per D.
        assertEquals(2e9 / D, ownBlocks(4096).iops(), 1e-3 * 2e9 / D);
        assertEquals(1e9 / D, ownBlocks(8192).iops(), 1e-3 * 1e9 / D);
    }
}
