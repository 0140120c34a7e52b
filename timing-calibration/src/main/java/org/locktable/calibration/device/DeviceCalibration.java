package org.locktable.calibration.device;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;

import org.locktable.calibration.fit.Fitter;
import org.locktable.calibration.fit.ResidualError;
import org.locktable.rig.EnvironmentException;
import org.locktable.rig.Shell;
import org.locktable.timing.device.Simple;
import org.locktable.timing.interval.ModelError;
import org.locktable.timing.profile.DeviceClasses;
import org.locktable.timing.profile.Param;
import org.locktable.timing.profile.Profile;
import org.locktable.timing.profile.ProfileSpec;
import org.locktable.timing.profile.Profiles;
import org.locktable.timing.seed.Cell;
import org.locktable.timing.seed.Column;
import org.locktable.timing.seed.Metric;
import org.locktable.timing.workload.Workload;

/**
 * {@code locktable calibrate device}: a user's own device measured with fio ({@link DeviceLab}) and fitted into a
 * profile ({@link DeviceProfileFile}) the simulator runs like any other. The device is the {@link Simple} model: a
 * serialized per-command cost and transfer, a latency any number of requests overlap, a flush cost for O_DSYNC
 * (FUA) writes, a read-modify-write for a write smaller than the physical block, and for a loop device the wake-up
 * of its worker; a file system's conversion of unwritten blocks is fitted too. They are fitted with the seeds'
 * {@link Fitter} on the runs' IOPS, the host's costs this machine's ({@code local-loop}), so the profile describes the
 * device as this host drives it. Its residual error over the runs is the interval's model error.
 */
public final class DeviceCalibration {
    private DeviceCalibration() {
    }

    /**
     * One run: measured, and the fitted profile's prediction.
     *
     * @param run the run
     * @param measured fio's IOPS
     * @param predicted the model's, with the fitted values
     * @param fitted whether the fit used it (the writes); the reads are held out
     */
    public record Row(DeviceRun run, double measured, double predicted, boolean fitted) {
        public double error() {
            return predicted / measured - 1;
        }
    }

    /**
     * The outcome.
     *
     * @param target what was measured
     * @param spec the profile, every fitted value in it ({@link Param.Source#MEASURED})
     * @param error the fit's residual error: the profile's model error
     * @param rows every run
     * @param facts the kernel, fio and the plan, one line
     */
    public record Outcome(DeviceTarget target, ProfileSpec spec, ModelError.Fit error, List<Row> rows, String facts) {
    }

    /** Measures {@code target} with {@code plan} and fits profile {@code name}; {@code progress} hears each step. */
    public static Outcome run(DeviceTarget target, DevicePlan plan, String name, Consumer<String> progress)
            throws IOException {
        if (Shell.which("fio") == null) {
            throw new EnvironmentException("fio is not installed (Debian: apt-get install fio)");
        }
        List<DeviceRun> runs = DeviceRun.plan(target.logicalBlock() <= 512, !target.blockDevice());
        List<DeviceLab.Measured> measured = DeviceLab.measure(target, plan, runs, progress);
        progress.accept("fitting " + name + " on " + measured.size() + " runs");
        String facts = "Linux " + Shell.check(List.of("uname", "-r"), 10).strip() + ", "
                + Shell.check(List.of(Shell.tool("fio"), "--version"), 10).strip() + ", plan " + plan.name() + " ("
                + plan.seconds() + " s a run over " + plan.fileBytes() / (1 << 20) + " MiB)";
        return fit(target, plan, name, measured, facts);
    }

