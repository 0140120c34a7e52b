package org.locktable.engine.table;

import org.locktable.engine.model.Inode;
import org.locktable.engine.model.WriteRequest;
import org.locktable.engine.space.Case;
import org.locktable.engine.text.MarkdownTable;

/** GitHub-flavoured Markdown pieces shared by tables and diffs. */
final class Markdown {
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
