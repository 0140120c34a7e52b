package org.locktable.xfstests;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import org.locktable.engine.decision.Result;
import org.locktable.engine.model.Inode;
import org.locktable.engine.model.WriteRequest;

/**
 * One exported test: a file (layout, {@code i_size}, IS_NOSEC, block size) built on the scratch file system and one
 * synchronous {@code RWF_NOWAIT} direct write probed on it; where it comes from (scenarios, decision-table rows); the
 * file systems it is about; and what each catalog policy with a live kernel range answers, which becomes that
 * policy's golden output.
 *
 * @param title the first source's one-line title
 * @param sources where the case comes from, in the order they were found
 * @param fileSystems {@code ext4} and/or {@code xfs}
 * @param expected policy id to the engine's answer for the NOWAIT write, sorted by id
 */
public record ExportCase(String title, List<String> sources, Inode inode, WriteRequest write,
        Set<String> fileSystems, Map<String, Result> expected) {

    public ExportCase {
        sources = List.copyOf(sources);
        fileSystems = Set.copyOf(new TreeSet<>(fileSystems));
        expected = java.util.Collections.unmodifiableMap(new TreeMap<>(expected));
    }

    /** What identifies the probe: two sources asking for the same file and write share one test. */
    public String key() {
        return inode.layout() + "|" + inode.size() + "|" + inode.nosec() + "|" + inode.blockSize() + "|"
                + write.offset() + "+" + write.length();
    }

    /** The file systems, sorted. */
    public List<String> sortedFileSystems() {
        return List.copyOf(new TreeSet<>(fileSystems));
    }

    /** This case with {@code other}'s sources, file systems and expectations added. */
    public ExportCase mergedWith(ExportCase other) {
        List<String> src = new ArrayList<>(sources);
        for (String s : other.sources) {
            if (!src.contains(s)) {
                src.add(s);
            }
        }
        Set<String> fs = new TreeSet<>(fileSystems);
        fs.addAll(other.fileSystems);
        Map<String, Result> exp = new TreeMap<>(expected);
        exp.putAll(other.expected);
        return new ExportCase(title, src, inode, write, fs, exp);
    }

    /** The line the probe prints, and so each golden's only line after the header. */
    public String outputLine(Result result) {
        return "nowait pwrite " + write.offset() + "+" + write.length() + ": " + result.name();
    }
}
