package org.locktable.matrix;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Optional;

import org.locktable.rig.EnvironmentException;
import org.locktable.rig.Shell;

/**
 * Debian's {@code linux-source-SERIES}, fetched with apt from the suite that ships the series ({@link DebianKernels})
 * and unpacked once into the cache: the package holds {@code usr/src/linux-source-SERIES.tar.xz}, unpacked to
 * {@code kbuild/src/PACKAGE_VERSION/linux-source-SERIES}. Never built in: builds copy it.
 *
 * @param version the package's file name without {@code _all.deb} ({@code linux-source-6.12_6.12.117-1})
 * @param tree the pristine source tree
 */
public record SourceTree(String version, Path tree) {

    /** The source of Debian's {@code series} ({@code 6.12}), fetched and unpacked unless the cache has it. */
    public static SourceTree debian(String series, KernelCache cache, PrintStream console) throws IOException {
        String suite = KernelSpec.DEBIAN_SUITES.get(series);
        if (suite == null) {
            throw new IllegalArgumentException("unknown Debian kernel source \"debian:" + series + "\": use "
                    + String.join(", ", KernelSpec.DEBIAN_SUITES.keySet().stream().map(k -> "debian:" + k).toList()));
        }
        String pkg = "linux-source-" + series;
        Path deb = new DebianKernels(cache, console).fetch(suite, pkg);
        String version = deb.getFileName().toString().replaceFirst("_[^_]+\\.deb$", "");
        Path dir = Files.createDirectories(cache.root().resolve("kbuild/src")).resolve(version);
        Path tree = dir.resolve(pkg);
        if (Files.isRegularFile(tree.resolve("Makefile"))) {
            return new SourceTree(version, tree);
        }
        console.println("kernel: unpacking " + deb.getFileName());
        Path part = Files.createTempDirectory(dir.getParent(), ".unpack-");
        try {
            Shell.Result x = Shell.run(List.of("dpkg-deb", "-x", deb.toString(), part.resolve("deb").toString()), 600);
            Path tar = part.resolve("deb/usr/src/" + pkg + ".tar.xz");
            if (!x.ok() || !Files.isRegularFile(tar)) {
                throw new EnvironmentException("cannot unpack " + deb.getFileName() + ": " + (x.ok()
                        ? "no usr/src/" + pkg + ".tar.xz in it" : x.describe()));
            }
            Shell.Result t = Shell.run(List.of("tar", "-xJf", tar.toString(), "-C", part.toString()), 1800);
            if (!t.ok() || !Files.isRegularFile(part.resolve(pkg + "/Makefile"))) {
                throw new EnvironmentException("cannot unpack " + tar.getFileName() + ": " + t.describe());
            }
            Files.createDirectories(dir);
            Files.move(part.resolve(pkg), tree, StandardCopyOption.ATOMIC_MOVE);
            return new SourceTree(version, tree);
        } finally {
            Shell.run(List.of("rm", "-rf", part.toString()));
        }
    }

    /** The cached source of {@code series}, if unpacked already (no network): for the patch checks of the tests. */
    public static Optional<Path> cached(String series, KernelCache cache) throws IOException {
        Path src = cache.root().resolve("kbuild/src");
        if (!Files.isDirectory(src)) {
            return Optional.empty();
        }
        try (DirectoryStream<Path> s = Files.newDirectoryStream(src, "linux-source-" + series + "_*")) {
            for (Path d : s) {
                Path t = d.resolve("linux-source-" + series);
                if (Files.isRegularFile(t.resolve("Makefile"))) {
                    return Optional.of(t);
                }
            }
        }
        return Optional.empty();
    }
}
