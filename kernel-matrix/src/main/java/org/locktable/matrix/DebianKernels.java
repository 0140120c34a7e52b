package org.locktable.matrix;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.locktable.rig.EnvironmentException;
import org.locktable.rig.Shell;

/**
 * Debian's generic kernels, fetched with apt: a private sources list naming only the suite, on the Debian mirror
 * this machine's apt already uses (read from {@code /etc/apt/sources.list*} at run time), its lists and archives
 * under the {@link KernelCache}; {@code linux-image-amd64}'s dependency names the kernel package, which
 * {@code apt-get download} fetches. A package already in the cache is used without the network.
 */
public final class DebianKernels {
    static final Path SOURCES = Path.of("/etc/apt");
    static final String KEYRING = "/usr/share/keyrings/debian-archive-keyring.gpg";
    private static final Pattern DEPENDS = Pattern.compile("Depends: (linux-image-[^\\s]+-amd64)\\b");
    private static final Pattern LIST_LINE = Pattern.compile("^deb\\s+(?:\\[[^]]*]\\s+)?(\\S+)\\s+(\\S+)");

    private final KernelCache cache;
    private final PrintStream console;

    public DebianKernels(KernelCache cache, PrintStream console) {
        this.cache = cache;
        this.console = console;
    }

    /** The kernel package of {@code suite}'s {@code linux-image-amd64}, downloaded into the cache if not there. */
    public Path fetch(String suite) throws IOException {
        Path apt = lists(suite);
        return download(apt, packageName(apt, suite));
    }

    /** The package {@code pkg} of {@code suite} (e.g. {@code linux-source-6.12}), downloaded into the cache if not there. */
    public Path fetch(String suite, String pkg) throws IOException {
        Optional<Path> have = cached(cache.debs(), pkg);
        return have.isPresent() ? have.get() : download(lists(suite), pkg);
    }

    /** apt's private directory for {@code suite}, its package lists fetched if not there yet. */
    private Path lists(String suite) throws IOException {
        if (Shell.which("apt-get") == null || Shell.which("apt-cache") == null) {
            throw new EnvironmentException("no apt-get: Debian kernels are fetched with apt (give a linux-image .deb "
                    + "or VMLINUZ[,MODULES_DIR] instead)");
        }
        Path apt = cache.apt(suite);
        Path lists = apt.resolve("state/lists");
        Files.createDirectories(lists.resolve("partial"));
        Files.createDirectories(apt.resolve("cache/archives/partial"));
        Path sources = apt.resolve("sources.list");
        if (!Files.exists(sources)) {
            Files.writeString(sources, "deb [signed-by=" + KEYRING + "] " + mirror() + " " + suite + " main\n",
                    StandardCharsets.UTF_8);
        }
        boolean listed = hasLists(lists);
        if (!listed) {
            console.println("kernel: apt-get update for " + suite);
            Shell.Result u = Shell.run(apt("apt-get", apt, "-q", "update"), 600);
            if (!u.ok() || !hasLists(lists)) {
                throw new EnvironmentException("apt-get update for " + suite + " failed: " + u.describe());
            }
        }
        return apt;
    }

    private Path download(Path apt, String pkg) throws IOException {
        Path debs = cache.debs();
        Optional<Path> have = cached(debs, pkg);
        if (have.isPresent()) {
            return have.get();
        }
        console.println("kernel: apt-get download " + pkg);
        Path part = Files.createTempDirectory(debs, ".download-");
        try {
            Shell.Result d = Shell.run(List.of("bash", "-c", "cd '" + part + "' && exec "
                    + String.join(" ", apt("apt-get", apt, "-q", "download", pkg))), 1800);
            Optional<Path> got = cached(part, pkg);
            if (!d.ok() || got.isEmpty()) {
                throw new EnvironmentException("apt-get download " + pkg + " failed: " + d.describe());
            }
            Path dest = debs.resolve(got.get().getFileName());
            Files.move(got.get(), dest);
            return dest;
        } finally {
            Shell.run(List.of("rm", "-rf", part.toString()));
        }
    }

