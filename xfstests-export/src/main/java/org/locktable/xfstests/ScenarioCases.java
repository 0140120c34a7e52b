package org.locktable.xfstests;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import org.locktable.conformance.FsKind;
import org.locktable.conformance.ScenarioReplay;
import org.locktable.dsl.reader.ReflectedClass;
import org.locktable.dsl.reader.ScenarioModel;
import org.locktable.dsl.reader.ScenarioReader;
import org.locktable.engine.decision.Result;
import org.locktable.engine.model.Inode;
import org.locktable.engine.model.InvalidInputException;
import org.locktable.engine.model.WriteRequest;
import org.locktable.engine.policy.Policy;

/**
 * The scenario library as export cases, read as {@code kernel-conformance}'s replay reads it (reflection, the
 * processor's rules): a scenario with one layout and one direct write becomes its NOWAIT variant on the file systems
 * its policies belong to; what xfs_io cannot build or issue is skipped with the reason.
 */
public final class ScenarioCases {
    /** Cases and skips, in the classes' order. */
    public record Selection(List<ExportCase> cases, List<Skipped> skipped) {
    }

    private ScenarioCases() {
    }

    public static Selection of(List<Class<?>> scenarios) {
        List<ExportCase> cases = new ArrayList<>();
        List<Skipped> skipped = new ArrayList<>();
        for (Class<?> c : scenarios) {
            String name = c.getName();
            ScenarioReader.Read read = new ScenarioReader().read(ReflectedClass.of(c));
            if (read.model().isEmpty()) {
                skipped.add(new Skipped(name, "does not read: " + read.report().describe()));
                continue;
            }
            String why = why(read.model().get());
            if (why != null) {
                skipped.add(new Skipped(name, why));
                continue;
            }
            ScenarioModel m = read.model().get();
            Set<String> fs = new TreeSet<>();
            for (FsKind k : ScenarioReplay.fileSystems(m)) {
                fs.add(k.id());
            }
            WriteRequest w = nowait(m.write());
            cases.add(new ExportCase(m.title(), List.of("scenario " + name + (m.source().isEmpty() ? ""
                    : " (" + m.source() + ")")), m.inode(), w, fs, expected(m.inode(), w, fs)));
        }
        return new Selection(cases, skipped);
    }

    /** Why a scenario is not exported, or null. */
    static String why(ScenarioModel m) {
        if (m.race() != null) {
            return "a race (@Concurrent): it needs a device that holds back chosen writes (race-replay's FUSE "
                    + "daemon), which xfstests does not have";
        }
        if (m.inode() == null || m.write() == null) {
            return "no @ExtentLayout with one @Write (a sweep or a timing table)";
        }
        WriteRequest w = m.write();
        if (!w.direct()) {
            return "a buffered write: the NOWAIT probe grades direct writes";
        }
        if (w.writethrough() || w.noserial()) {
            return "RWF_WRITETHROUGH / RWF_NOSERIAL: flags no released kernel has";
        }
        if (w.bufferAlignment() != 4096) {
            return "buffer alignment " + w.bufferAlignment() + ": xfs_io's buffers are page-aligned";
        }
        Inode i = m.inode();
        String unbuildable = ScenarioReplay.unbuildable(i);
        if (unbuildable != null) {
            return unbuildable;
        }
        if (i.logicalBlockSize() != 512) {
            return "logical block size " + i.logicalBlockSize() + ": the test requires 512-byte direct I/O on "
                    + "SCRATCH_DEV and cannot choose the device's sector size";
        }
        if (!i.dioSupported() || !i.dioreadNolock()) {
            return "a mount without direct I/O or dioread_nolock: the test uses the configured mount options";
        }
        return null;
    }

    static WriteRequest nowait(WriteRequest w) {
        try {
            return w.toBuilder().nowait(true).async(false).build();
        } catch (InvalidInputException e) {
            throw new IllegalStateException("the NOWAIT variant of a valid write is invalid: " + e.getMessage(), e);
        }
    }

    /** What every live direct-write policy of {@code fileSystems} answers. */
    static Map<String, Result> expected(Inode inode, WriteRequest w, Set<String> fileSystems) {
        Map<String, Result> out = new TreeMap<>();
        for (String fs : fileSystems) {
            for (Policy p : LivePolicies.direct(fs)) {
                out.put(p.id(), p.decide(inode, w).result());
            }
        }
        return out;
    }
}
