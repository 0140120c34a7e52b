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
        s.append("Every write probed twice on a freshly built file: by root (CAP_FSETID) and by a child of the helper "
                + "that dropped to uid and gid ").append(PrivilegePass.NOBODY).append(" after the file was opened "
                + "(no capabilities, not in the file's group), with and without RWF_NOWAIT. Graded on what the write "
                + "returned and on whether it cleared the set-id bits (the mode after the write), against the engine's "
                + "decision with `--mode` and `--unprivileged` (`FileRemovePrivs`). Linux ").append(r.kernelRelease())
                .append(": ").append(r.rows().size()).append(" cases, ").append(r.agreed()).append(" agreed, ")
                .append(r.rows().size() - r.agreed()).append(" disagreed.\n\n");
        s.append("What the kernel does (fs/inode.c `file_remove_privs_flags`, fs/attr.c `setattr_should_drop_suidgid`): "
                + "a set-uid or set-gid-with-group-exec file is never IS_NOSEC; for a caller without CAP_FSETID the "
                + "write must clear those bits. XFS (`xfs_file_write_checks` → `kiocb_modified`, v6.0+) refuses that "
                + "under RWF_NOWAIT with -EAGAIN, so only root's NOWAIT write goes ahead; ext4 (`ext4_dio_write_checks` "
                + "→ `file_modified`) already returned -EAGAIN for !IS_NOSEC before it, whoever the caller. A blocking "
                + "write by the unprivileged caller clears the bits on both (a transaction), root's does not.\n\n");
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
