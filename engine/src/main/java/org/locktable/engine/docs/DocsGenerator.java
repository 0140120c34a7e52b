package org.locktable.engine.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.function.Supplier;

import org.locktable.engine.catalog.PolicyCatalog;
import org.locktable.engine.policy.Policy;
import org.locktable.engine.policy.PolicyInfo;
import org.locktable.engine.scenario.ScenarioPages;
import org.locktable.engine.space.CaseSpace;
import org.locktable.engine.table.DecisionTable;
import org.locktable.engine.table.PolicyDiff;
import org.locktable.engine.text.MarkdownTable;

/**
 * The engine's part of {@code generated-docs/}: a minimised decision table per policy, the policy diffs the
 * seeds are about, and an index. Pure function of the built-in policies (a user's on the class path are not
 * published): byte-identical on every run.
 */
public final class DocsGenerator {
    private DocsGenerator() {
    }

    /**
     * The diffs published, {@code {before, after}}: each seed's before → after and the LTS kernels' ext4 → mainline,
     * as the built-ins declare them ({@code @PolicyMetadata(diffFrom = ...)} on the "after"), in catalog order.
     */
    public static List<String[]> diffs() {
        List<String[]> diffs = new ArrayList<>();
        for (Policy p : PolicyCatalog.builtIns()) {
            for (String before : p.info().diffFrom()) {
                diffs.add(new String[] {before, p.id()});
            }
        }
        return diffs;
    }

    /** Relative path → content, sorted by path. Documents are built in parallel. */
    public static SortedMap<String, String> generate() {
        Map<String, Supplier<String>> jobs = new TreeMap<>();
        for (Policy p : PolicyCatalog.builtIns()) {
            jobs.put(tablePath(p.id()), () -> DecisionTable.build(p, CaseSpace.standard(p.info().path())).toMarkdown());
        }
        for (String[] d : diffs()) {
            Policy a = PolicyCatalog.builtIn(d[0]);
            Policy b = PolicyCatalog.builtIn(d[1]);
            jobs.put(diffPath(d[0], d[1]), () -> diff(a, b));
        }
        SortedMap<String, String> docs = new ConcurrentSkipListMap<>();
        jobs.entrySet().parallelStream().forEach(e -> docs.put(e.getKey(), e.getValue().get()));
        docs.put("engine.md", index());
        return new TreeMap<>(docs);
    }

    /**
     * Writes every document under {@code dir} and deletes the files under {@code tables/} and {@code diffs/}
     * that are no longer generated; returns the paths it wrote or deleted.
     */
    public static List<String> writeTo(Path dir) {
        List<String> changed = new ArrayList<>();
        SortedMap<String, String> docs = generate();
        for (String sub : List.of("tables", "diffs")) {
            Path d = dir.resolve(sub);
            if (!Files.isDirectory(d)) {
                continue;
            }
            try (java.util.stream.Stream<Path> files = Files.list(d)) {
                for (Path f : (Iterable<Path>) files.sorted()::iterator) {
                    String rel = sub + "/" + f.getFileName();
                    if (!docs.containsKey(rel)) {
                        Files.delete(f);
                        changed.add(rel + " (deleted)");
                    }
                }
            } catch (IOException ex) {
                throw new UncheckedIOException("cannot clean " + d, ex);
            }
        }
        for (Map.Entry<String, String> e : docs.entrySet()) {
            Path file = dir.resolve(e.getKey());
            byte[] bytes = e.getValue().getBytes(StandardCharsets.UTF_8);
            try {
                if (Files.exists(file) && java.util.Arrays.equals(Files.readAllBytes(file), bytes)) {
                    continue;
                }
                Files.createDirectories(file.getParent());
                Files.write(file, bytes);
            } catch (IOException ex) {
                throw new UncheckedIOException("cannot write " + file, ex);
            }
            changed.add(e.getKey());
        }
        return changed;
    }

