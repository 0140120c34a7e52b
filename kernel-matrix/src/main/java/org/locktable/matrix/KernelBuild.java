package org.locktable.matrix;

import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

import org.locktable.rig.Sandbox;
import org.locktable.rig.Shell;

/**
 * A small kernel built from Debian's source ({@link SourceTree}) with the {@link MinimalConfig} and the user's
 * patches ({@link KernelPatches}), cached under {@code kbuild/builds/KEY/vmlinuz-RELEASE} ({@link BuildKey}; RELEASE ends in {@code -lt-KEY8}). The unpatched tree is
 * built once ({@code kbuild/trees/BASEKEY}, objects kept); a patched build copies it (file times kept), patches the
 * copy and runs make again, so only what the patches touch is compiled. {@code nice make -j2 bzImage}; the build's
 * wall time goes into {@code build.txt}. The make process and the partial trees are in a {@link Sandbox}: a failure
 * or SIGTERM ends make and removes them.
 */
public final class KernelBuild {
    static final String JOBS = "-j2";
    /** The image is {@code vmlinuz-RELEASE}: reports and the initramfs cache name a kernel spec by its file name. */
    static final String IMAGE_PREFIX = "vmlinuz-";

    /**
     * A built kernel.
     *
     * @param image the {@code bzImage} as {@code vmlinuz-RELEASE}: what {@code --kernel PATH} takes
     * @param key its cache key
     * @param release its {@code uname -r}
     * @param seconds the wall time of the build that made it (the base tree's and this one's)
     * @param cached whether it came from the cache
     */
    public record Built(Path image, String key, String release, double seconds, boolean cached) {
    }

    private final KernelCache cache;
    private final PrintStream console;

    public KernelBuild(KernelCache cache, PrintStream console) {
        this.cache = cache;
        this.console = console;
    }

    /** Builds Debian's {@code series} with {@code patches} (in order), or takes it from the cache. */
    public Built build(String series, List<Path> patches) throws IOException {
        for (Path p : patches) {
            if (!Files.isRegularFile(p)) {
                throw new IllegalArgumentException("no patch file " + p);
            }
        }
        if (!KernelSpec.DEBIAN_SUITES.containsKey(series)) {
            throw new IllegalArgumentException("unknown Debian kernel source \"debian:" + series + "\": use "
                    + String.join(", ", KernelSpec.DEBIAN_SUITES.keySet().stream().map(k -> "debian:" + k).toList()));
        }
        BuildToolchain.check();
        MinimalConfig config = MinimalConfig.standard();
        SourceTree source = SourceTree.debian(series, cache, console);
        List<byte[]> bytes = new ArrayList<>();
        for (Path p : patches) {
            bytes.add(Files.readAllBytes(p));
        }
        String key = BuildKey.of(source.version(), config.text(), bytes);
        Path out = dir("builds").resolve(key);
        if (Files.isRegularFile(out.resolve("build.txt"))) {
            return recorded(out, key, true);
        }
        String failed = KernelPatches.check(source.tree(), patches);
        if (failed != null) {
            throw new KernelPatches.PatchFailedException(failed);
        }
        String baseKey = BuildKey.of(source.version(), config.text(), List.of());
        try (Sandbox sandbox = new Sandbox()) {
            Path base = baseTree(source, config, baseKey, sandbox);
            long t0 = System.nanoTime();
            Path tree = base;
            if (!patches.isEmpty()) {
                tree = dir("trees").resolve(".work-" + key);
                Path work = tree;
                sandbox.onTeardown("work tree " + work, () -> Shell.run(List.of("rm", "-rf", work.toString()), 600));
                console.println("kernel: copying the built tree for " + patches.size() + " patch(es)");
                check(Shell.run(List.of("cp", "-a", "--reflink=auto", base.toString(), work.toString()), 1800), "cp");
                KernelPatches.apply(work, patches);
                make(work, key, sandbox);
            }
            double seconds = (System.nanoTime() - t0) / 1e9;
            if (patches.isEmpty()) {
                seconds = Double.parseDouble(Files.readString(base.resolve(".locktable-build-seconds")).strip());
            }
            publish(tree, out, key, source, patches, seconds);
            return recorded(out, key, false);
        }
    }

