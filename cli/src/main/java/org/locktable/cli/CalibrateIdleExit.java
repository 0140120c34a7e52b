package org.locktable.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.Locale;

import org.locktable.calibration.live.IdleExitProbe;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code locktable calibrate idle-exit}: what a wake-up costs when the woken thread's CPU had gone idle. */
@Command(name = "idle-exit",
        header = "Measure the wake-up of a thread whose CPU had gone idle, against CPUs kept polling (root).",
        description = {"One thread parks, the other wakes it after its CPU idled 2 to 200 µs; each idle time is "
                + "measured with the CPUs as they are and with /dev/cpu_dma_latency held at 0 (no CPU enters an "
                + "idle state), in alternating rounds. The difference of the medians is the idle exit. Prints the "
                + "table and the two values a profile with a finite core count takes: cost.idleExitNs, the exit "
                + "at 50 µs of idle, and cost.idlePollNs, the longest idle time measured whose exit is under half "
                + "of it. local-loop's committed values come from this command. Takes about 10 seconds."},
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {"0: measured", "2: usage error",
            "3: this machine cannot run it (not root, or one CPU)"})
final class CalibrateIdleExit extends CalibrateCommand.Step {
    @Option(names = "--tiny", description = "200 wake-ups per point, one round: proves the probe works")
    boolean tiny;

    @Override
    public Integer call() throws IOException {
        IdleExitProbe.Result r;
        r = IdleExitProbe.run(tiny ? IdleExitProbe.Plan.tiny() : IdleExitProbe.Plan.full());
        PrintWriter out = out();
        out.println("| idle before the wake-up | wake-up latency, CPUs as they are | CPUs polling | idle exit |");
        out.println("|---:|---:|---:|---:|");
        for (IdleExitProbe.Point p : r.points()) {
            out.println(String.format(Locale.ROOT, "| %d µs | %.1f µs | %.1f µs | %.1f µs |", p.idleUs(),
                    p.latencyNs() / 1e3, p.pollingLatencyNs() / 1e3, p.exitNs() / 1e3));
        }
        out.println();
        out.println(String.format(Locale.ROOT, "%d CPUs (%s)", r.cpus(), tiny ? "tiny plan" : "full plan"));
        out.println("local-loop\tcost.idleExitNs\t" + Math.round(r.idleExitNs()));
        out.println("local-loop\tcost.idlePollNs\t" + Math.round(r.idlePollNs()));
        return 0;
    }
}
