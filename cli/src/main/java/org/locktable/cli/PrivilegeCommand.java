package org.locktable.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;

import org.locktable.conformance.ConformanceConsole;
import org.locktable.conformance.PrivilegePass;
import org.locktable.conformance.PrivilegeReport;
import org.locktable.conformance.ProbeTarget;
import org.locktable.conformance.Rig;
import org.locktable.matrix.KernelMatrix;
import org.locktable.matrix.KernelSpec;
import org.locktable.rig.EnvironmentException;
import org.locktable.rig.Progress;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code locktable kernel privilege}: the privilege pass alone, on the running kernel or one booted under QEMU. */
@Command(name = "privilege", mixinStandardHelpOptions = true, sortOptions = false,
        versionProvider = LocktableCommand.Version.class,
        header = "Probe set-id files as root and as an unprivileged caller, and grade the engine.",
        description = {"Writes set-uid (4755), set-gid with group-exec (2775) and plain (0644) files on ext4 and XFS, "
                + "each write by root and by a child of the probe helper that became uid/gid 65534 (no CAP_FSETID, not "
                + "in the file's group), with and without RWF_NOWAIT, every write on a freshly built file; grades what "
                + "the write returned and whether it cleared the set-id bits against the engine (decide --mode ... "
                + "--unprivileged). Prints the report section as Markdown (the one docs --conformance appends)."},
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {"0: the kernel and the engine agree on every case", "1: a disagreement, or the run failed",
            "2: usage error", "3: this machine cannot run it (not root, no loop devices, no mkfs, no C compiler; with "
                + "--kernel: no QEMU, no kernel)"})
final class PrivilegeCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--kernel", paramLabel = "SPEC", converter = ConformanceCommand.KernelSpecConverter.class,
            description = "Probe another kernel, booted under QEMU: debian:5.10, debian:6.1, debian:6.12, a linux-image "
                + ".deb, or VMLINUZ[,MODULES_DIR].")
    KernelSpec kernel;

    @Mixin
    KernelCacheOption cacheDir;

    @Option(names = "--out", paramLabel = "FILE", description = "Write the Markdown section to FILE instead of "
            + "standard output.")
    Path report;


    @Override
    public Integer call() throws CliException, EnvironmentException {
        PrintWriter problems = spec.commandLine().getErr();
        PrintStream console = new PrintStream(System.err, true, StandardCharsets.UTF_8);
        PrivilegePass.Result r;
        try (ProbeTarget.Session target = kernel == null ? Rig.create()
                : KernelMatrix.open(kernel, cacheDir.cache(), console)) {
            r = PrivilegePass.run(target, Progress.onStderr("probes"));
        } catch (EnvironmentException e) {
            throw e; // Main: exit 3 with the one message
        } catch (IOException | RuntimeException e) {
            problems.println("locktable: privilege failed: " + Main.oneLine(e.toString()));
            return ConformanceConsole.DISAGREE;
        }
        String md = PrivilegeReport.markdown(r);
        if (report == null) {
            spec.commandLine().getOut().print(md);
            spec.commandLine().getOut().flush();
        } else {
            try {
                Files.writeString(report, md, StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new CliException("cannot write " + report + ": " + Main.oneLine(e.getMessage()));
            }
        }
        console.println("privilege: Linux " + r.kernelRelease() + ": " + r.rows().size() + " cases, " + r.agreed()
                + " agreed, " + (r.rows().size() - r.agreed()) + " disagreed");
        PrivilegeReport.disagreements(r).forEach(line -> problems.println("locktable: privilege: " + line));
        return r.agree() ? Main.EXIT_OK : ConformanceConsole.DISAGREE;
    }
}
