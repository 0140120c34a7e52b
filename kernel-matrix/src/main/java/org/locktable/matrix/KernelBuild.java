package org.locktable.matrix;

import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;

import org.locktable.rig.Sandbox;
import org.locktable.rig.Shell;

/**
 * A small kernel built from Debian's source ({@link SourceTree}) with the {@link MinimalConfig} and the user's
 * patches ({@link KernelPatches}), cached under {@code kbuild/builds/KEY/vmlinuz-RELEASE} ({@link BuildKey}; RELEASE
 * ends in {@code -lt-KEY8}). The unpatched tree is built once ({@code kbuild/trees/BASEKEY}, objects kept); a patched
 * kernel is built in that tree: the patches applied, make run again (only what they touch is compiled), the image
 * published, the patches reversed (a copy of each is kept until then, so an interrupted build is undone by the next).
 * One build at a time per tree (a file lock). {@code nice make -j2 bzImage}; the build's wall time goes into
 * {@code build.txt}. The make process and a partial tree are in a {@link Sandbox}: a failure or SIGTERM ends make,
 * reverses the patches, and removes a tree whose first build did not finish.
 */
public final class KernelBuild {
    static final String JOBS = "-j2";
    /** The image is {@code vmlinuz-RELEASE}: reports and the initramfs cache name a kernel spec by its file name. */
    static final String IMAGE_PREFIX = "vmlinuz-";
    static final String SECONDS = ".locktable-build-seconds";
    static final String APPLIED = ".locktable-applied";

    /**
     * A built kernel.
     *
     * @param image the {@code bzImage} as {@code vmlinuz-RELEASE}: what {@code --kernel PATH} takes
     * @param key its cache key
     * @param release its {@code uname -r}
     * @param seconds the wall time of the build that made it (with the base tree's, when that was built with it)
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
        Path lockFile = dir("trees").resolve(baseKey + ".lock");
        try (FileChannel ch = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                FileLock lock = ch.lock();
                Sandbox sandbox = new Sandbox()) {
            long t0 = System.nanoTime();
            Path tree = baseTree(source, config, baseKey, sandbox);
            restore(tree);
            sandbox.onTeardown("patches in " + tree, () -> restore(tree));
            applyRecorded(tree, patches);
            make(tree, key, sandbox);
            double seconds = (System.nanoTime() - t0) / 1e9; // the base tree's build too when it was built now
            publish(tree, out, key, source, patches, seconds);
            restore(tree);
            return recorded(out, key, false);
        }
    }

    /**
     * The built unpatched tree, built now if the cache has none. It is built where it stays, and patched kernels are
     * built in it (patched, made, the patches reversed): the tree's tools (objtool) record absolute paths, and in a
     * copy or a moved tree make would rebuild them and then every object.
     */
    private Path baseTree(SourceTree source, MinimalConfig config, String baseKey, Sandbox sandbox) throws IOException {
        Path base = dir("trees").resolve(baseKey);
        if (Files.isRegularFile(base.resolve(SECONDS))) {
            return base;
        }
        AtomicBoolean built = new AtomicBoolean();
        sandbox.onTeardown("partial tree " + base, () -> {
            if (!built.get()) {
                Shell.run(List.of("rm", "-rf", base.toString()), 600);
            }
        });
        Shell.run(List.of("rm", "-rf", base.toString()), 600);
        console.println("kernel: copying " + source.version() + " to build it");
        check(Shell.run(List.of("cp", "-a", "--reflink=auto", source.tree().toString(), base.toString()), 1800), "cp");
        long t0 = System.nanoTime();
        Path fragment = config.write(base.resolve(".locktable-minimal.config"));
        Shell.Result c = Shell.run(List.of("env", "KCONFIG_ALLCONFIG=" + fragment, "make", "-C", base.toString(), "-s",
                "allnoconfig"), 600);
        check(c, "make allnoconfig");
        List<String> lost = config.missing(Files.readString(base.resolve(".config"), StandardCharsets.UTF_8));
        if (!lost.isEmpty()) {
            throw new IOException("the minimal config lost " + String.join(", ", lost) + " in " + source.version()
                    + " (a dependency is not met)");
        }
        make(base, baseKey, sandbox);
        double seconds = (System.nanoTime() - t0) / 1e9;
        Files.writeString(base.resolve(SECONDS), String.format(Locale.ROOT, "%.1f%n", seconds));
        built.set(true); // from here on the tree stays, whatever happens later
        return base;
    }

    /** Applies {@code patches} to the base tree, keeping a copy of each so that {@link #restore} can reverse them. */
    private static void applyRecorded(Path tree, List<Path> patches) throws IOException {
        Path applied = tree.resolve(APPLIED);
        Files.createDirectories(applied);
        for (int i = 0; i < patches.size(); i++) {
            KernelPatches.apply(tree, List.of(patches.get(i)));
            Files.copy(patches.get(i), applied.resolve(String.format(Locale.ROOT, "%03d.patch", i)));
        }
    }

    /** Reverses the patches a build (perhaps an interrupted one) left applied in the base tree, last first. */
    static void restore(Path tree) throws IOException {
        Path applied = tree.resolve(APPLIED);
        if (!Files.isDirectory(applied)) {
            return;
        }
        List<Path> done = new ArrayList<>();
        try (Stream<Path> s = Files.list(applied)) {
            s.sorted(Comparator.reverseOrder()).forEach(done::add);
        }
        for (Path p : done) {
            Shell.Result r = Shell.run(List.of("patch", "-p1", "-R", "--fuzz=0", "--batch", "--no-backup-if-mismatch",
                    "-r", "-", "-d", tree.toString(), "-i", p.toString()), 120);
            if (!r.ok()) {
                throw new IOException("cannot reverse " + p + " in " + tree + " (remove the tree to rebuild it): "
                        + r.describe());
            }
            Files.delete(p);
        }
        Files.delete(applied);
    }

    /** {@code nice make -j2 LOCALVERSION=-lt-KEY8 bzImage} in {@code tree}; its output in {@code kbuild/logs/KEY.log}. */
    private void make(Path tree, String key, Sandbox sandbox) throws IOException {
        Path log = dir("logs").resolve(key + ".log");
        List<String> cmd = List.of("nice", "make", JOBS, "LOCALVERSION=" + localVersion(key), "bzImage");
        console.println("kernel: " + String.join(" ", cmd) + " in " + tree + " (log: " + log + ")");
        long t0 = System.nanoTime();
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(tree.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile()).redirectInput(new File("/dev/null"));
        pb.environment().put("LC_ALL", "C"); // plain quotes in gcc's messages
        Process p = pb.start();
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
            for (String l : new String(Files.readAllBytes(log), StandardCharsets.UTF_8).split("\n")) {
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
