package org.locktable.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;

import org.locktable.rig.UserCache;

/**
 * What each section was made from, and what it left, when it was last written into one documents directory: one line
 * per section, {@code name TAB inputs TAB outputs}. Kept outside the directory (it is machine state, not a document):
 * under {@code $XDG_CACHE_HOME/locktable/docs/} (or {@code ~/.cache}), one file per directory.
 */
final class Stamps {
    /** Overrides where the state files go. */
    static final String ENV = "LOCKTABLE_DOCS_STATE";

    private final Path file;
    private final Map<String, String[]> lines = new TreeMap<>();

    private Stamps(Path file) {
        this.file = file;
    }

    static Stamps of(Path documents) {
        Path dir = stateDirectory();
        String key = new Fingerprint().text(documents.toAbsolutePath().normalize().toString()).hex().substring(0, 16);
        Stamps s = new Stamps(dir.resolve(key + ".tsv"));
        s.read();
        return s;
    }

    boolean upToDate(String section, String inputs, String outputs) {
        String[] was = lines.get(section);
        return was != null && was[0].equals(inputs) && was[1].equals(outputs);
    }

    void record(String section, String inputs, String outputs) {
        lines.put(section, new String[] {inputs, outputs});
        StringBuilder text = new StringBuilder();
        lines.forEach((name, v) -> text.append(name).append('\t').append(v[0]).append('\t').append(v[1]).append('\n'));
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            // the state is an optimisation: without it the next run regenerates, which is still right
        }
    }

    private void read() {
        if (!Files.isRegularFile(file)) {
            return;
        }
        try {
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                String[] f = line.split("\t");
                if (f.length == 3) {
                    lines.put(f[0], new String[] {f[1], f[2]});
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    private static Path stateDirectory() {
        String env = System.getenv(ENV);
        if (env != null && !env.isBlank()) {
            return Path.of(env);
        }
        return UserCache.directory().resolve("docs");
    }
}
