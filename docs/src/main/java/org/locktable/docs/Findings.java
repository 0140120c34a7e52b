package org.locktable.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import org.locktable.concurrency.findings.Finding;
import org.locktable.concurrency.findings.FindingPage;
import org.locktable.replay.FindingsRepro;

/**
 * generated-docs/findings/: a page per finding ({@link FindingPage}), their index, and the reproducer (the program
 * and a test script per finding, copied from race-replay's resources). The live rows come from the committed TSVs
 * under {@code data/}; the C patches from kernel-matrix's jar (its {@code patches/}).
 */
final class Findings {
    private Findings() {
    }

    /** Writes what changed; returns the paths written, relative to {@code dir}. */
    static List<String> writeTo(Path dir) {
        List<String> changed = new ArrayList<>();
        try {
            Map<String, String> live = liveTsvs(dir.resolve("data"));
            String repro = read(dir.resolve("data/findings-repro.tsv"));
            String program = FindingsRepro.source();
            write(dir, "findings/README.md", FindingPage.index(), changed);
            write(dir, "findings/reproducers/dio-eof-zero-race.c", program, changed);
            for (Finding f : Finding.ALL) {
                String test = resource("/org/locktable/replay/findings/" + f.reproTest());
                String patch = resource("/org/locktable/matrix/patches/" + f.patch());
                FindingPage.Sources sources = new FindingPage.Sources(live, repro,
                        SafetyFixCost.simulate(f.todayPolicy(), f.fixPolicy()), patch, program, test);
                write(dir, "findings/reproducers/" + f.reproTest(), test, changed);
                write(dir, "findings/" + f.page() + ".md", FindingPage.render(f, sources), changed);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return changed;
    }

    /** {@code data/race-replay.tsv} (the running kernel) and every guest's TSV under {@code data/race-replay-kernels/}, by name. */
    private static Map<String, String> liveTsvs(Path data) throws IOException {
        Map<String, String> tsvs = new TreeMap<>();
        String host = read(data.resolve("race-replay.tsv"));
        if (host != null) {
            tsvs.put("running kernel (`race-replay.tsv`)", host);
        }
        Path guests = data.resolve("race-replay-kernels");
        if (Files.isDirectory(guests)) {
            try (Stream<Path> files = Files.list(guests)) {
                for (Path p : files.filter(p -> p.toString().endsWith(".tsv")).sorted().toList()) {
                    tsvs.put("guest `" + p.getFileName() + "`", read(p));
                }
            }
        }
        return tsvs;
    }

    private static String read(Path p) throws IOException {
        return Files.isRegularFile(p) ? Files.readString(p, StandardCharsets.UTF_8) : null;
    }

    private static String resource(String name) throws IOException {
        try (var in = FindingsRepro.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IOException(name + " is missing from the class path");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static void write(Path dir, String name, String content, List<String> changed) {
        if (DocFiles.writeIfChanged(dir.resolve(name), content.getBytes(StandardCharsets.UTF_8))) {
            changed.add(name);
        }
    }
}
