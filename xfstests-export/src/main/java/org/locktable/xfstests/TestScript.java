package org.locktable.xfstests;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.locktable.conformance.BuildPlan;
import org.locktable.engine.catalog.PolicyCatalog;
import org.locktable.engine.decision.Result;
import org.locktable.engine.model.BlockState;
import org.locktable.engine.model.Inode;
import org.locktable.engine.model.Layout;
import org.locktable.engine.model.WriteRequest;

/**
 * The files of one exported test: the script {@code NNN} (fstests conventions: {@code common/preamble},
 * {@code _begin_fstest} with its groups, {@code _require_*}, {@code _notrun}, {@code status=0; exit}), its
 * {@code NNN.cfg} mapping each policy to its golden, and a golden {@code NNN.out.POLICY} per policy.
 */
public final class TestScript {
    /** The groups of every test; each is in fstests' doc/group-names.txt, as its mkgroupfile requires. */
    public static final String GROUPS = "auto quick rw prealloc";
    /** The file the test builds and probes on the scratch mount. */
    static final String FILE = "$SCRATCH_MNT/lt";

    private TestScript() {
    }

    /** The script of test {@code number}. */
    public static String script(String number, ExportCase c) {
        Inode inode = c.inode();
        WriteRequest w = c.write();
        List<String> s = new ArrayList<>();
        s.add("#! /bin/bash");
        s.add("# SPDX-License-Identifier: GPL-2.0");
        s.add("# Written by `locktable export xfstests` from the locktable model: do not edit, export again.");
        s.add("#");
        s.add("# FS QA Test No. locktable/" + number);
        s.add("#");
        s.add("# " + oneLine(c.title()));
        for (String src : c.sources()) {
            s.add("# from: " + oneLine(src));
        }
        s.add("#");
        s.add("# File: layout \"" + notation(inode.layout()) + "\", i_size " + inode.size() + ", IS_NOSEC "
                + (inode.nosec() ? "yes" : "no (set-uid)") + ", " + inode.blockSize() + "-byte blocks.");
        s.add("# Probe: one RWF_NOWAIT direct pwritev2 of " + w.length() + " bytes at " + w.offset() + ".");
        s.add("# The model's answer per policy (the golden is chosen by the policy modelling this kernel):");
        for (Map.Entry<String, Result> e : c.expected().entrySet()) {
            s.add("#   " + e.getKey() + ": " + e.getValue() + range(e.getKey()));
        }
        s.add("#");
        s.add("seqfull=$0");
        s.add(". ./common/preamble");
        s.add("_begin_fstest " + GROUPS);
        s.add("");
        s.add(". $(dirname $seqfull)/common.locktable");
        s.add("");
        s.add("_lt_require " + String.join(" ", c.sortedFileSystems()));
        s.add("_lt_mkfs " + inode.blockSize());
        s.add("");
        s.addAll(body(c, FILE));
        s.add("");
        s.add("# success, all done");
        s.add("status=0");
        s.add("exit");
        return String.join("\n", s) + "\n";
    }

    /**
     * What the test does once the scratch file system is mounted: define {@code _lt_build}, build and check the file
     * {@code file}, probe. Needs only {@code common.locktable}'s functions, {@code $FSTYP}, {@code $XFS_IO_PROG},
     * {@code $AWK_PROG}, {@code $seqres} and {@code _notrun}: what the CI check without xfstests runs.
     */
    public static List<String> body(ExportCase c, String file) {
        Inode inode = c.inode();
        WriteRequest w = c.write();
        BuildPlan plan = BuildPlan.of(inode.layout(), inode.size(), inode.nosec(), inode.blockSize(),
                inode.logicalBlockSize());
        List<String> s = new ArrayList<>();
        s.add("_lt_build()");
        s.add("{");
        s.add("\tlocal f=$1");
        for (String line : plan.shellLines("$f")) {
            s.add("\t" + line.replace("xfs_io ", "$XFS_IO_PROG "));
        }
        s.add("}");
        s.add("");
        s.add("_lt_build_check " + file + " " + inode.blockSize() + " " + inode.layout().blocks() + " \""
                + notation(inode.layout()) + "\" " + inode.size() + " " + (inode.nosec() ? 0 : 1));
        s.add("_lt_probe " + file + " " + w.offset() + " " + w.length() + " " + inode.blockSize() + " "
                + primeOffset(plan));
        return s;
    }

    /** {@code NNN.cfg}: one line per policy, {@code POLICY: POLICY}, for {@code _link_out_file_named}. */
    public static String cfg(ExportCase c) {
        StringBuilder out = new StringBuilder();
        for (String id : c.expected().keySet()) {
            out.append(id).append(": ").append(id).append('\n');
        }
        return out.toString();
    }

    /** The golden {@code NNN.out.POLICY}: fstests' header line and the probe's answer under that policy. */
    public static String golden(String number, ExportCase c, String policy) {
        return "QA output created by " + number + "\n" + c.outputLine(c.expected().get(policy)) + "\n";
    }

    /**
     * The layout as {@code _lt_layout} prints a file it was built as: a letter per block, {@code |} where a record
     * boundary separates two blocks of one allocated state, else a space.
     */
    public static String notation(Layout l) {
        StringBuilder out = new StringBuilder();
        for (long b = 0; b < l.blocks(); b++) {
            BlockState s = l.stateAt(b);
            if (b > 0) {
                boolean boundary = s.allocated() && s == l.stateAt(b - 1) && l.recordIndexAt(b) != l.recordIndexAt(b - 1);
                out.append(boundary ? '|' : ' ');
            }
            out.append(s == BlockState.WRITTEN ? 'W' : s == BlockState.UNWRITTEN ? 'U' : 'H');
        }
        return out.toString();
    }

    /** The offset of the block XFS's timestamp prime fallocates over, or -1 (then a touch). */
    static long primeOffset(BuildPlan plan) {
        long p = plan.primeOffset();
        return p >= 0 ? p : -1;
    }

    private static String range(String policy) {
        return PolicyCatalog.find(policy).map(p -> p.info().live() == null ? "" : " (" + p.info().live() + ")")
                .orElse("");
    }

    private static String oneLine(String s) {
        return s.strip().replaceAll("\\s+", " ");
    }
}