    /** Fits profile {@code name} on {@code measured} (what {@link #run} does once fio has run). */
    static Outcome fit(DeviceTarget target, DevicePlan plan, String name, List<DeviceLab.Measured> measured,
            String facts) {
        Map<String, Workload> workloads = new LinkedHashMap<>();
        List<Cell> cells = new ArrayList<>();
        String policy = target.fileSystem().equals("ext4") ? "ext4-base" : "xfs-dio";
        for (DeviceLab.Measured m : measured) {
            workloads.put(m.run().id(), m.run().workload(plan.fileBytes()));
            Column c = new Column(m.run().id(), "device", "calibrate device", m.run().label(), name, m.run().id(),
                    policy, Column.Adjustment.NONE, "one job, libaio, O_DIRECT");
            // the model serves a read as a write of its size: the reads are held out, a check of that
            cells.add(new Cell(c, 1, Metric.IOPS, m.iops(), !m.run().read()));
        }
        List<Cell> training = cells.stream().filter(Cell::training).toList();
        ProfileSpec spec = spec(name, target, measured);
        Fitter.Result fit = Fitter.fit(spec, training, plan.fit(), start(measured, target,
                Profiles.get(Profiles.LOCAL_LOOP)), Profiles::get, workloads::get);
        double[] all = Fitter.predict(spec, fit.values(), cells, plan.fit().fidelity(), Profiles::get,
                workloads::get);
        double[] predicted = new double[training.size()];
        List<Row> rows = new ArrayList<>();
        for (int i = 0, t = 0; i < cells.size(); i++) {
            rows.add(new Row(measured.get(i).run(), cells.get(i).published(), all[i], cells.get(i).training()));
            if (cells.get(i).training()) {
                predicted[t++] = all[i];
            }
        }
        ResidualError e = ResidualError.of(name, spec.fitted().size(), training, predicted);
        ProfileSpec done = spec;
        String how = String.format(Locale.ROOT, "fitted on calibrate device's %d write runs of %s (%s)", training.size(),
                target.describe(), facts);
        for (ProfileSpec.Def d : spec.fitted()) {
            done = done.with(d.name(), Param.Source.MEASURED, fit.values().get(d.name()), how + "; " + d.provenance());
        }
        Profile built = done.build(Map.of());
        Simple dev = (Simple) built.device();
        double flushedWrite = dev.latencyNs() + dev.serviceNs(4096, true);
        done = done.with("cost.logForceNs", Param.Source.MEASURED, Fitter.round(flushedWrite), "a flushed 4 KiB "
                + "write on this device as fitted (latency, command, transfer and flush): what a log force waits for");
        return new Outcome(target, done, new ModelError.Fit(name, e.runs(), e.parameters(), e.rms()), rows, facts);
    }

    /** The specification: what the runs identify is fitted, the rest assumed with the reason, the host this one. */
    static ProfileSpec spec(String name, DeviceTarget t, List<DeviceLab.Measured> measured) {
        String all = "every run's IOPS";
        boolean dsync = measured.stream().anyMatch(m -> m.run().dsync());
        boolean small = measured.stream().anyMatch(m -> m.run().bytes() < t.physicalBlock() && !m.run().read());
        boolean unwritten = measured.stream().anyMatch(m -> m.run().unwritten());
        ProfileSpec s = new ProfileSpec(name, "calibrated: " + t.describe(), Simple.class)
                .fitted("device.latencyNs", "ns", 20e3, 100, 1e8, all + " (iodepth 1 above all)")
                .fitted("device.perCommandNs", "ns", 5e3, 10, 1e7, all + " (iodepth 32 above all)")
                .fitted("device.bytesPerSecond", "B/s", 1e9, 1e6, 1e11, all + " (64 KiB against 4 KiB)")
                .assumed("device.maxQueueDepth", "count", 0, "iodepth 32 is the deepest run: a limit above it is "
                        + "not seen")
                .assumed("device.serviceCv", "", 0.5, "one job's IOPS do not identify variability; moderate");
        s = dsync ? s.fitted("device.flushNs", "ns", 10e3, 10, 1e8, "the O_DSYNC runs (a FUA write)")
                : s.assumed("device.flushNs", "ns", 0, "no O_DSYNC run");
        s = s.assumed("device.hostCpu", "flag", t.loop() ? 1 : 0, t.loop() ? "a loop device: its worker runs on the "
                + "host's CPUs" : "the device serves its own queue");
        s = s.assumed("device.rmwUnitBytes", "B", t.physicalBlock() > t.logicalBlock() ? t.physicalBlock() : 0,
                "the physical block size (/sys/class/block/" + t.device() + "/queue), when it is larger than the "
                        + "logical one");
        s = small && t.physicalBlock() > t.logicalBlock()
                ? s.fitted("device.rmwNs", "ns", 50e3, 10, 1e8, "the 512 B writes against the 512 B reads")
                : s.assumed("device.rmwNs", "ns", 0, "no write smaller than the physical block");
        s = t.loop() ? s.fitted("device.wakeNs", "ns", 8e3, 10, 1e7, "the iodepth-1 runs (the worker sleeps)")
                : s.assumed("device.wakeNs", "ns", 0, "no host thread serves the device");
        s = DeviceClasses.host(s, 0, 0, 0, "set after the fit: a flushed write on the device as fitted");
        if (unwritten) {
            s = s.with(new ProfileSpec.Def("cost.conversionNs", "ns", Param.Source.FITTED, 5e3, 100, 1e8, null, null,
                    "the writes into unwritten blocks against those over written ones"));
        }
        return s;
    }

