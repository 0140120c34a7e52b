package org.locktable.docs;

import java.nio.file.Path;
import java.util.List;

/**
 * One part of generated-docs/: what it is made from and what it owns. It is regenerated only when the code under its
 * packages, the data files it reads or the files it owns changed since it last wrote them.
 *
 * @param name     how progress, the state file and {@code docs --section} call it
 * @param packages the class path prefixes of the code (and resources) it runs, {@code org/locktable/timing/}
 * @param data     files or directories it reads, relative to the documents directory ({@code data/history-live.tsv})
 * @param owns     the files and directories it writes, relative to the documents directory
 * @param writer   renders and writes it, returning the paths written or deleted
 */
record Section(String name, List<String> packages, List<String> data, List<String> owns, Writer writer) {
    /** Renders the section into the documents directory. */
    @FunctionalInterface
    interface Writer {
        List<String> write(Path dir);
    }

    /** Everything it is made from, and the state of what it owns. */
    Fingerprint inputs(Path dir) {
        Fingerprint f = new Fingerprint().text(name).text(System.getProperty("java.specification.version"));
        packages.forEach(f::code);
        data.forEach(d -> f.path(dir, d));
        return f;
    }

    String outputs(Path dir) {
        Fingerprint f = new Fingerprint();
        owns.forEach(o -> f.path(dir, o));
        return f.hex();
    }
}
