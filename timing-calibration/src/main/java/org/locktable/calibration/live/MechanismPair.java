package org.locktable.calibration.live;

import java.util.ArrayList;
import java.util.List;

import org.locktable.timing.fio.FioParser;
import org.locktable.timing.workload.InitialLayout;
import org.locktable.timing.workload.Workload;

/**
 * One designed live comparison (issue 13 item 2): two fio runs on one file system that differ in one mechanism only,
 * either in the file's layout before the run, in one fio option, or in whether the CPUs poll when idle. Measured live as the ratio {@code b / a} of
 * their IOPS and predicted by the simulator from the same fio arguments.
 *
 * @param id a stable name, e.g. {@code ext4-waited-writes}
 * @param mechanism what differs, in the kernel's words
 * @param fs {@code ext4} or {@code xfs}
 * @param policy the running kernel's policy for that file system
 * @param a the reference run
 * @param b the run with the mechanism engaged
 */
public record MechanismPair(String id, String mechanism, String fs, String policy, Arm a, Arm b) {

    /** How the file looks before a run: the lab makes it so, the model starts from it. */
    public enum Setup {
        /** Every block written (a direct sequential fill): writes overwrite. */
        WRITTEN,
        /** Every block unwritten ({@code fallocate}), made anew before each run. */
        UNWRITTEN,
        /** Seed 000's {@code W U U W} in every 16 KiB, made anew before each run. */
        STRIPES;

        InitialLayout layout() {
            switch (this) {
                case WRITTEN:
                    return InitialLayout.WRITTEN;
                case UNWRITTEN:
                    return InitialLayout.UNWRITTEN;
                default:
                    return InitialLayout.pattern("W U U W");
            }
        }
    }

    /**
     * One side of the pair.
     *
     * @param label what the report calls it
     * @param setup the file before the run
     * @param fio fio's options, without {@code --filename} and {@code --output-format}
     * @param pollingIdle whether the run keeps every CPU out of its idle states ({@code /dev/cpu_dma_latency}
     *        held at 0, the PM QoS request: an idle CPU polls instead of halting), so that no wake-up waits for a
     *        CPU to leave one. The model has no idle states: it predicts the arm as any other
     */
    public record Arm(String label, Setup setup, List<String> fio, boolean pollingIdle) {
        public Arm {
            fio = List.copyOf(fio);
        }

        /** An arm that leaves the CPUs' idle states alone. */
        public Arm(String label, Setup setup, List<String> fio) {
            this(label, setup, fio, false);
        }

        /** The arm as the simulator runs it: fio's own reading of the options, from the layout the lab makes. */
        public Workload workload() {
            List<String> args = new ArrayList<>(fio);
            args.add("--filename=pair.file");
            Workload w = new FioParser().parseArguments(args).get(0);
            return new Workload(w.name(), w.jobs(), w.job(), w.files(), setup.layout(), w.warnings());
        }
    }

    /** The options one arm has and the other lacks, {@code a}'s first; empty lists when only the setup differs. */
    public List<List<String>> optionDifference() {
        List<String> onlyA = new ArrayList<>(a.fio());
        onlyA.removeAll(b.fio());
        List<String> onlyB = new ArrayList<>(b.fio());
        onlyB.removeAll(a.fio());
        return List.of(onlyA, onlyB);
    }
}
