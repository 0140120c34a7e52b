package org.locktable.conformance;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.locktable.dsl.reader.ReflectedClass;
import org.locktable.dsl.reader.ScenarioModel;
import org.locktable.dsl.reader.ScenarioReader;
import org.locktable.engine.catalog.PolicyCatalog;
import org.locktable.engine.decision.Result;
import org.locktable.engine.model.BlockState;
import org.locktable.engine.model.Inode;
import org.locktable.engine.model.InvalidInputException;
import org.locktable.engine.model.Layout;
import org.locktable.engine.model.WriteRequest;
import org.locktable.engine.policy.KernelVersion;
import org.locktable.engine.policy.Policy;
import org.locktable.rig.EnvironmentException;

/**
 * Replays the scenario library on the live kernel: each scenario (read by reflection with the processor's rules,
 * {@link ScenarioReader}) with one layout and one direct write is
 * built on the file system its policies belong to (both when it names none) and probed as a synchronous NOWAIT
 * write; the kernel's answer is compared with the running kernel's policy deciding the NOWAIT variant of the
 * write. Scenarios the probe cannot express are listed as not applicable, with the reason.
 */
public final class ScenarioReplay {
    /** Largest file a scenario may ask for: the images are small. */
    static final long MAX_FILE_BYTES = 32L << 20;
    static final String FILE = "s";

    private final ProbeTarget rig;
    private final KernelVersion kernel;
    private final Conformance.Options options;

    /** A line still to be decided on a live file system. */
    @FunctionalInterface
    private interface Live {
        ScenarioLine run(MountedFs fs, Ltprobe helper) throws IOException;
    }

    /** Where a scenario line comes from: decided already, or to probe on {@code spec}. */
    private record Slot(ScenarioLine line, FsSpec spec, Live live, ScenarioLine ifNoFs) {
    }

    public ScenarioReplay(ProbeTarget rig, KernelVersion kernel) {
        this(rig, kernel, new Conformance.Options(List.of(), true, List.of(), false));
    }

    /** Grading {@code options}' policies where it names one for a file system. */
    public ScenarioReplay(ProbeTarget rig, KernelVersion kernel, Conformance.Options options) {
        this.rig = rig;
        this.kernel = kernel;
        this.options = options;
    }

    /**
     * Replays every scenario class; one line per scenario and file system, in the classes' order. The probes run
     * file system by file system, each made on first use and released after its scenarios, so that at most one
     * loop device is in use at a time.
     */
    public List<ScenarioLine> replay(List<Class<?>> scenarios) throws IOException {
        List<Slot> slots = new ArrayList<>();
        for (Class<?> c : scenarios) {
            slots.addAll(slots(c));
        }
        ScenarioLine[] lines = new ScenarioLine[slots.size()];
        Map<FsSpec, List<Integer>> bySpec = new LinkedHashMap<>();
        for (int i = 0; i < slots.size(); i++) {
            Slot sl = slots.get(i);
            if (sl.live() == null) {
                lines[i] = sl.line();
            } else {
                bySpec.computeIfAbsent(sl.spec(), k -> new ArrayList<>()).add(i);
            }
        }
        for (Map.Entry<FsSpec, List<Integer>> e : bySpec.entrySet()) {
            MountedFs fs;
            try {
                fs = rig.fs(e.getKey());
            } catch (EnvironmentException ex) {
                for (int i : e.getValue()) {
                    ScenarioLine no = slots.get(i).ifNoFs();
                    lines[i] = new ScenarioLine(no.scenario(), no.fs(), no.policy(), no.verdict(),
                            no.detail() + ex.getMessage(), null);
                }
                continue;
            }
            try (Ltprobe helper = rig.helper(fs)) {
                for (int i : e.getValue()) {
                    lines[i] = slots.get(i).live().run(fs, helper);
                }
            } finally {
                rig.release(e.getKey());
            }
        }
        return List.of(lines);
    }

    /** The lines of one scenario class (decided only where no live file system is needed). */
    List<ScenarioLine> replay(Class<?> c) throws IOException {
        List<ScenarioLine> out = new ArrayList<>();
        for (Slot sl : slots(c)) {
            if (sl.live() != null) {
                throw new IllegalStateException(c.getName() + " needs a live file system: use replay(List)");
            }
            out.add(sl.line());
        }
        return out;
    }

