package org.locktable.calibration.live;

import java.util.ArrayList;
import java.util.List;

import org.locktable.calibration.live.MechanismPair.Arm;
import org.locktable.calibration.live.MechanismPair.Setup;

/**
 * The designed matrix of live mechanism checks (issue 13 item 2): per file system, pairs of fio runs that differ in
 * one thing. Not a fit: nothing here is tuned, the model predicts each pair's ratio from the committed
 * {@code local-loop} profile.
 */
public final class MechanismPairs {
    private MechanismPairs() {
    }

    /**
     * Sizes of a pair run.
     *
     * @param name {@code full} or {@code tiny}
     * @param tmpfs tmpfs size ({@code mount -o size=})
     * @param imageBytes each file system image (sparse)
     * @param randomRegion the file of the random 512-byte runs
     * @param runtimeMs each random run's length (fio {@code time_based})
     * @param stripeRegion bytes per job of the stripe runs (a multiple of 16 KiB)
     * @param fewJobs the stripe pairs' reference job count
     * @param manyJobs the stripe pairs' other job count
     * @param repeats repetitions of each pair, its two runs back to back in alternating order
     */
    public record PairPlan(String name, String tmpfs, long imageBytes, long randomRegion, long runtimeMs,
            long stripeRegion, int fewJobs, int manyJobs, int repeats) {

        /** Five repetitions of every pair: about five minutes. */
        public static PairPlan full() {
            return new PairPlan("full", "3g", 1L << 30, 256L << 20, 2000, 64L << 20, 1, 8, 5);
        }

        /** Seconds long: small files, 1 against 2 jobs, one repetition. */
        public static PairPlan tiny() {
            return new PairPlan("tiny", "1200m", 512L << 20, 8L << 20, 200, 2L << 20, 1, 2, 1);
        }

        /** The bytes a pair's file needs. */
        long fileBytes(MechanismPair p) {
            return p.a().setup() == Setup.STRIPES ? manyJobs * stripeRegion : randomRegion;
        }
    }

    /**
     * Every pair of {@code plan}, ext4 (the running kernel's {@code ext4-base}) first, then XFS ({@code xfs-dio}),
     * then XFS's buffered folio-lock pairs ({@code xfs-buffered}), then the idle exit of a lone direct writer.
     */
    public static List<MechanismPair> designed(PairPlan plan) {
        List<MechanismPair> out = new ArrayList<>();
        for (String[] fs : new String[][] {{"ext4", "ext4-base"}, {"xfs", "xfs-dio"}}) {
            out.addAll(of(plan, fs[0], fs[1]));
        }
        out.addAll(folioLock(plan));
        out.add(idleExit(plan));
        return List.copyOf(out);
    }

    /**
     * A lone direct writer at iodepth 1 sleeps in {@code io_getevents} for every I/O; its CPU goes idle meanwhile,
     * and when the completion wakes it the CPU must first leave its idle state. Held out of idle states, the CPUs
     * poll and the wake-up is immediate. The model charges the probe's {@code cost.idleExitNs} to a wake-up that
     * finds its CPU idle; the polling arm runs without it.
     */
    private static MechanismPair idleExit(PairPlan plan) {
        List<String> writes = new ArrayList<>(List.of("--name=pair", "--rw=randwrite", "--bs=4k", "--direct=1",
                "--ioengine=libaio", "--iodepth=1", "--numjobs=1", "--size=" + plan.randomRegion(), "--time_based",
                "--runtime=" + plan.runtimeMs() + "ms", "--norandommap", "--randrepeat=0", "--fallocate=none"));
        return new MechanismPair("ext4-idle-exit", "a lone direct writer at iodepth 1 sleeps for every I/O and its "
                + "CPU goes idle; with the CPUs polling instead of halting, the completion's wake-up no longer waits "
                + "for the CPU to leave its idle state (cost.idleExitNs, measured apart by locktable calibrate "
                + "idle-exit)", "ext4", "ext4-base",
                new Arm("4 KiB random overwrites of written blocks, libaio iodepth 1, 1 job", Setup.WRITTEN, writes),
                new Arm("the same, CPUs polling", Setup.WRITTEN, writes, true));
    }

    /**
     * O_DSYNC buffered writers of one page take turns: the writer waiting for the page's writeback holds its folio
     * lock ({@code writeback_iter} → {@code folio_prepare_writeback} → {@code folio_wait_writeback},
     * mm/page-writeback.c), and the next writer's copy needs it ({@code FGP_WRITEBEGIN} includes {@code FGP_LOCK})
     * under IOLOCK_EXCL, so more jobs add little; without the lock each would write on its own and the jobs would
     * scale with the device.
     */
    private static List<MechanismPair> folioLock(PairPlan plan) {
        List<String> one = onePage(plan, plan.fewJobs());
        List<String> many = onePage(plan, plan.manyJobs());
        String few = plan.fewJobs() + " job(s)";
        return List.of(
                new MechanismPair("xfs-folio-lock", "O_DSYNC buffered writers of one 4 KiB page: the writer waiting "
                        + "for the page's writeback holds its folio lock, which the next writer's copy needs under "
                        + "IOLOCK_EXCL, so the writers take turns", "xfs", "xfs-buffered",
                        new Arm("4 KiB O_DSYNC buffered rewrites of one page, psync, " + few, Setup.WRITTEN, one),
                        new Arm("the same, " + plan.manyJobs() + " jobs", Setup.WRITTEN, many)),
                new MechanismPair("xfs-folio-lock-polling", "as xfs-folio-lock with every CPU kept out of its idle "
                        + "states (/dev/cpu_dma_latency held at 0) in both runs, so that what the jobs gain is not "
                        + "wake-ups that no longer wait for an idle CPU to come back", "xfs", "xfs-buffered",
                        new Arm("one page, " + few + ", CPUs polling", Setup.WRITTEN, one, true),
                        new Arm("the same, " + plan.manyJobs() + " jobs", Setup.WRITTEN, many, true)),
                new MechanismPair("xfs-idle-exit", "one O_DSYNC buffered writer of one page sleeps for every write's "
                        + "writeback; with the CPUs polling instead of halting, its wake-ups no longer wait for an "
                        + "idle CPU to leave its idle state (cost.idleExitNs). This loop device has no FUA, so an "
                        + "O_DSYNC overwrite is two requests through its worker, the data and the cache flush "
                        + "xfs_file_fsync issues when no log force was needed (/sys/block/loopN/stat on this "
                        + "machine), each a sleep and a wake-up; the model sends it as one request",
                        "xfs", "xfs-buffered",
                        new Arm("one page, " + few, Setup.WRITTEN, one),
                        new Arm("the same, CPUs polling", Setup.WRITTEN, one, true)));
    }