    /**
     * A start by hand, as {@code calibrate live} starts {@code local-loop}'s fit: the 64 KiB against the 4 KiB cycle
     * at iodepth 32 gives the per-byte cost; the 4 KiB one at iodepth 32 the serialized service (on a loop device the
     * worker's CPU per request: the cores' time per I/O less the submitter's); what the iodepth-1 cycle has beyond the
     * submitter and the service is the latency (split with the worker's wake-up on a loop device); the O_DSYNC and
     * unwritten cycles beyond the plain one are the flush and the conversion.
     */
    static Map<String, Double> start(List<DeviceLab.Measured> measured, DeviceTarget t, Profile host) {
        Map<String, Double> m = new LinkedHashMap<>();
        double one = cycle(measured, false, 4096, 1, false, false);
        double deep = cycle(measured, false, 4096, DeviceRun.QUEUED, false, false);
        double big = cycle(measured, false, 65536, DeviceRun.QUEUED, false, false);
        if (Double.isNaN(one) || Double.isNaN(deep) || Double.isNaN(big)) {
            return m;
        }
        double perByte = Math.max((big - deep) / 61440, 0.01);
        double submitter = host.cost().thinkNs() + host.cost().lockedNs();
        double service = t.loop() ? Math.max(host.cost().cores() * deep - submitter, 0.1 * deep) : deep;
        m.put("device.perCommandNs", Math.max(service - 4096 * perByte, 0.05 * deep));
        m.put("device.bytesPerSecond", 1e9 / perByte);
        double rest = Math.max(one - submitter - host.cost().wakeNs() - service, 0.1 * one);
        m.put("device.latencyNs", t.loop() ? rest / 2 : rest);
        if (t.loop()) {
            m.put("device.wakeNs", rest / 2);
        }
        double flushed = cycle(measured, false, 4096, 1, false, true);
        if (!Double.isNaN(flushed)) {
            m.put("device.flushNs", Math.max(flushed - one, 20));
        }
        double unwritten = cycle(measured, false, 4096, 1, true, false);
        if (!Double.isNaN(unwritten)) {
            m.put("cost.conversionNs", Math.max(unwritten - one, 200));
        }
        return m;
    }

    /** ns per I/O of a run, or NaN when the plan has no such run. */
    private static double cycle(List<DeviceLab.Measured> measured, boolean read, int bytes, int depth,
            boolean unwritten, boolean dsync) {
        return measured.stream().filter(m -> m.run().equals(new DeviceRun(read, bytes, depth, unwritten, dsync)))
                .mapToDouble(m -> 1e9 / m.iops()).findFirst().orElse(Double.NaN);
    }
}
