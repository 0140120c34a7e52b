package org.locktable.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;

import org.locktable.calibration.device.DeviceCalibration;
import org.locktable.calibration.device.DevicePlan;
import org.locktable.calibration.device.DeviceProfileFile;
import org.locktable.calibration.device.DeviceTarget;
import org.locktable.timing.profile.Param;
import org.locktable.timing.profile.Profile;
import org.locktable.timing.profile.ProfileSpec;
import org.locktable.timing.profile.Profiles;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code locktable calibrate device TARGET}: the user's own device, measured with fio, as a profile file. */
@Command(name = "device",
        header = "Measure a device with fio and fit it into a profile file that simulate --device FILE runs.",
        description = {"TARGET is a directory on a mounted ext4 or XFS (the runs' files go in a directory of their "
                + "own there, removed afterwards) or a block device, which is written over: a mounted one is "
                + "refused, and one that is not empty (a file system signature, or data in its first MiB) unless "
                + "--destructive. One fio job at a time (libaio, O_DIRECT): 512 B, 4 KiB and 64 KiB random reads and "
                + "writes at iodepth 1 and 32 over written blocks, 4 KiB O_DSYNC writes, and on a file system 4 KiB "
                + "writes into unwritten blocks; five seconds each, about two minutes in all, each run shown on "
                + "standard error. The device model's parameters (latency, per-command cost, bandwidth, flush, "
                + "read-modify-write, a loop device's wake-up) and the file system's conversion of unwritten blocks "
                + "are fitted on the runs' IOPS with the host's costs this machine's; the fit's residual error over "
                + "the runs becomes the profile's model error in simulate's intervals. Prints each run measured "
                + "against the fitted model and the values; --out writes the profile file (JSON).",
            "",
            "Example: locktable calibrate device /mnt/scratch --out scratch.json && locktable simulate --device "
                + "scratch.json --policy ext4-base,ext4-patch2 --workload seed000-test1"},
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {"0: measured and fitted", "2: a target that is refused (named, with the reason), or a bad "
                + "option", "3: this machine cannot run it (no fio, or a step of the set-up failed)"})
final class CalibrateDevice extends CalibrateCommand.Step {
    @Parameters(paramLabel = "TARGET", description = "A directory on a mounted ext4 or XFS, or a block device.")
    Path target;

    @Option(names = "--out", paramLabel = "FILE", description = "Write the profile here (JSON).")
    Path outFile;

    @Option(names = "--name", paramLabel = "NAME", description = "The profile's name (default: the file's name "
            + "without .json, else my-device).")
    String name;

    @Option(names = "--destructive", description = "Write over a block device that is not empty.")
    boolean destructive;

    @Option(names = "--tiny", description = "A third of a second a run over 64 MiB, and a short fit: proves the "
            + "pipeline works, measures little.")
    boolean tiny;

    @Override
    public Integer call() throws IOException, CliException {
        String profile = name != null ? name : outFile != null
                ? outFile.getFileName().toString().replaceFirst("\\.json$", "") : "my-device";
        if (Profiles.names().contains(profile)) {
            throw new CliException("--name " + profile + " is a built-in profile's name; pick another");
        }
        DeviceTarget t;
        try {
            t = DeviceTarget.of(target, destructive);
        } catch (DeviceTarget.Refused e) {
            throw new CliException(e.getMessage());
        }
        PrintWriter err = err();
        err.println("calibrate device: " + t.describe());
        err.flush();
        DeviceCalibration.Outcome o;
        o = DeviceCalibration.run(t, tiny ? DevicePlan.tiny() : DevicePlan.full(), profile, line -> {
            err.println("calibrate device: " + line);
            err.flush();
        });
        PrintWriter out = out();
        out.println("device    " + o.spec().name() + ": " + o.spec().description());
        out.println("measured  " + o.facts());
        out.println(String.format(Locale.ROOT, "fit       residual s %.1f %% over the %d write runs, %d fitted "
                + "parameters; the reads are held out (the model serves a read as a write of its size)",
                100 * o.error().rms(), o.error().runs(), o.error().parameters()));
        out.println();
        out.println(String.format(Locale.ROOT, "  %-66s %12s %12s %8s  %s", "RUN", "MEASURED", "MODEL", "ERROR",
                "FIT"));
        for (DeviceCalibration.Row r : o.rows()) {
            out.println(String.format(Locale.ROOT, "  %-66s %,12.0f %,12.0f %+7.1f%%  %s", r.run().label(),
                    r.measured(), r.predicted(), 100 * r.error(), r.fitted() ? "yes" : "held out"));
        }
        out.println();
        Profile p = o.spec().build(Map.of());
        out.println("model     " + p.device().describe());
        for (ProfileSpec.Def d : o.spec().defs()) {
            if (d.source() == Param.Source.MEASURED) {
                out.println(profile + "\t" + d.name() + "\t" + Profiles.format(p.value(d.name()), d.unit()));
            }
        }
        if (outFile != null) {
            Files.writeString(outFile, DeviceProfileFile.of(o).json(), StandardCharsets.UTF_8);
            out.println("wrote     " + outFile + " (simulate --device " + outFile + ")");
        }
        return Main.EXIT_OK;
    }
}