    /** The built unpatched tree, built now if the cache has none. */
    private Path baseTree(SourceTree source, MinimalConfig config, String baseKey, Sandbox sandbox) throws IOException {
        Path base = dir("trees").resolve(baseKey);
        if (Files.isRegularFile(base.resolve(".locktable-build-seconds"))) {
            return base;
        }
        Path part = dir("trees").resolve(".part-" + baseKey);
        sandbox.onTeardown("partial tree " + part, () -> Shell.run(List.of("rm", "-rf", part.toString()), 600));
        Shell.run(List.of("rm", "-rf", part.toString()), 600);
        console.println("kernel: copying " + source.version() + " to build it");
        check(Shell.run(List.of("cp", "-a", "--reflink=auto", source.tree().toString(), part.toString()), 1800), "cp");
        long t0 = System.nanoTime();
        Path fragment = config.write(part.resolve(".locktable-minimal.config"));
        Shell.Result c = Shell.run(List.of("env", "KCONFIG_ALLCONFIG=" + fragment, "make", "-C", part.toString(), "-s",
                "allnoconfig"), 600);
        check(c, "make allnoconfig");
        List<String> lost = config.missing(Files.readString(part.resolve(".config"), StandardCharsets.UTF_8));
        if (!lost.isEmpty()) {
            throw new IOException("the minimal config lost " + String.join(", ", lost) + " in " + source.version()
                    + " (a dependency is not met)");
        }
        make(part, baseKey, sandbox);
        double seconds = (System.nanoTime() - t0) / 1e9;
        Files.writeString(part.resolve(".locktable-build-seconds"), String.format(Locale.ROOT, "%.1f%n", seconds));
        Files.move(part, base, StandardCopyOption.ATOMIC_MOVE);
        return base;
    }

    /** {@code nice make -j2 LOCALVERSION=-lt-KEY8 bzImage} in {@code tree}; its output in {@code kbuild/logs/KEY.log}. */
    private void make(Path tree, String key, Sandbox sandbox) throws IOException {
        Path log = dir("logs").resolve(key + ".log");
        List<String> cmd = List.of("nice", "make", JOBS, "LOCALVERSION=" + localVersion(key), "bzImage");
        console.println("kernel: " + String.join(" ", cmd) + " in " + tree + " (log: " + log + ")");
        long t0 = System.nanoTime();
        Process p = new ProcessBuilder(cmd).directory(tree.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile()).redirectInput(new File("/dev/null")).start();
        sandbox.onTeardown("make in " + tree, () -> stop(p));
        int status;
        try {
            status = p.waitFor();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
        if (status != 0) {
            throw new IOException("make bzImage failed with status " + status + ": " + firstError(log) + " (log: " + log + ")");
        }
        console.printf(Locale.ROOT, "kernel: make took %.1f s%n", (System.nanoTime() - t0) / 1e9);
    }

    /** make and every compiler it started. */
    private static void stop(Process p) {
        List<ProcessHandle> kids = p.descendants().toList();
        p.destroy();
        kids.forEach(ProcessHandle::destroy);
        try {
            if (!p.waitFor(10, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                kids.forEach(ProcessHandle::destroyForcibly);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    static String localVersion(String key) {
        return "-lt-" + key.substring(0, 8);
    }

    /** The first compiler or make error in a build log. */
    static String firstError(Path log) {
        try {
            for (String l : Files.readAllLines(log, StandardCharsets.ISO_8859_1)) {
                if (l.contains("error:") || l.contains("Error ") || l.startsWith("make: ***")) {
                    return l.strip();
                }
            }
        } catch (IOException e) {
            return "no log";
        }
        return Guest.tail(log);
    }

    private void publish(Path tree, Path out, String key, SourceTree source, List<Path> patches, double seconds)
            throws IOException {
        Path part = dir("builds").resolve(".part-" + key);
        Shell.run(List.of("rm", "-rf", part.toString()), 600);
        Files.createDirectories(part);
        String release = Files.readString(tree.resolve("include/config/kernel.release")).strip();
        Files.copy(tree.resolve("arch/x86/boot/bzImage"), part.resolve(IMAGE_PREFIX + release));
        Files.copy(tree.resolve(".config"), part.resolve("config"));
        StringBuilder b = new StringBuilder();
        b.append("source\t").append(source.version()).append('\n');
        b.append("release\t").append(release).append('\n');
        for (Path p : patches) {
            b.append("patch\t").append(p.getFileName()).append('\n');
        }
        b.append("make\tnice make ").append(JOBS).append(" bzImage\n");
        b.append("seconds\t").append(String.format(Locale.ROOT, "%.1f", seconds)).append('\n');
        Files.writeString(part.resolve("build.txt"), b.toString(), StandardCharsets.UTF_8);
        Files.move(part, out, StandardCopyOption.ATOMIC_MOVE);
        if (!tree.getFileName().toString().equals(key) && tree.getFileName().toString().startsWith(".work-")) {
            Shell.run(List.of("rm", "-rf", tree.toString()), 600);
        }
    }

    private Built recorded(Path out, String key, boolean cached) throws IOException {
        String release = "";
        double seconds = 0;
        for (String l : Files.readAllLines(out.resolve("build.txt"), StandardCharsets.UTF_8)) {
            String[] f = l.split("\t", 2);
            if (f[0].equals("release")) {
                release = f[1];
            } else if (f[0].equals("seconds")) {
                seconds = Double.parseDouble(f[1]);
            }
        }
        return new Built(out.resolve(IMAGE_PREFIX + release), key, release, seconds, cached);
    }

    private static void check(Shell.Result r, String what) throws IOException {
        if (!r.ok()) {
            throw new IOException(what + " failed: " + r.describe());
        }
    }

    private Path dir(String sub) throws IOException {
        return Files.createDirectories(cache.root().resolve("kbuild").resolve(sub));
    }
}
