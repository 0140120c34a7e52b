package org.locktable.docs;

import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.locktable.conformance.Conformance;
import org.locktable.conformance.ConformanceConsole;
import org.locktable.conformance.PrivilegePass;
import org.locktable.conformance.PrivilegeReport;
import org.locktable.conformance.Rig;
import org.locktable.engine.text.OneLine;
import org.locktable.replay.LockProbeRun;
import org.locktable.rig.EnvironmentException;
import org.locktable.rig.Progress;

/**
 * conformance.md, the one document made on the running kernel ({@code docs --conformance}, root): the NOWAIT pass,
 * then the race-probe section (final lock, drain and FORCE_WAIT seen below the reordering device), then the privilege
 * section (set-id files written by root and by an unprivileged caller).
 */
public final class LiveConformance {
    /** Every pass agreed with the engine. */
    public static final int AGREE = 0;

    private LiveConformance() {
    }

    /**
     * Writes {@code report}; returns {@link #AGREE} or {@link ConformanceConsole#DISAGREE}, each disagreement named on
     * {@code problems}. The console output of the passes goes to {@code console}.
     */
    public static int write(Path report, PrintStream console, PrintWriter problems) throws EnvironmentException, IOException {
        Files.createDirectories(report.toAbsolutePath().getParent());
        int status;
        try {
            status = ConformanceConsole.run(Conformance.Options.of(List.of(), false, true, List.of()), report, console,
                    console);
        } catch (EnvironmentException e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            problems.println("locktable: conformance failed: " + OneLine.of(String.valueOf(e)));
            return ConformanceConsole.DISAGREE;
        }
        if (status != AGREE) {
            problems.println("locktable: the conformance run found a disagreement or failed; see above");
            return status;
        }
        LockProbeRun.Report probe = LockProbeRun.run(0, new PrintWriter(console, true, StandardCharsets.UTF_8));
        append(report, probe.markdown());
        if (!probe.agree()) {
            problems.println("locktable: race-probe found a disagreement; see " + report);
            return ConformanceConsole.DISAGREE;
        }
        try (Rig rig = Rig.create()) {
            PrivilegePass.Result r = PrivilegePass.run(rig, Progress.onStderr("probes"));
            append(report, PrivilegeReport.markdown(r));
            if (!r.agree()) {
                PrivilegeReport.disagreements(r).forEach(line -> problems.println("locktable: privilege: " + line));
                return ConformanceConsole.DISAGREE;
            }
        }
        return AGREE;
    }

    private static void append(Path report, String section) throws IOException {
        String before = Files.readString(report, StandardCharsets.UTF_8);
        Files.writeString(report, before + (before.endsWith("\n") ? "\n" : "\n\n") + section, StandardCharsets.UTF_8);
    }
}
