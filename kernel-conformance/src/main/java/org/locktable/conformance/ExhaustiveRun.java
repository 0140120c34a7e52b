package org.locktable.conformance;

import java.io.IOException;
import java.util.List;

import org.locktable.engine.decision.Detail;
import org.locktable.engine.decision.Result;
import org.locktable.engine.model.Inode;
import org.locktable.engine.model.WriteRequest;
import org.locktable.engine.policy.Policy;
import org.locktable.rig.FileMap;
import org.locktable.rig.Progress;

/**
 * Grades one policy against one live file system over a set of {@link CaseGroups}: each group's file is built
 * once and verified, then all its writes are probed on it in one helper batch; a success that may have
 * changed the file (see {@link BuildPlan#changedBySuccess}) ends the batch, and the file is rebuilt and verified
 * again before the next write; on XFS so does any answer to a write that v5.11 and earlier change the file for
 * before refusing it ({@link BuildPlan#changedByRefusal}). After a group the file is checked once more: probes that failed, and
 * successful pure overwrites, must have left it as built.
 */
public final class ExhaustiveRun {
    /** XFS EAGAINs are retried this many times (prime and write again); ext4 needs no prime and no retry. */
    public static final int XFS_RETRIES = 4;
    /** Build attempts before a layout is declared not realisable. */
    public static final int BUILD_ATTEMPTS = 10;
    static final String FILE = "t";

    private final MountedFs fs;
    private final Ltprobe helper;
    private final Policy policy;
    private final Progress.Counter progress;
    private final LayoutBuilder builder;

    public ExhaustiveRun(MountedFs fs, Ltprobe helper, Policy policy, Progress.Counter progress) {
        this.fs = fs;
        this.helper = helper;
        this.policy = policy;
        this.progress = progress;
        this.builder = new LayoutBuilder(helper, FILE, BUILD_ATTEMPTS);
    }

    public FsResult run(List<CaseGroups.Group> groups, String space) throws IOException {
        FsResult result = new FsResult(fs.spec(), policy.id(), space);
        long t0 = System.nanoTime();
        for (CaseGroups.Group g : groups) {
            group(g, result);
        }
        result.nanos = System.nanoTime() - t0;
        return result;
    }

    private void group(CaseGroups.Group g, FsResult result) throws IOException {
        Inode inode = g.inode();
        List<CaseGroups.Write> writes = g.writes();
        int n = writes.size();
        BuildPlan plan = BuildPlan.of(inode.layout(), inode.size(), inode.nosec(), inode.blockSize(),
                inode.logicalBlockSize());
        long prime = fs.kind() == FsKind.XFS ? plan.primeOffset() : -1;
        int retries = fs.kind() == FsKind.XFS ? XFS_RETRIES : 0;
        boolean[] stop = new boolean[n];
        boolean[] last = new boolean[n];
        for (int i = 0; i < n; i++) {
            WriteRequest w = writes.get(i).request();
            stop[i] = plan.changedBySuccess(w.offset(), w.length());
            last[i] = fs.kind() == FsKind.XFS && plan.changedByRefusal(w.offset(), w.length());
        }
        int next = 0;
        boolean dirty = true;
        while (next < n) {
            LayoutBuilder.Built built = builder.build(plan);
            result.builds++;
            result.buildAttempts += built.attempts();
            if (!built.realised()) {
                String asked = plan.toString();
                for (int i = next; i < n; i++) {
                    WriteRequest w = writes.get(i).request();
                    result.notRealisable(Classes.ofConditions(Classes.conditions(inode, w)), built.realisation(), asked);
                }
                progress.add(n - next);
                return;
            }
            int end = batchEnd(last, next);
            StringBuilder cmd = new StringBuilder(32 + 24 * (end - next));
            cmd.append("batch ").append(writes.get(next).request().bufferAlignment()).append(' ').append(prime)
                    .append(' ').append(retries);
            for (int i = next; i < end; i++) {
                WriteRequest w = writes.get(i).request();
                cmd.append(' ').append(w.offset()).append(':').append(w.length()).append(':').append(stop[i] ? 1 : 0);
            }
            String answer = helper.call(cmd.toString());
            String[] f = answer.split(" ");
            if (!f[0].equals("OK") || f.length < 4) {
                throw new IOException("ltprobe batch on " + fs.label() + " " + plan + ": " + answer);
            }
            String codes = f[1].equals("-") ? "" : f[1];
            result.attempts += Long.parseLong(f[2]);
            result.spurious += Long.parseLong(f[3]);
            result.probes += codes.length();
            for (int j = 0; j < codes.length(); j++) {
                int i = next + j;
                CaseGroups.Write w = writes.get(i);
                KernelAnswer k = KernelAnswer.ofCode(codes.charAt(j), other(f, j));
                record(result, inode, w, k, plan, prime);
            }
            progress.add(codes.length());
            if (codes.isEmpty()) {
                throw new IOException("ltprobe batch probed nothing: " + answer);
            }
            int done = next + codes.length() - 1;
            dirty = codes.charAt(codes.length() - 1) == 'O' && stop[done] || last[done];
            if (!dirty && done != end - 1) {
                throw new IOException("ltprobe batch stopped early without a state-changing success: " + answer);
            }
            next = done + 1;
        }
        if (!dirty) {
            recheck(plan, result);
        }
    }

    /**
     * Where the batch starting at {@code next} ends (exclusive): after the first write that may change the file
     * even when refused ({@link BuildPlan#changedByRefusal}), so the file is rebuilt before the next one.
     */
    static int batchEnd(boolean[] lastOfBatch, int next) {
        for (int i = next; i < lastOfBatch.length; i++) {
            if (lastOfBatch[i]) {
                return i + 1;
            }
        }
        return lastOfBatch.length;
    }

    /** The file after a group's probes must still be the one built: EAGAINs and pure overwrites change nothing. */
    private void recheck(BuildPlan plan, FsResult result) throws IOException {
        List<String> a = helper.pipeline(List.of("fiemap", "stat", "resident"));
        FileMap map = Ltprobe.parseFiemap(a.get(0));
        int mode = Integer.parseInt(LayoutBuilder.field(a.get(1), "mode="), 8);
        long resident = Long.parseLong(a.get(2).split("\\s+")[1]);
        Realisation r = Realisation.check(plan.layout(), plan.size(), plan.nosec(), plan.blockSize(), map, mode, resident);
        if (!r.realised()) {
            result.anomalies().add(plan + ": after the probes " + r.reason());
        }
    }

    private void record(FsResult result, Inode inode, CaseGroups.Write w, KernelAnswer k, BuildPlan plan, long prime) {
        result.answer(w.index(), k);
        Result engine = policy.decide(inode, w.request(), Detail.LOCK).result();
        int conditions = Classes.conditions(inode, w.request());
        Disagreement d = k.agreesWith(engine) ? null
                : new Disagreement(w.index(), inode, w.request(), k, engine, plan, prime, conditions);
        result.probed(Classes.ofConditions(conditions), k, engine, d);
    }

    private static String other(String[] f, int j) {
        String key = j + "=";
        for (int i = 4; i < f.length; i++) {
            if (f[i].startsWith(key)) {
                return f[i].substring(key.length());
            }
        }
        return null;
    }
}
