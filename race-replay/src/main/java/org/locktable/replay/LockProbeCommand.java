package org.locktable.replay;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import org.locktable.concurrency.Operation;
import org.locktable.engine.model.Inode;
import org.locktable.engine.policy.Policy;
import org.locktable.engine.policy.PolicyCatalog;
import org.locktable.rig.EnvironmentException;
import org.locktable.rig.Shell;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code locktable race-probe}: final lock, drain and FORCE_WAIT graded live on a sample of the 4-block space. */
@Command(name = "race-probe", mixinStandardHelpOptions = true, sortOptions = false,
        header = "Grade final lock, drain and FORCE_WAIT of ext4-base and xfs-dio on the kernel (root), as Markdown.",
        description = {"For a seeded sample of the 4-block space, an async direct write is probed three times below "
                + "the reordering device (race-replay/README.md); prints the report section for conformance.md.", ""},
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {"0: probed, no disagreement", "1: some field disagrees", "2: bad input",
            "3: this machine cannot run it (not root, no FUSE, a library missing)"})
public final class LockProbeCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--samples", paramLabel = "N", description = "Cases per policy (default: ${DEFAULT-VALUE}).")
    int samples = 20;

    @Option(names = "--seed", paramLabel = "N", description = "The sample's seed (default: ${DEFAULT-VALUE}).")
    long seed = 20261201L;

    @Option(names = "--out", paramLabel = "FILE", description = "Write the section here (default: standard output).")
    Path out;

    @Override
    public Integer call() throws IOException {
        if (samples < 1) {
            throw new ParameterException(spec.commandLine(), "--samples must be at least 1");
        }
        PrintWriter err = spec.commandLine().getErr();
        List<LockProbe.Result> results = new ArrayList<>();
        try (LiveRig rig = LiveRig.create()) {
            for (String id : List.of("ext4-base", "xfs-dio")) {
                Policy p = PolicyCatalog.builtIn(id);
                for (Object[] c : LockProbeReport.sample(p, seed, samples)) {
                    LockProbe.Result r = LockProbe.probe(rig, p, (Inode) c[0], (Operation) c[1]);
                    err.println(id + " " + r.describe() + ": " + r.grades());
                    err.flush();
                    results.add(r);
                }
            }
        } catch (EnvironmentException e) {
            err.println("locktable: " + EnvironmentException.cannotRun("race-probe", e.getMessage()));
            return EnvironmentException.EXIT_CODE;
        }
        String kernel = "Linux " + Shell.check(List.of("uname", "-r")).strip();
        String md = LockProbeReport.markdown(results, seed, kernel);
        if (out == null) {
            spec.commandLine().getOut().print(md);
        } else {
            Files.writeString(out, md, StandardCharsets.UTF_8);
        }
        boolean agree = results.stream().allMatch(r -> r.grades().stream().allMatch(g -> !g.graded() || g.agrees()));
        return agree ? 0 : 1;
    }
}
