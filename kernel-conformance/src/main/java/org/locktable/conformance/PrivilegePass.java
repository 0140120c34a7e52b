package org.locktable.conformance;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.locktable.engine.catalog.PolicyCatalog;
import org.locktable.engine.decision.Decision;
import org.locktable.engine.decision.TxKind;
import org.locktable.engine.model.InvalidInputException;
import org.locktable.engine.model.Layout;
import org.locktable.engine.policy.KernelVersion;
import org.locktable.engine.policy.Policy;
import org.locktable.engine.policy.PolicyInfo.WritePath;
import org.locktable.rig.Progress;

/**
 * The privilege pass: set-uid, set-gid (with group-exec) and plain files, each write probed by root and by an
 * unprivileged caller (the helper's {@code uprobe}: a child that drops to uid/gid 65534, so it has no CAP_FSETID
 * and is not in the file's group), with and without RWF_NOWAIT, every probe on a freshly built file. Graded on what
 * the write returned and whether it stripped the set-id bits, against the engine's decision for that caller.
 */
public final class PrivilegePass {
    /** The unprivileged caller's uid and gid ({@code nobody}). */
    static final int NOBODY = 65534;

    /** One probed case: what the engine said and what the kernel did. */
    public record Row(String fileSystem, String policy, PrivilegeCase c, String engineResult, boolean engineStrips,
            String kernelResult, boolean kernelStrips, int attempts) {
        public boolean agrees() {
            return engineResult.equals(kernelResult) && engineStrips == kernelStrips;
        }
    }

    /** The pass's outcome: every row, or why a file system was skipped. */
    public record Result(String kernelRelease, List<Row> rows, List<String> skipped) {
        public long agreed() {
            return rows.stream().filter(Row::agrees).count();
        }

        public boolean agree() {
            return agreed() == rows.size() && skipped.isEmpty();
        }
    }

    private PrivilegePass() {
    }

    public static Result run(ProbeTarget target, Progress progress) throws IOException {
        KernelVersion kernel = Conformance.versionOf(target.kernelRelease());
        List<Row> rows = new ArrayList<>();
        List<String> skipped = new ArrayList<>();
        List<PrivilegeCase> cases = PrivilegeCase.all();
        for (FsSpec spec : List.of(FsSpec.EXT4, FsSpec.XFS)) {
            Optional<Policy> policy = PolicyCatalog.forKernel(spec.kind().fileSystem(), kernel, WritePath.DIRECT);
            if (policy.isEmpty()) {
                skipped.add(spec.label() + ": the catalog has no direct-write policy for " + kernel);
                continue;
            }
            MountedFs fs = target.fs(spec);
            Progress.Counter counter = progress.counter("privilege " + spec.label(), cases.size());
            try (Ltprobe helper = target.helper(fs)) {
                LayoutBuilder builder = new LayoutBuilder(helper, "priv", ExhaustiveRun.BUILD_ATTEMPTS);
                for (PrivilegeCase c : cases) {
                    rows.add(probe(spec, policy.get(), helper, builder, c));
                    counter.add(1);
                }
            } finally {
                target.release(spec);
            }
        }
        return new Result(target.kernelRelease(), rows, skipped);
    }

    private static Row probe(FsSpec spec, Policy policy, Ltprobe helper, LayoutBuilder builder, PrivilegeCase c)
            throws IOException {
        Decision d;
        BuildPlan plan;
        try {
            d = policy.decide(c.inode(), c.request());
            plan = BuildPlan.of(Layout.parse(c.layout()), c.size(), true, spec.blockSize());
        } catch (InvalidInputException e) {
            throw new IllegalStateException(c + ": " + e.getMessage(), e);
        }
        boolean engineStrips = d.transactions().stream().anyMatch(t -> t.kind() == TxKind.KILL_PRIVS);
        LayoutBuilder.Built built = builder.build(plan);
        if (!built.realised()) {
            throw new IOException(spec.label() + ": cannot build " + plan + " for the privilege pass: "
                    + built.realisation().reason());
        }
        helper.ok("chmod " + Integer.toOctalString(c.mode()));
        boolean xfsNowait = spec.kind() == FsKind.XFS && c.nowait();
        long prime = xfsNowait ? plan.primeOffset() : -1;
        int retries = xfsNowait ? ExhaustiveRun.XFS_RETRIES : 0;
        String answer = helper.call("uprobe " + (c.unprivileged() ? NOBODY : -1) + " " + c.offset() + " " + c.length()
                + " 4096 " + prime + " " + retries + " " + (c.nowait() ? 1 : 0));
        String[] f = answer.trim().split("\\s+");
        if (f[0].equals("ERR") || f.length < 3) {
            throw new IOException(spec.label() + " " + c + ": uprobe answered " + answer);
        }
        int modeAfter = Integer.parseInt(LayoutBuilder.field(answer, "mode="), 8);
        boolean kernelStrips = (modeAfter & 06000) != (c.mode() & 06000);
        int attempts = Integer.parseInt(f[0].equals("OK") ? f[2] : f[1]);
        return new Row(spec.label(), policy.id(), c, d.result().name(), engineStrips, f[0], kernelStrips, attempts);
    }
}