    private static String diff(Policy a, Policy b) {
        try {
            return PolicyDiff.between(a, b, CaseSpace.standard(a.info().path())).toMarkdown();
        } catch (org.locktable.engine.model.InvalidInputException e) {
            throw new IllegalStateException("a diffFrom names a policy of another kind: " + e.getMessage(), e);
        }
    }

    /**
     * Mirrors the scenario pages (and their charts) the annotation processor wrote into {@code dir/scenarios/}: copies
     * new and changed pages, deletes pages no longer generated. {@code source} is the processor's one page bundle
     * ({@link ScenarioPages#RESOURCE} of the scenario module's test classes), or a directory of pages. Returns the
     * paths written or deleted, relative to {@code dir}.
     */
    public static List<String> mirrorScenarioPages(Path source, Path dir) {
        List<String> changed = new ArrayList<>();
        Path target = dir.resolve("scenarios");
        try {
            SortedMap<String, byte[]> pages = readPages(source);
            if (Files.isDirectory(target)) {
                try (java.util.stream.Stream<Path> files = Files.walk(target)) {
                    for (Path f : (Iterable<Path>) files.filter(Files::isRegularFile).sorted()::iterator) {
                        String rel = target.relativize(f).toString().replace('\\', '/');
                        if (!pages.containsKey(rel)) {
                            Files.delete(f);
                            changed.add("scenarios/" + rel + " (deleted)");
                        }
                    }
                }
            }
            for (Map.Entry<String, byte[]> e : pages.entrySet()) {
                Path f = target.resolve(e.getKey());
                if (Files.exists(f) && java.util.Arrays.equals(Files.readAllBytes(f), e.getValue())) {
                    continue;
                }
                Files.createDirectories(f.getParent());
                Files.write(f, e.getValue());
                changed.add("scenarios/" + e.getKey());
            }
        } catch (IOException ex) {
            throw new UncheckedIOException("cannot mirror scenario pages from " + source + " to " + target, ex);
        }
        return changed;
    }

    /** The pages of a bundle file, or of a directory of pages, by path relative to it. */
    private static SortedMap<String, byte[]> readPages(Path source) throws IOException {
        if (Files.isRegularFile(source)) {
            try {
                return ScenarioPages.parse(Files.readAllBytes(source));
            } catch (IllegalArgumentException e) {
                throw new IOException(source + ": " + e.getMessage(), e);
            }
        }
        SortedMap<String, byte[]> pages = new TreeMap<>();
        try (java.util.stream.Stream<Path> files = Files.walk(source)) {
            for (Path f : (Iterable<Path>) files.filter(Files::isRegularFile).sorted()::iterator) {
                pages.put(source.relativize(f).toString().replace('\\', '/'), Files.readAllBytes(f));
            }
        }
        return pages;
    }

    static String tablePath(String id) {
        return "tables/" + id + ".md";
    }

    static String diffPath(String a, String b) {
        return "diffs/" + a + "--" + b + ".md";
    }

    private static String index() {
        StringBuilder md = new StringBuilder("# locktable engine: decision tables and policy diffs\n\n");
        md.append("Generated by `bin/locktable docs` from the bundled policies; do not edit by hand.\n\n");
        md.append("Each table covers the space: ").append(CaseSpace.standard(PolicyInfo.WritePath.DIRECT).describe())
                .append(" (buffered and write-through policies: the same space with those writes).\n\n");
        MarkdownTable table = new MarkdownTable().left("policy", "file system", "writes", "kernel", "status", "seed", "table");
        for (Policy p : PolicyCatalog.builtIns()) {
            PolicyInfo i = p.info();
            table.row(i.id(), i.fileSystem(), i.path().name().toLowerCase(java.util.Locale.ROOT).replace('_', ' '),
                    i.kernel(), i.status().label(), i.seed().isEmpty() ? "none" : "`" + i.seed() + "`", "[table](" + tablePath(i.id()) + ")");
        }
        md.append(table.render());
        md.append("\n## Diffs\n\n");
        for (String[] d : diffs()) {
            md.append("- [").append(d[0]).append(" → ").append(d[1]).append("](").append(diffPath(d[0], d[1])).append(")\n");
        }
        return md.toString();
    }
}
