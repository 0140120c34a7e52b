package org.locktable.replay;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

import org.locktable.engine.catalog.PolicyCatalog;
import org.locktable.engine.policy.Policy;
import org.locktable.rig.Shell;

/** The covering probe of ext4-base and xfs-dio on the running kernel: {@code race-probe} and {@code docs --conformance}. */
public final class LockProbeRun {
    /** The policies probed, each on its file system. */
    public static final List<String> POLICIES = List.of("ext4-base", "xfs-dio");

    /** The section and whether every graded field agreed. */
    public record Report(String markdown, boolean agree) {
    }

    private LockProbeRun() {
    }

    /**
     * Probes the first {@code rows} probe-able rows of each policy (all, and the rows without a case, when {@code rows}
     * is 0), a line per case on {@code progress}; throws {@link org.locktable.rig.EnvironmentException} when the
     * machine cannot.
     */
    public static Report run(int rows, PrintWriter progress) throws IOException {
        List<LockProbeSample.Target> targets = targets(rows);
        try (LiveRig rig = LiveRig.create()) {
            return probe(rig, targets, progress);
        }
    }

    /** The targets of {@link #run}. */
    public static List<LockProbeSample.Target> targets(int rows) {
        List<LockProbeSample.Target> targets = new ArrayList<>();
        for (String id : POLICIES) {
            int n = 0;
            for (LockProbeSample.Target t : LockProbeSample.covering(PolicyCatalog.builtIn(id))) {
                if (rows == 0) {
                    targets.add(t);
                } else if (t.probed() && n < rows) {
                    targets.add(t);
                    n++;
                }
            }
        }
        return targets;
    }

    /** Probes every probed target on {@code rig} and renders the section. */
    public static Report probe(LiveRig rig, List<LockProbeSample.Target> targets, PrintWriter progress) throws IOException {
        List<LockProbe.Result> results = new ArrayList<>();
        for (LockProbeSample.Target t : targets) {
            if (t.probed()) {
                Policy p = PolicyCatalog.builtIn(t.policy());
                LockProbe.Result r = LockProbe.probe(rig, p, t.inode(), t.write());
                progress.println(t.policy() + " row " + t.row() + " " + r.describe() + ": " + r.grades());
                progress.flush();
                results.add(r);
            }
        }
        String kernel = "Linux " + Shell.check(List.of("uname", "-r")).strip();
        boolean agree = results.stream().allMatch(r -> r.grades().stream().allMatch(g -> !g.graded() || g.agrees()));
        return new Report(LockProbeReport.markdown(targets, results, kernel), agree);
    }
}