    private String packageName(Path apt, String suite) throws IOException {
        Shell.Result r = Shell.run(apt("apt-cache", apt, "depends", "linux-image-amd64"));
        Matcher m = DEPENDS.matcher(r.out());
        if (!r.ok() || !m.find()) {
            throw new EnvironmentException("apt cannot resolve linux-image-amd64 in " + suite + ": " + r.describe());
        }
        return m.group(1);
    }

    private static Optional<Path> cached(Path dir, String pkg) throws IOException {
        try (DirectoryStream<Path> s = Files.newDirectoryStream(dir, pkg + "_*.deb")) {
            for (Path p : s) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }

    private static boolean hasLists(Path lists) throws IOException {
        try (DirectoryStream<Path> s = Files.newDirectoryStream(lists, "*_Packages*")) {
            return s.iterator().hasNext();
        }
    }

    /** apt with its state, cache and sources list under {@code dir}; nothing of the machine's apt is changed. */
    static List<String> apt(String tool, Path dir, String... args) {
        List<String> c = new ArrayList<>(List.of(tool,
                "-o", "Dir::Etc::SourceList=" + dir.resolve("sources.list"),
                "-o", "Dir::Etc::SourceParts=" + dir.resolve("sources.list.d"),
                "-o", "Dir::State=" + dir.resolve("state"),
                "-o", "Dir::Cache=" + dir.resolve("cache"),
                "-o", "Debug::NoLocking=1",
                "-o", "APT::Sandbox::User=root"));
        c.addAll(List.of(args));
        return c;
    }

    /** The Debian mirror this machine's apt uses: the first non-security {@code deb} source. */
    static String mirror() throws IOException {
        List<Path> files = new ArrayList<>();
        if (Files.isRegularFile(SOURCES.resolve("sources.list"))) {
            files.add(SOURCES.resolve("sources.list"));
        }
        Path d = SOURCES.resolve("sources.list.d");
        if (Files.isDirectory(d)) {
            try (DirectoryStream<Path> s = Files.newDirectoryStream(d)) {
                List<Path> more = new ArrayList<>();
                s.forEach(more::add);
                more.sort(null);
                files.addAll(more);
            }
        }
        for (Path f : files) {
            String name = f.getFileName().toString();
            if (!name.endsWith(".list") && !name.endsWith(".sources")) {
                continue;
            }
            Optional<String> m = mirrorIn(Files.readString(f, StandardCharsets.UTF_8), name.endsWith(".sources"));
            if (m.isPresent()) {
                return m.get();
            }
        }
        throw new EnvironmentException("no Debian mirror in /etc/apt/sources.list*: Debian kernels are fetched from "
                + "the mirror this machine's apt uses (give a linux-image .deb instead)");
    }

    /** The mirror in one sources file ({@code deb822} when {@code deb822}): a {@code deb} entry of a Debian suite. */
    static Optional<String> mirrorIn(String text, boolean deb822) {
        if (!deb822) {
            for (String line : text.split("\n")) {
                Matcher m = LIST_LINE.matcher(line.trim());
                if (m.find() && debianSuite(m.group(2))) {
                    return Optional.of(m.group(1));
                }
            }
            return Optional.empty();
        }
        for (String stanza : text.split("\n\\s*\n")) {
            String types = field(stanza, "Types");
            String uris = field(stanza, "URIs");
            String suites = field(stanza, "Suites");
            if (types == null || uris == null || suites == null || !List.of(types.split("\\s+")).contains("deb")) {
                continue;
            }
            for (String s : suites.split("\\s+")) {
                if (debianSuite(s)) {
                    return Optional.of(uris.split("\\s+")[0]);
                }
            }
        }
        return Optional.empty();
    }

    private static boolean debianSuite(String suite) {
        return suite.matches("(bullseye|bookworm|trixie|forky|sid|oldstable|stable|testing|unstable)(-updates)?");
    }

    private static String field(String stanza, String name) {
        for (String line : stanza.split("\n")) {
            if (line.startsWith(name + ":")) {
                return line.substring(name.length() + 1).trim();
            }
        }
        return null;
    }
}
