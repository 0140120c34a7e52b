package org.locktable.calibration.device;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import org.locktable.calibration.live.FioJson;
import org.locktable.rig.Sandbox;
import org.locktable.rig.Shell;

/**
 * The measuring part of {@code calibrate device}: fio, one run after another ({@link DeviceRun#plan}), on a file of
 * the plan's size in a directory of its own under the target (removed afterwards, also on a signal), or on the block
 * device itself. The written file is written in full first; an unwritten run's file is fallocated by fio each time.
 */
final class DeviceLab {
    private DeviceLab() {
    }

    /** One run measured: its IOPS (fio's rule). */
    record Measured(DeviceRun run, double iops) {
    }

    /** Runs {@code runs} on {@code target}, telling {@code progress} one line before each and one after. */
    static List<Measured> measure(DeviceTarget target, DevicePlan plan, List<DeviceRun> runs,
            Consumer<String> progress) throws IOException {
        List<Measured> out = new ArrayList<>();
        try (Sandbox box = new Sandbox()) {
            Path written;
            Path dir = null;
            if (target.blockDevice()) {
                written = target.path();
            } else {
                dir = box.mkdir(target.path().toRealPath().resolve("locktable-calibrate-"
                        + ProcessHandle.current().pid()));
                written = dir.resolve("written");
                box.file(written);
            }
            progress.accept("writing " + plan.fileBytes() / (1 << 20) + " MiB to " + written + " first");
            FioJson.run(box, List.of("--name=fill", "--filename=" + written, "--rw=write", "--bs=1m", "--direct=1",
                    "--ioengine=libaio", "--iodepth=4", "--size=" + plan.fileBytes(), "--fallocate=none"), 3600);
            int i = 0;
            for (DeviceRun r : runs) {
                i++;
                Path file = written;
                if (r.unwritten()) {
                    file = dir.resolve("unwritten");
                    Files.deleteIfExists(file);
                    box.file(file);
                }
                progress.accept("[" + i + "/" + runs.size() + "] " + r.label());
                FioJson.FioResult res = FioJson.run(box, r.fioArgs(file.toString(), plan.fileBytes(), plan.seconds()),
                        Math.round(plan.seconds() * 10) + 120);
                out.add(new Measured(r, res.iops()));
                progress.accept(String.format(java.util.Locale.ROOT, "[%d/%d] %s: %,.0f IOPS", i, runs.size(),
                        r.label(), res.iops()));
                if (r.unwritten()) {
                    Files.deleteIfExists(file);
                }
            }
            if (dir != null) {
                Files.deleteIfExists(written);
            }
            Shell.run(List.of("sync"), 60);
        }
        return out;
    }
}