    private static List<String> onePage(PairPlan plan, int jobs) {
        return List.of("--name=page", "--rw=write", "--bs=4k", "--size=4k", "--ioengine=psync", "--sync=dsync",
                "--numjobs=" + jobs, "--group_reporting", "--time_based", "--runtime=" + plan.runtimeMs() + "ms");
    }

    private static List<MechanismPair> of(PairPlan plan, String fs, String policy) {
        List<String> writes = random(plan, "randwrite", "libaio");
        List<String> mixed = random(plan, "randrw", "libaio");
        mixed.add("--rwmixread=50");
        return List.of(
                new MechanismPair(fs + "-waited-writes", "512-byte writes into unwritten blocks take the exclusive "
                        + "lock, drain in-flight direct I/O and complete inside io_submit (IOMAP_DIO_FORCE_WAIT); "
                        + "over written blocks they stay shared and queued", fs, policy,
                        new Arm("512 B random writes over written blocks, libaio iodepth 32", Setup.WRITTEN, writes),
                        new Arm("the same into unwritten blocks", Setup.UNWRITTEN, writes)),
                new MechanismPair(fs + "-drain-reads", "as " + fs + "-waited-writes with half the I/Os direct reads "
                        + "of the same file: inode_dio_begin counts them, so a drain waits for reads in flight too",
                        fs, policy,
                        new Arm("512 B random reads and writes (50 %) over written blocks, libaio iodepth 32",
                                Setup.WRITTEN, mixed),
                        new Arm("the same into unwritten blocks", Setup.UNWRITTEN, mixed)),
                new MechanismPair(fs + "-io-uring", "the waited writes submitted by io_uring instead of libaio: "
                        + "one that must wait goes to an io-wq worker and frees the submitter", fs, policy,
                        new Arm("512 B random writes into unwritten blocks, libaio iodepth 32", Setup.UNWRITTEN,
                                writes),
                        new Arm("the same with io_uring", Setup.UNWRITTEN, random(plan, "randwrite", "io_uring"))),
                new MechanismPair(fs + "-stripes-aligned", "seed 000 Test 1: aligned 8 KiB writes over W U U W "
                        + "(each spans a written and an unwritten block), " + plan.fewJobs() + " against "
                        + plan.manyJobs() + " jobs on one file", fs, policy,
                        new Arm("Test 1, " + plan.fewJobs() + " job(s)", Setup.STRIPES,
                                stripes(plan, plan.fewJobs(), 1)),
                        new Arm("Test 1, " + plan.manyJobs() + " jobs", Setup.STRIPES,
                                stripes(plan, plan.manyJobs(), 1))),
                new MechanismPair(fs + "-stripes-unaligned", "seed 000 Test 2: 14336-byte writes at +512 in every "
                        + "stripe (unaligned head and tail on written blocks, unwritten middle), " + plan.fewJobs()
                        + " against " + plan.manyJobs() + " jobs", fs, policy,
                        new Arm("Test 2, " + plan.fewJobs() + " job(s)", Setup.STRIPES,
                                stripes(plan, plan.fewJobs(), 2)),
                        new Arm("Test 2, " + plan.manyJobs() + " jobs", Setup.STRIPES,
                                stripes(plan, plan.manyJobs(), 2))));
    }

    private static List<String> random(PairPlan plan, String rw, String engine) {
        return new ArrayList<>(List.of("--name=pair", "--rw=" + rw, "--bs=512", "--direct=1", "--ioengine=" + engine,
                "--iodepth=32", "--numjobs=1", "--size=" + plan.randomRegion(), "--time_based",
                "--runtime=" + plan.runtimeMs() + "ms", "--norandommap", "--randrepeat=0", "--fallocate=none"));
    }

    private static List<String> stripes(PairPlan plan, int jobs, int test) {
        List<String> args = new ArrayList<>(List.of("--name=seed000-test" + test, "--direct=1", "--ioengine=libaio",
                "--iodepth=1", "--size=" + plan.stripeRegion(), "--offset_increment=" + plan.stripeRegion(),
                "--numjobs=" + jobs, "--group_reporting", "--fallocate=none"));
        if (test == 1) {
            args.addAll(List.of("--rw=write", "--bs=8k"));
        } else {
            args.addAll(List.of("--rw=write:2k", "--bs=14336", "--offset=512"));
        }
        return args;
    }
}
