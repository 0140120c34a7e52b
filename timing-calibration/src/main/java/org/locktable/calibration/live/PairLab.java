package org.locktable.calibration.live;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.locktable.calibration.live.LiveLab.Repeated;
import org.locktable.calibration.live.MechanismPair.Arm;
import org.locktable.calibration.live.MechanismPair.Setup;
import org.locktable.calibration.live.MechanismPairs.PairPlan;
import org.locktable.rig.Sandbox;
import org.locktable.rig.Shell;

/**
 * The root-only part of the mechanism checks: ext4 and XFS on loop devices over a tmpfs (as {@link LiveLab} makes
 * them), every designed pair run {@link PairPlan#repeats()} times, its two runs back to back and in alternating
 * order so that a drift in the machine's speed falls on both.
 */
final class PairLab {
    private PairLab() {
    }

    /** Measures every pair of {@code plan}. */
    static PairData measure(PairPlan plan, String command) throws IOException {
        LiveCalibration.REQUIREMENTS.check();
        String kernel = Shell.check(List.of("uname", "-r"), 10).strip();
        String fioVersion = Shell.check(List.of(Shell.tool("fio"), "--version"), 10).strip();
        String loadBefore = LiveLab.loadAverage();
        List<PairRun> runs = new ArrayList<>();
        try (Sandbox box = new Sandbox()) {
            Path root = box.tmpfs(LiveLab.TMPFS_PREFIX, plan.tmpfs());
            Path ext4 = LiveLab.mountFs(box, root, "ext4", plan.imageBytes());
            Path xfs = LiveLab.mountFs(box, root, "xfs", plan.imageBytes());
            for (MechanismPair p : MechanismPairs.designed(plan)) {
                runs.add(measure(box, plan, p, p.fs().equals("ext4") ? ext4 : xfs));
            }
        }
        String load = loadBefore + " before, " + LiveLab.loadAverage() + " after";
        return new PairData(plan.name(), command, kernel, fioVersion, Runtime.getRuntime().availableProcessors(), load,
                List.copyOf(runs));
    }

    /**
     * One pair on the file system mounted on {@code mnt}. Each setup has its own file, so that the unwritten run's
     * {@code fallocate} never lands on the written run's file; the written file is filled once and stays written.
     */
    private static PairRun measure(Sandbox box, PairPlan plan, MechanismPair p, Path mnt) throws IOException {
        long bytes = plan.fileBytes(p);
        Path fileA = file(mnt, p.a());
        Path fileB = file(mnt, p.b());
        double[] a = new double[plan.repeats()];
        double[] b = new double[plan.repeats()];
        double[] ratio = new double[plan.repeats()];
        for (Path f : new Path[] {fileA, fileB}) {
            if (f.getFileName().toString().startsWith(Setup.WRITTEN.name())) {
                fill(box, f, bytes);
            }
        }
        for (int i = 0; i < plan.repeats(); i++) {
            if (i % 2 == 0) {
                a[i] = once(box, p.a(), fileA, bytes);
                b[i] = once(box, p.b(), fileB, bytes);
            } else {
                b[i] = once(box, p.b(), fileB, bytes);
                a[i] = once(box, p.a(), fileA, bytes);
            }
            ratio[i] = b[i] / a[i];
        }
        Files.deleteIfExists(fileA);
        Files.deleteIfExists(fileB);
        return new PairRun(p.id(), Repeated.of(a), Repeated.of(b), Repeated.of(ratio));
    }

    private static Path file(Path mnt, Arm arm) {
        return mnt.resolve(arm.setup().name() + ".pair");
    }

    /** One run of {@code arm}: the file made as the arm's setup says, then fio; all I/Os per second. */
    private static double once(Sandbox box, Arm arm, Path file, long bytes) throws IOException {
        switch (arm.setup()) {
            case UNWRITTEN:
                Files.deleteIfExists(file);
                box.check(List.of(Shell.tool("xfs_io"), "-f", "-c", "falloc 0 " + bytes, file.toString()), 120);
                break;
            case STRIPES:
                LiveLab.buildStripes(box, file, bytes);
                break;
            default: // WRITTEN: filled once per pair; overwrites keep it so
                break;
        }
        List<String> args = new ArrayList<>(arm.fio());
        args.add("--filename=" + file);
        if (!arm.pollingIdle()) {
            return FioJson.run(box, args, 900).iops();
        }
        try (PollingIdle polling = PollingIdle.hold()) {
            return FioJson.run(box, args, 900).iops();
        }
    }

    /** A written file of {@code bytes}: a direct sequential fill. */
    private static void fill(Sandbox box, Path file, long bytes) throws IOException {
        Files.deleteIfExists(file);
        FioJson.run(box, List.of("--name=fill", "--filename=" + file, "--rw=write", "--bs=1m", "--direct=1",
                "--ioengine=psync", "--size=" + bytes), 600);
    }

    /**
     * One pair measured.
     *
     * @param id the pair's {@link MechanismPair#id()}
     * @param a the reference run's IOPS over the repetitions
     * @param b the other run's
     * @param ratio {@code b / a} per repetition
     */
    record PairRun(String id, Repeated a, Repeated b, Repeated ratio) {
    }

    /** What a pair run measured, and the facts its section states. */
    record PairData(String plan, String command, String kernel, String fio, int cores, String load,
            List<PairRun> runs) {
    }
}