    private List<Slot> slots(Class<?> c) {
        String name = c.getName();
        ScenarioReader.Read read = new ScenarioReader().read(ReflectedClass.of(c));
        if (read.model().isEmpty()) {
            return List.of(done(na(name, "-", "-", "the scenario does not read: " + read.report().describe())));
        }
        ScenarioModel m = read.model().get();
        if (m.inode() == null || m.write() == null) {
            return List.of(done(na(name, "-", "-",
                    "no @ExtentLayout with one @Write (a sweep, a timing table or a race): nothing single to probe")));
        }
        if (!m.write().direct()) {
            return List.of(done(na(name, "-", "-", "a buffered write: the NOWAIT probe grades direct writes")));
        }
        if (m.write().writethrough() || m.write().noserial()) {
            return List.of(done(na(name, "-", "-", "RWF_WRITETHROUGH / RWF_NOSERIAL: flags this kernel does not have")));
        }
        if (m.write().unprivileged() && !m.inode().nosec() && !setId(m.inode())) {
            return List.of(done(na(name, "-", "-", "an unprivileged write to a !IS_NOSEC file without set-id bits: the "
                    + "rig turns IS_NOSEC off only with a set-id mode, which this caller would strip")));
        }
        List<Slot> out = new ArrayList<>();
        for (FsKind kind : fileSystems(m)) {
            Optional<Policy> p = options.policyFor(kind.id(), kernel);
            if (p.isEmpty()) {
                out.add(done(na(name, kind.id(), "-", "no catalog policy for " + kind.id() + " on " + kernel)));
                continue;
            }
            out.add(slot(name, m, kind, p.get()));
        }
        return out;
    }

    private static Slot done(ScenarioLine line) {
        return new Slot(line, null, null, null);
    }

    private Slot slot(String name, ScenarioModel m, FsKind kind, Policy policy) {
        Inode inode = m.inode();
        WriteRequest req;
        try {
            req = m.write().toBuilder().nowait(true).async(false).build();
        } catch (InvalidInputException e) {
            return done(na(name, kind.id(), policy.id(), "the engine refuses it: " + e.getMessage()));
        }
        FsSpec spec = new FsSpec(kind, inode.blockSize(), inode.logicalBlockSize());
        String label = spec.label();
        String note = "";
        Inode asked = inode;
        if (kind == FsKind.XFS && inode.diskSize() != inode.size()) {
            // i_disksize is ext4's: when the XFS policy decides the same without it, build the file without it
            Inode plain = withDiskSize(inode, inode.size());
            if (sameDecision(policy, inode, plain, req)) {
                inode = plain;
                note = "; i_disksize is ext4's, " + policy.id() + " decides the same without it";
            }
        }
        String why = unbuildable(inode);
        if (why != null) {
            return done(new ScenarioLine(name, label, policy.id(), ScenarioLine.Verdict.NOT_REALISABLE, why, null));
        }
        Inode built = inode;
        String suffix = expectation(m, policy.id()) + note;
        return new Slot(null, spec, (fs, helper) -> probe(name, asked, built, req, fs, helper, policy, suffix),
                na(name, label, policy.id(), "cannot make the file system: "));
    }

    private ScenarioLine probe(String name, Inode asked, Inode inode, WriteRequest req, MountedFs fs,
                                      Ltprobe helper, Policy policy, String note) throws IOException {
        String label = fs.label();
        FsKind kind = fs.kind();
        // a set-id mode is set after the build (the plan's own !IS_NOSEC is a set-uid bit for a root caller)
        boolean setId = setId(inode);
        BuildPlan plan = BuildPlan.of(inode.layout(), inode.size(), setId || inode.nosec(), inode.blockSize(),
                inode.logicalBlockSize());
        LayoutBuilder.Built built = new LayoutBuilder(helper, FILE, ExhaustiveRun.BUILD_ATTEMPTS).build(plan);
        if (!built.realised()) {
            return new ScenarioLine(name, label, policy.id(), ScenarioLine.Verdict.NOT_REALISABLE,
                    "the file system produced " + built.realisation().produced() + ": " + built.realisation().reason(), null);
        }
        long prime = kind == FsKind.XFS ? plan.primeOffset() : -1;
        int retries = kind == FsKind.XFS ? ExhaustiveRun.XFS_RETRIES : 0;
        if (setId) {
            helper.ok("chmod " + Integer.toOctalString(inode.mode()));
        }
        String answer = setId || req.unprivileged()
                ? helper.call("uprobe " + (req.unprivileged() ? PrivilegePass.NOBODY : -1) + " " + req.offset() + " "
                        + req.length() + " " + req.bufferAlignment() + " " + prime + " " + retries + " 1")
                : helper.call("probe " + req.offset() + " " + req.length() + " " + req.bufferAlignment() + " "
                        + prime + " " + retries + " " + (req.dsync() ? 1 : 0));
        if (answer.startsWith("ERR")) {
            throw new IOException("ltprobe probe for " + name + ": " + answer);
        }
        KernelAnswer k = KernelAnswer.ofProbe(answer);
        Result engine = policy.decide(asked, req).result();
        String detail = "kernel " + k + ", engine " + engine + note;
        if (k.agreesWith(engine)) {
            return new ScenarioLine(name, label, policy.id(), ScenarioLine.Verdict.AGREE, detail, null);
        }
        Disagreement d = new Disagreement(-1, asked, req, k, engine, plan, prime, Classes.conditions(asked, req));
        return new ScenarioLine(name, label, policy.id(), ScenarioLine.Verdict.DISAGREE, detail,
                Repro.witness(fs, policy, d, rig.replaysOnHost()));
    }

