package org.locktable.conformance;

import java.util.List;

import org.locktable.engine.model.Inode;

/** The privilege pass as a Markdown section of the conformance report: the kernel's rule, the counts, every case. */
public final class PrivilegeReport {
    private PrivilegeReport() {
    }

    public static String markdown(PrivilegePass.Result r) {
        StringBuilder s = new StringBuilder();
        s.append("## Privilege: set-id files, root and an unprivileged caller\n\n");
        s.append("Every write probed on a freshly built file, by root (CAP_FSETID) and by a child of the helper "
                + "that dropped to uid and gid ").append(PrivilegePass.NOBODY).append(" after the file was opened "
                + "(no capabilities, not in the file's group), with and without RWF_NOWAIT. Graded on what the write "
                + "returned and on whether it cleared the set-id bits (the mode after the write), against the engine's "
                + "decision with `--mode` and `--unprivileged` (`FileRemovePrivs`). Linux ").append(r.kernelRelease())
                .append(": ").append(r.rows().size()).append(" cases, ").append(r.agreed()).append(" agreed, ")
                .append(r.rows().size() - r.agreed()).append(" disagreed.\n\n");
        s.append("What the kernel does (fs/inode.c `file_remove_privs_flags`; per kernel in engine/README.md): a set-uid "
                + "or set-gid-with-group-exec file is never IS_NOSEC, and a caller without CAP_FSETID must clear those "
                + "bits; a blocking write by it does (a transaction), root's does not. Under RWF_NOWAIT, XFS v6.0+ "
                + "(`kiocb_modified`) refuses with -EAGAIN, XFS up to v5.19 (`file_modified`) clears them and goes on; "
                + "ext4 v6.5+ returns -EAGAIN for !IS_NOSEC before `file_modified`, whoever the caller, while v5.10 .. "
                + "v6.4 clear them first for an unaligned or extending write, then return -EAGAIN.\n\n");
        for (String skip : r.skipped()) {
            s.append("- skipped: ").append(skip).append('\n');
        }
        if (!r.skipped().isEmpty()) {
            s.append('\n');
        }
        s.append("| fs | policy | file | mode | write | caller | NOWAIT | engine | kernel | |\n");
        s.append("|---|---|---|---|---|---|---|---|---|---|\n");
        for (PrivilegePass.Row row : r.rows()) {
            PrivilegeCase c = row.c();
            s.append("| ").append(row.fileSystem()).append(" | ").append(row.policy()).append(" | `")
                    .append(c.layout()).append("` i_size=").append(c.size()).append(" | ").append(Inode.octal(c.mode()))
                    .append(" | ").append(c.offset()).append('+').append(c.length()).append(" | ")
                    .append(c.unprivileged() ? "unprivileged" : "root").append(" | ").append(c.nowait() ? "yes" : "no")
                    .append(" | ").append(outcome(row.engineResult(), row.engineStrips())).append(" | ")
                    .append(outcome(row.kernelResult(), row.kernelStrips())).append(" | ")
                    .append(row.agrees() ? "agree" : "**DISAGREE**").append(" |\n");
        }
        return s.toString();
    }

    private static String outcome(String result, boolean strips) {
        return strips ? result + ", set-id cleared" : result;
    }

    /** The rows that disagree, one line each, for the console. */
    public static List<String> disagreements(PrivilegePass.Result r) {
        return r.rows().stream().filter(row -> !row.agrees())
                .map(row -> row.fileSystem() + " " + row.c() + ": engine " + outcome(row.engineResult(), row.engineStrips())
                        + ", kernel " + outcome(row.kernelResult(), row.kernelStrips()))
                .toList();
    }
}
