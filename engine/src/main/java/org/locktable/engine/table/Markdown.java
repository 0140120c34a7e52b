package org.locktable.engine.table;

import java.util.ArrayList;
import java.util.List;

import org.locktable.engine.model.Inode;
import org.locktable.engine.model.WriteRequest;
import org.locktable.engine.space.Case;
import org.locktable.engine.text.MarkdownTable;

/** GitHub-flavoured Markdown pieces shared by tables and diffs. */
final class Markdown {
    private Markdown() {
    }

    /** A table whose columns are {@code #}, the condition columns, the {@code added} ones, then {@code outcomeHeaders}. */
    static MarkdownTable numberedTable(List<Condition> added, String... outcomeHeaders) {
        MarkdownTable t = new MarkdownTable().left("#");
        for (Column c : Column.ALL) {
            t.left(c.header());
        }
        for (Condition c : added) {
            t.left(c.name());
        }
        return t.left(outcomeHeaders);
    }

    /**
     * The sentence a table or diff over added conditions says after its space: which were added and why; empty when
     * none were.
     */
    static String addedColumns(List<Condition> added, String whose, String adds) {
        if (added.isEmpty()) {
            return "";
        }
        List<String> names = new ArrayList<>();
        for (Condition c : added) {
            names.add("*" + c.name() + "*");
        }
        return "The fixed condition columns do not determine " + whose + ", so " + adds + " "
                + (names.size() == 1 ? "the column " : "the columns ") + String.join(", ", names)
                + " from the condition library: the fewest that do.\n\n";
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
