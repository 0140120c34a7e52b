package org.locktable.conformance;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import org.locktable.engine.decision.Decision;
import org.locktable.engine.model.WriteRequest;
import org.locktable.engine.policy.Policy;
import org.locktable.rig.FileMap;
import org.locktable.rig.Shell;

/**
 * Reproductions by hand: the shell lines that make the file system, build the file with xfs_io, show its
 * FIEMAP and issue the NOWAIT probe ({@code xfs_io -d -c "falloc -k P BS" -c "pwrite -V 1 -N -b LEN OFF LEN"}),
 * and their replay on the live file system to confirm a disagreement independently of the helper.
 */
public final class Repro {
    static final String FILE = "repro";

    private Repro() {
    }

    /** The probe as one xfs_io line on {@code file} (for a buffer alignment other than a page, the helper line). */
    public static String probeLine(FsKind kind, String file, long prime, int blockSize, WriteRequest w) {
        if (w.bufferAlignment() != 4096) {
            return "printf 'open " + FILE + "\\nprobe " + w.offset() + " " + w.length() + " " + w.bufferAlignment() + " "
                    + prime + " " + (kind == FsKind.XFS ? ExhaustiveRun.XFS_RETRIES : 0) + (w.dsync() ? " 1" : "")
                    + "\\n' | ltprobe $MNT   # xfs_io cannot place its buffer at a chosen alignment";
        }
        String pwrite = "-c \"pwrite -V 1 -N " + (w.dsync() ? "-D " : "") + "-b " + w.length() + " " + w.offset() + " "
                + w.length() + "\"";
        if (kind == FsKind.XFS && prime >= 0) {
            return "xfs_io -d -c \"falloc -k " + prime + " " + blockSize + "\" " + pwrite + " " + file;
        }
        if (kind == FsKind.XFS && prime == -2) {
            return "touch " + file + "; xfs_io -d " + pwrite + " " + file
                    + "   # no allocated block to prime in-process: repeat on EAGAIN";
        }
        return "xfs_io -d " + pwrite + " " + file;
    }

    /** Every line: set-up, build, FIEMAP, probe. */
    public static List<String> script(MountedFs fs, BuildPlan plan, long prime, WriteRequest w) {
        List<String> out = new ArrayList<>(fs.setupScript());
        out.add("F=$MNT/" + FILE);
        out.addAll(plan.shellLines("$F"));
        out.add("xfs_io -c \"fiemap -v\" $F; stat -c '%s %a' $F; fincore $F");
        out.add(probeLine(fs.kind(), "$F", prime, plan.blockSize(), w));
        out.add(MountedFs.teardownLine());
        return out;
    }

    /** The witness of a disagreement: decision, trace, reproduction, and its replay with xfs_io. */
    public static Witness witness(MountedFs fs, Policy policy, Disagreement d) {
        return witness(fs, policy, d, true);
    }

    /** The witness; the xfs_io replay only when {@code replay} (the file system is the host's own). */
    public static Witness witness(MountedFs fs, Policy policy, Disagreement d, boolean replay) {
        Decision full = policy.decide(d.inode(), d.request());
        String decision = full.result() + "; lock path " + full.lockPathText() + "; NOWAIT " + full.nowait()
                + "; drain " + full.drainReason() + (full.forceWait() ? "; FORCE_WAIT" : "");
        List<String> repro = script(fs, d.plan(), d.prime(), d.request());
        String confirmation;
        try {
            confirmation = replay ? replay(fs, d.plan(), d.prime(), d.request())
                    : "not replayed: the file system is in a virtual machine";
        } catch (IOException e) {
            confirmation = "replay failed: " + e.getMessage();
        }
        return new Witness(decision, full.trace(), repro, confirmation);
    }

    /**
     * Builds the file again with xfs_io (separate processes, as a person would), checks it with
     * {@code xfs_io -c "fiemap -v"}, and probes with xfs_io (XFS: up to 1 + {@link ExhaustiveRun#XFS_RETRIES}
     * times while it answers EAGAIN). Returns a one-line verdict.
     */
    public static String replay(MountedFs fs, BuildPlan plan, long prime, WriteRequest w) throws IOException {
        if (w.bufferAlignment() != 4096) {
            return "not replayed: xfs_io cannot place its buffer at alignment " + w.bufferAlignment();
        }
        String file = fs.mountPoint().resolve(FILE).toString();
        StringBuilder build = new StringBuilder("set -e\n");
        for (String line : plan.shellLines(file)) {
            build.append(line).append('\n');
        }
        Realisation r = null;
        for (int attempt = 0; attempt < 3 && (r == null || !r.realised()); attempt++) {
            Shell.Result b = Shell.bash(build.toString());
            if (!b.ok()) {
                return "xfs_io build failed: " + b.describe();
            }
            Shell.Result fm = Shell.bash("xfs_io -c \"fiemap -v\" " + file);
            Shell.Result st = Shell.bash("stat -c '%s %a' " + file);
            if (!fm.ok() || !st.ok()) {
                return "xfs_io fiemap/stat failed: " + (fm.ok() ? st : fm).describe();
            }
            String[] sz = st.out().trim().split("\\s+");
            FileMap map = FileMap.parseXfsIo(fm.out(), Long.parseLong(sz[0]));
            int mode = Integer.parseInt(sz[1], 8);
            Shell.Result fc = Shell.bash("fincore -n -b -o RES " + file + " 2>/dev/null || echo 0");
            long resident;
            try {
                resident = Long.parseLong(fc.out().trim().split("\\s+")[0]);
            } catch (NumberFormatException e) {
                resident = 0;
            }
            r = Realisation.check(plan.layout(), plan.size(), plan.nosec(), plan.blockSize(), map, mode, resident);
        }
        if (!r.realised()) {
            return "not confirmed: the xfs_io build gave " + r.produced() + " (" + r.reason() + ")";
        }
        String line = probeLine(fs.kind(), file, prime, plan.blockSize(), w);
        int tries = fs.kind() == FsKind.XFS ? 1 + ExhaustiveRun.XFS_RETRIES : 1;
        KernelAnswer k = null;
        int t = 0;
        while (t < tries) {
            t++;
            Shell.Result p = Shell.bash(line);
            k = KernelAnswer.ofXfsIo(p.out() + p.err());
            if (!k.equals(KernelAnswer.EAGAIN)) {
                break;
            }
        }
        Shell.bash("rm -f " + file + " " + file + ".sp*");
        return "xfs_io answered " + k + (t > 1 ? " (after " + t + " tries)" : "") + " on a file verified with fiemap -v";
    }
}
