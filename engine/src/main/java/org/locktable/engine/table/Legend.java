package org.locktable.engine.table;

import java.util.ArrayList;
import java.util.List;

import org.locktable.engine.decision.Lock;
import org.locktable.engine.decision.NowaitOutcome;
import org.locktable.engine.decision.Result;

/**
 * The "how to read this page" block at the top of every table and diff page: what each condition column and
 * its values mean, how to read a cell, the outcome columns, the diff's outcome cells and a witness. Values are
 * listed from the columns' domains and the decision enums, so a new value cannot go unexplained.
 */
final class Legend {
    private Legend() {
    }

    /** The legend of a decision table page over the fixed columns. */
    static String table() {
        return table(List.of());
    }

    /** The legend of a diff page over the fixed columns. */
    static String diff() {
        return diff(List.of());
    }

    /** The legend of a decision table page whose table adds {@code added} to the fixed columns. */
    static String table(List<Condition> added) {
        List<String> lines = new ArrayList<>(conditions(added));
        lines.add("- **Outcomes**, one column each:");
        lines.add("  - *final lock*: the inode lock (`i_rwsem`, XFS `IOLOCK`) held when the I/O is submitted (for a "
                + "refused write, when it is refused): S "
                + "shared, **X** exclusive, none: " + Lock.NONE.description() + ".");
        lines.add("  - *drain*: `drain` when the write first waits for in-flight direct I/O (`inode_dio_wait`), "
                + "· when not.");
        lines.add("  - *force-wait*: `wait` when the I/O completes before the call returns even for an async write "
                + "(`IOMAP_DIO_FORCE_WAIT`), · when not.");
        lines.add("  - *NOWAIT gets*: " + nowaitOutcomes("n/a") + ".");
        lines.add("  - *result*: " + results() + ".");
        lines.add("  - *cases*: how many cases of the space the row covers.");
        lines.add(witness("smallest case"));
        return String.join("\n", lines) + "\n";
    }

    /** The legend of a diff page whose table adds {@code added} to the fixed columns. */
    static String diff(List<Condition> added) {
        List<String> lines = new ArrayList<>(conditions(added));
        lines.add("- **Outcomes**: *before* (the first policy) and *after* (the second), each in one cell: the final "
                + "lock, held at submission or refusal (S shared, X exclusive, " + Lock.NONE.letter()
                + " none taken), then `drain` if the write "
                + "waits for in-flight direct I/O (`inode_dio_wait`), `force-wait` if the I/O completes before the "
                + "call returns (`IOMAP_DIO_FORCE_WAIT`), `nowait=`what a RWF_NOWAIT caller gets (NOWAIT writes "
                + "only), and last the result. `S drain nowait=EAGAIN EAGAIN`: shared lock, drains, a NOWAIT caller "
                + "gets -EAGAIN, the write returns EAGAIN.");
        lines.add("  - nowait=: " + nowaitOutcomes(null) + ".");
        lines.add("  - result: " + results() + ".");
        lines.add("  - *cases*: how many cases of the space the row covers (all of them differ this way).");
        lines.add(witness("smallest witness"));
        return String.join("\n", lines) + "\n";
    }

    private static List<String> conditions(List<Condition> added) {
        List<String> l = new ArrayList<>();
        l.add("How to read this page:");
        l.add("");
        String lastColumn = added.isEmpty() ? Column.IO.header() : added.get(added.size() - 1).name();
        l.add("- **Conditions** (*alignment* to *" + lastColumn + "*) describe the write; a row holds for every write "
                + "that matches all its cells. A cell listing values with commas (`inside, ends at EOF`) matches any of them; — "
                + "matches any value.");
        l.add("  - *alignment*: which ends of the write are not aligned to the block size: " + values(Column.ALIGNMENT)
                + " (sub-block: inside one block, both ends partial).");
        l.add("  - *head* / *tail*: the state of the block holding the write's first / last byte: H hole (or "
                + "delalloc), U unwritten, W written.");
        l.add("  - *middle*: the states found in the fully covered blocks between head and tail, "
                + values(Column.MIDDLE)
                + " (none: no such block; H+U: holes and unwritten blocks, and so on).");
        l.add("  - *records*: mapping records (extents) the write's blocks touch, a run of holes counting as one: "
                + values(Column.RECORDS) + ".");
        l.add("  - *EOF*: where the write lies against i_size: inside (ends before it), ends at EOF, straddles (starts "
                + "before, ends after), appends (starts at i_size), beyond (in EOF block) (starts past an unaligned "
                + "i_size, inside its block), beyond (starts past the block holding i_size).");
        l.add("  - *IS_NOSEC*: yes: nothing for the write to strip; no: a set-uid or set-gid file (or one with "
                + "security attributes) whose bits the write must remove (`file_remove_privs`), `setuid` in a "
                + "witness.");
        l.add("  - *NOWAIT*: whether the write passes RWF_NOWAIT (`IOCB_NOWAIT`): " + values(Column.NOWAIT) + ".");
        l.add("  - *I/O*: sync: a synchronous call (pwrite, fio's psync), which returns when the I/O is done; async: "
                + "an asynchronous one (io_submit, io_uring), where a direct write may return -EIOCBQUEUED with the "
                + "I/O in flight.");
        for (Condition c : added) {
            l.add("  - *" + c.name() + "* (added from the condition library): " + c.legend() + ". Values: "
                    + String.join(", ", c.values()) + ".");
        }
        return l;
    }

    private static String witness(String column) {
        return "  - *" + column + "*: the row's first case, as in `` `W U U W` i_size=16384 · write 512+14336 setuid "
                + "NOWAIT async ``: the file's "
                + "layout (one letter per block, H hole, U unwritten, W written; `|` a record boundary between two "
                + "same-state neighbours), its i_size in bytes, the write as offset+length in bytes, then `setuid` "
                + "(IS_NOSEC no), `NOWAIT` and `async` where they apply; without them the write is synchronous, "
                + "without NOWAIT, to an IS_NOSEC file. `0+4096 setuid`: 4096 bytes at offset 0 to a set-uid file.";
    }

    private static String values(Column c) {
        return String.join(", ", c.domain());
    }

    private static String nowaitOutcomes(String notApplicable) {
        List<String> out = new ArrayList<>();
        for (NowaitOutcome n : NowaitOutcome.values()) {
            if (n == NowaitOutcome.NOT_APPLICABLE) {
                if (notApplicable != null) {
                    out.add(notApplicable + ": " + n.description());
                }
                continue;
            }
            out.add(n.name() + ": " + n.description());
        }
        return "what a RWF_NOWAIT caller gets, " + String.join("; ", out);
    }

    private static String results() {
        List<String> out = new ArrayList<>();
        for (Result r : Result.values()) {
            out.add(r.name() + ": " + r.description());
        }
        return "what the write returns, " + String.join("; ", out);
    }
}
