package org.locktable.engine.table;

import org.locktable.engine.model.Inode;
import org.locktable.engine.model.WriteRequest;
import org.locktable.engine.space.Case;
import org.locktable.engine.text.MarkdownTable;

/** GitHub-flavoured Markdown pieces shared by tables and diffs. */
final class Markdown {
    static final String LEGEND = "Conditions: *alignment* of the write's ends to the block size; *head*/*tail* state of the "
            + "first/last block (H hole, U unwritten, W written); *middle* states of the fully covered blocks between; "
            + "*records* mapping records the range touches (a hole run counts as one); *EOF* where the write lies against "
            + "i_size (*appends*: starts at i_size; *beyond (in EOF block)*: starts past an unaligned i_size inside its "
            + "block); — is don't-care. Outcomes: final lock (S shared, **X** exclusive), drain (inode_dio_wait), "
            + "force-wait (IOMAP_DIO_FORCE_WAIT), what a RWF_NOWAIT caller gets, the result.\n";

    private Markdown() {
    }

    /** A table whose columns are {@code #}, the condition columns, then {@code outcomeHeaders}. */
    static MarkdownTable numberedTable(String... outcomeHeaders) {
        MarkdownTable t = new MarkdownTable().left("#");
        for (Column c : Column.ALL) {
            t.left(c.header());
        }
        return t.left(outcomeHeaders);
    }

    /** {@code `W U U W` i_size=16384 · [0,+8192) NOWAIT async}. */
    static String witness(Case c) {
        Inode inode = c.inode();
        WriteRequest r = c.request();
        StringBuilder s = new StringBuilder("`").append(inode.layout()).append("` i_size=").append(inode.size())
                .append(" · write ").append(r.offset()).append("+").append(r.length());
        if (!inode.nosec()) {
            s.append(" setuid");
        }
        if (r.nowait()) {
            s.append(" NOWAIT");
        }
        if (r.async()) {
            s.append(" async");
        }
        return s.toString();
    }
}
