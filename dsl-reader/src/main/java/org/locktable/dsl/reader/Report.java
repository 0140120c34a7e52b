package org.locktable.dsl.reader;

import java.util.ArrayList;
import java.util.List;

import javax.tools.Diagnostic;

/** The problems found while reading one class, in the order found, each with its {@link Site}. */
public final class Report {
    /** One problem: its message (ID and kind), where, and the formatted text ({@code [LT010] ...}). */
    public record Item(Message message, Site site, String text) {
        public Diagnostic.Kind kind() {
            return message.kind();
        }
    }

    private final List<Item> items = new ArrayList<>();
    private int errors;

    void add(Message m, Site site, Object... args) {
        items.add(new Item(m, site, m.format(args)));
        if (m.kind() == Diagnostic.Kind.ERROR) {
            errors++;
        }
    }

    public List<Item> items() {
        return List.copyOf(items);
    }

    public int errors() {
        return errors;
    }

    public boolean hasErrors() {
        return errors > 0;
    }

    /** Every item on one line, with its site: for reports printed outside a compiler. */
    public String describe() {
        StringBuilder s = new StringBuilder();
        for (Item i : items) {
            s.append(s.length() == 0 ? "" : "; ").append(i.text()).append(" (at ").append(i.site().describe()).append(')');
        }
        return s.toString();
    }
}
