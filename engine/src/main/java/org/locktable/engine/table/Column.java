package org.locktable.engine.table;

import java.util.List;

/**
 * The condition columns of a decision table, the same everywhere (engine tables, diffs, the DSL's rules).
 * Each column has a small ordered domain; a table cell is a set of its values, all of them rendered "—".
 */
public enum Column {
    /** Which ends of the write are not block aligned; "sub-block" is a write inside one block, both ends partial. */
    ALIGNMENT("alignment", List.of("aligned", "head", "tail", "both", "sub-block")),
    /** State of the block holding the first byte. */
    HEAD("head", List.of("H", "U", "W")),
    /** State of the block holding the last byte. */
    TAIL("tail", List.of("H", "U", "W")),
    /** States found in the fully covered blocks between head and tail ("none" when there are none). */
    MIDDLE("middle", List.of("none", "H", "U", "H+U", "W", "H+W", "U+W", "H+U+W")),
    /** Mapping records the block range touches; a run of holes counts as one. */
    RECORDS("records", List.of("1", "2", "3+")),
    /** Where the write lies relative to {@code i_size}. */
    EOF("EOF", List.of("inside", "ends at EOF", "straddles", "appends", "beyond (in EOF block)", "beyond")),
    NOSEC("IS_NOSEC", List.of("yes", "no")),
    NOWAIT("NOWAIT", List.of("no", "yes")),
    IO("I/O", List.of("sync", "async"));

    private final String header;
    private final List<String> domain;

    Column(String header, List<String> domain) {
        this.header = header;
        this.domain = domain;
    }

    public String header() {
        return header;
    }

    public List<String> domain() {
        return domain;
    }

    public int size() {
        return domain.size();
    }

    /** The bit set with every value of the domain: a don't-care cell. */
    public int fullMask() {
        return (1 << domain.size()) - 1;
    }

    static final Column[] ALL = values();
}