    private static boolean setId(Inode inode) {
        return (inode.mode() & 06000) != 0;
    }

    private static Inode withDiskSize(Inode inode, long diskSize) {
        try {
            return inode.toBuilder().diskSize(diskSize).build();
        } catch (InvalidInputException e) {
            throw new IllegalStateException(e);
        }
    }

    private static boolean sameDecision(Policy p, Inode a, Inode b, WriteRequest req) {
        org.locktable.engine.decision.Decision x = p.decide(a, req);
        org.locktable.engine.decision.Decision y = p.decide(b, req);
        return x.result() == y.result() && x.lockPathText().equals(y.lockPathText()) && x.nowait() == y.nowait()
                && x.drainReason() == y.drainReason() && x.forceWait() == y.forceWait();
    }

    /** Why a file cannot be built with the probe's tools, or null. */
    public static String unbuildable(Inode inode) {
        Layout l = inode.layout();
        for (int i = 0; i < l.recordCount(); i++) {
            if (l.recordState(i) == BlockState.DELALLOC) {
                return "delalloc blocks (D): a buffered write's reservation stays in the page cache, where any "
                        + "NOWAIT direct write meets it; not built";
            }
        }
        if (inode.diskSize() != inode.size()) {
            return "i_disksize " + inode.diskSize() + " < i_size " + inode.size()
                    + ": every path that writes a block raises i_disksize; not built";
        }
        int bs = inode.blockSize();
        if (bs != 1024 && bs != 2048 && bs != 4096) {
            return "block size " + bs + ": ext4 and XFS on this machine (4 KiB pages) take 1024, 2048 or 4096";
        }
        if (inode.logicalBlockSize() > 4096) {
            return "logical block size " + inode.logicalBlockSize() + ": loop devices take 512 to 4096";
        }
        long bytes = Math.max(l.blocks() * bs, inode.size());
        if (bytes > MAX_FILE_BYTES) {
            return "a file of " + bytes + " bytes: larger than the test images allow (" + (MAX_FILE_BYTES >> 20) + " MiB)";
        }
        return null;
    }

    /** The file systems a scenario is about: those of the policies it names or takes from @Policies, or both. */
    public static Set<FsKind> fileSystems(ScenarioModel m) {
        Set<String> ids = new LinkedHashSet<>();
        for (ScenarioModel.Expected e : m.expected()) {
            ids.add(e.expectation().policy());
        }
        for (ScenarioModel.Relation r : m.relations()) {
            ids.addAll(r.policies());
        }
        ids.addAll(m.defaultPolicies());
        Set<FsKind> kinds = new java.util.TreeSet<>();
        for (String id : ids) {
            PolicyCatalog.find(id).ifPresent(p -> {
                FsKind k = FsKind.of(p.info().fileSystem().label());
                if (k != null) {
                    kinds.add(k);
                }
            });
        }
        if (kinds.isEmpty()) {
            kinds.add(FsKind.EXT4);
            kinds.add(FsKind.XFS);
        }
        return kinds;
    }

    /** A note when an @ExpectLock of the scenario names the policy itself. */
    private static String expectation(ScenarioModel m, String policy) {
        for (ScenarioModel.Expected e : m.expected()) {
            if (e.policyNamed() && e.expectation().policy().equals(policy)) {
                return " (its @ExpectLock names " + policy + ")";
            }
        }
        return "";
    }

    private static ScenarioLine na(String name, String fs, String policy, String why) {
        return new ScenarioLine(name, fs, policy, ScenarioLine.Verdict.NOT_APPLICABLE, why, null);
    }

    /** Convenience: discover and replay. */
    public static List<ScenarioLine> run(ProbeTarget rig, KernelVersion kernel, List<Path> extra) throws IOException {
        return new ScenarioReplay(rig, kernel).replay(ScenarioLibrary.discover(extra));
    }
}
