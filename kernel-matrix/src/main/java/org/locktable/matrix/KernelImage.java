package org.locktable.matrix;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

import org.locktable.rig.EnvironmentException;
import org.locktable.rig.Shell;

/**
 * A kernel ready to boot: its image, its modules directory ({@code lib/modules/RELEASE}, or null when everything
 * is built in) and its release as the package names it.
 */
public record KernelImage(KernelSpec spec, Path vmlinuz, Path modules, String release) {

    /** Fetches (Debian) or takes the kernel of {@code spec}, unpacking a package into the cache once. */
    public static KernelImage of(KernelSpec spec, KernelCache cache, PrintStream console) throws IOException {
        return switch (spec.kind()) {
            case DEBIAN -> unpack(spec, new DebianKernels(cache, console).fetch(spec.suite()), cache, console);
            case DEB -> unpack(spec, spec.file(), cache, console);
            case IMAGE -> new KernelImage(spec, spec.file(), spec.modules(),
                    spec.modules() != null ? spec.modules().getFileName().toString() : spec.file().getFileName().toString());
        };
    }

    static KernelImage unpack(KernelSpec spec, Path deb, KernelCache cache, PrintStream console) throws IOException {
        String name = deb.getFileName().toString().replaceFirst("\\.deb$", "");
        Path dir = cache.kernels().resolve(name);
        if (!Files.isDirectory(dir)) {
            if (Shell.which("dpkg-deb") == null) {
                throw new EnvironmentException("no dpkg-deb: a kernel package is unpacked with dpkg-deb (apt-get install dpkg)");
            }
            console.println("kernel: unpacking " + deb.getFileName());
            Path part = Files.createTempDirectory(cache.kernels(), ".unpack-");
            Shell.Result r = Shell.run(List.of("dpkg-deb", "-x", deb.toString(), part.toString()), 600);
            if (!r.ok()) {
                Shell.run(List.of("rm", "-rf", part.toString()));
                throw new EnvironmentException("dpkg-deb -x " + deb + " failed: " + r.describe());
            }
            Files.move(part, dir, StandardCopyOption.ATOMIC_MOVE);
        }
        Path vmlinuz = only(dir.resolve("boot"), "vmlinuz-*", deb);
        Path modules = null;
        for (String base : List.of("lib/modules", "usr/lib/modules")) {
            Path m = dir.resolve(base);
            if (Files.isDirectory(m)) {
                modules = only(m, "*", deb);
                break;
            }
        }
        String release = modules != null ? modules.getFileName().toString()
                : vmlinuz.getFileName().toString().substring("vmlinuz-".length());
        return new KernelImage(spec, vmlinuz, modules, release);
    }

    private static Path only(Path dir, String glob, Path deb) throws IOException {
        if (Files.isDirectory(dir)) {
            try (DirectoryStream<Path> s = Files.newDirectoryStream(dir, glob)) {
                for (Path p : s) {
                    return p;
                }
            }
        }
        throw new EnvironmentException(deb.getFileName() + " has no " + dir.getFileName() + "/" + glob
                + ": not a kernel image package");
    }
}
