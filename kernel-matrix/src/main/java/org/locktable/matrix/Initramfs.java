package org.locktable.matrix;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.locktable.conformance.Ltprobe;
import org.locktable.rig.EnvironmentException;
import org.locktable.rig.NativeHelper;
import org.locktable.rig.Shell;

/**
 * The guest's initramfs: busybox (static), the native helper compiled statically from the conformance module's
 * source, this machine's mkfs.ext4, mkfs.xfs, xfs_io and losetup with their shared libraries and the dynamic loader
 * (copied at the paths {@code ldd} names), mke2fs.conf, the kernel's modules ({@link ModuleSet}) and
 * {@code init.sh}; for the race replay also its two programs, compiled here, with their libraries. Cached under the
 * {@link KernelCache} by a digest of everything that went in.
 */
public final class Initramfs {
    /** The host tools the guest runs, by full path under {@code /opt/lt} (busybox sh runs its applets first). */
    public static final List<String> TOOLS = List.of("mkfs.ext4", "mkfs.xfs", "xfs_io", "losetup");
    private static final Pattern LIB = Pattern.compile("(/\\S+) \\(0x");

    private Initramfs() {
    }

    /** The image for {@code kernel}, built unless the cache has it. */
    public static Path of(KernelImage kernel, KernelCache cache, PrintStream console) throws IOException {
        return of(kernel, cache, console, List.of());
    }

    /** The image for {@code kernel} with {@code extras} (binaries of this machine) in {@code /opt/lt} too. */
    public static Path of(KernelImage kernel, KernelCache cache, PrintStream console, List<Path> extras)
            throws IOException {
        List<ModuleSet.Module> modules = ModuleSet.resolve(kernel.modules());
        List<Path> tools = new ArrayList<>();
        for (String t : TOOLS) {
            String p = Shell.tool(t);
            if (p == null) {
                throw new EnvironmentException("no " + t + ": the guest runs this machine's (apt-get install "
                        + (t.startsWith("mkfs.ext4") ? "e2fsprogs" : t.equals("losetup") ? "mount" : "xfsprogs") + ")");
            }
            tools.add(Path.of(p));
        }
        String busybox = Shell.which("busybox");
        if (busybox == null) {
            throw new EnvironmentException("no busybox: the guest's shell is busybox (apt-get install busybox-static)");
        }
        for (String t : List.of("cpio", "gzip")) {
            if (Shell.which(t) == null) {
                throw new EnvironmentException("no " + t + ": the initramfs is a gzipped cpio archive (apt-get install " + t + ")");
            }
        }
        String init = resource("init.sh");
        String ltprobe = Ltprobe.source();
        String key = digest(kernel, modules, tools, Path.of(busybox), init, ltprobe, extras);
        Path out = cache.initramfs().resolve(kernel.release() + "-" + key + ".cpio.gz");
        if (Files.isRegularFile(out)) {
            return out;
        }
        console.println("kernel: building the initramfs for " + kernel.release());
        Path stage = Files.createTempDirectory(cache.initramfs(), ".stage-");
        try {
            List<Path> all = new ArrayList<>(tools);
            all.addAll(extras);
            build(stage, modules, all, Path.of(busybox), init, ltprobe);
            Path part = out.resolveSibling(out.getFileName() + ".part");
            Shell.Result r = Shell.run(List.of("bash", "-c", "cd '" + stage + "' && find . | LC_ALL=C sort | "
                    + "cpio -o -H newc -R 0:0 --quiet | gzip -1 > '" + part + "'"), 300);
            if (!r.ok()) {
                throw new EnvironmentException("cannot pack the initramfs: " + r.describe());
            }
            Files.move(part, out, StandardCopyOption.ATOMIC_MOVE);
            return out;
        } finally {
            Shell.run(List.of("rm", "-rf", stage.toString()));
        }
    }

    private static void build(Path stage, List<ModuleSet.Module> modules, List<Path> tools, Path busybox, String init,
            String ltprobe) throws IOException {
        for (String d : List.of("bin", "opt/lt", "lib/modules", "etc", "proc", "sys", "dev", "tmp", "t")) {
            Files.createDirectories(stage.resolve(d));
        }
        Files.copy(busybox, stage.resolve("bin/busybox"));
        Path initFile = stage.resolve("init");
        Files.writeString(initFile, init, StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(initFile, PosixFilePermissions.fromString("rwxr-xr-x"));
        compileStatic(stage, ltprobe);
        Set<String> libs = new LinkedHashSet<>();
        libs.addAll(libraries(busybox));
        for (Path t : tools) {
            Files.copy(t, stage.resolve("opt/lt/" + t.getFileName()));
            libs.addAll(libraries(t));
        }
        for (String lib : libs) {
            Path dest = stage.resolve(lib.substring(1));
            Files.createDirectories(dest.getParent());
            Files.copy(Path.of(lib), dest, StandardCopyOption.REPLACE_EXISTING);
        }
        Path conf = Path.of("/etc/mke2fs.conf");
        if (Files.isRegularFile(conf)) {
            Files.copy(conf, stage.resolve("etc/mke2fs.conf"));
        }
        StringBuilder order = new StringBuilder();
        for (ModuleSet.Module m : modules) {
            Files.write(stage.resolve("lib/modules/" + m.name() + ".ko"), Decompress.bytes(m.file()));
            order.append(m.name()).append('\n');
        }
        Files.writeString(stage.resolve("modules.order"), order.toString(), StandardCharsets.US_ASCII);
    }

    /** The helper built with {@code -static}: the guest needs no C library for it. */
    private static void compileStatic(Path stage, String source) throws IOException {
        String cc = NativeHelper.compiler();
        if (cc == null) {
            throw new EnvironmentException("no C compiler: the guest's helper is compiled here (apt-get install gcc)");
        }
        Path src = stage.resolve("ltprobe.c");
        Files.writeString(src, source, StandardCharsets.UTF_8);
        Shell.Result r = Shell.run(List.of(cc, "-O2", "-Wall", "-static", "-o", stage.resolve("opt/lt/ltprobe").toString(),
                src.toString()));
        Files.delete(src);
        if (!r.ok()) {
            throw new EnvironmentException("cannot compile the static helper with " + cc + " (libc6-dev has libc.a): "
                    + r.describe());
        }
    }

    /** The shared libraries and the loader {@code ldd} lists for {@code binary} (none for a static one). */
    static List<String> libraries(Path binary) throws IOException {
        Shell.Result r = Shell.run(List.of("ldd", binary.toString()));
        List<String> out = new ArrayList<>();
        if (!r.ok()) {
            return out; // "not a dynamic executable"
        }
        for (String line : r.out().split("\n")) {
            Matcher m = LIB.matcher(line);
            if (m.find()) {
                out.add(m.group(1));
            }
        }
        return out;
    }

    private static String digest(KernelImage kernel, List<ModuleSet.Module> modules, List<Path> tools, Path busybox,
            String init, String ltprobe, List<Path> extras) throws IOException {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            StringBuilder s = new StringBuilder(kernel.release()).append('\n').append(init).append(ltprobe);
            for (ModuleSet.Module m : modules) {
                s.append(m.name()).append(' ').append(Files.size(m.file())).append('\n');
            }
            List<Path> files = new ArrayList<>(tools);
            files.add(busybox);
            files.add(Path.of("/etc/mke2fs.conf"));
            for (Path t : files) {
                if (Files.exists(t)) {
                    s.append(t).append(' ').append(Files.size(t)).append(' ').append(Files.getLastModifiedTime(t)).append('\n');
                }
            }
            for (Path e : extras) {
                s.append(e.getFileName()).append(' ')
                        .append(HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(e))))
                        .append('\n');
            }
            return HexFormat.of().formatHex(md.digest(s.toString().getBytes(StandardCharsets.UTF_8))).substring(0, 12);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    static String resource(String name) throws IOException {
        try (InputStream s = Initramfs.class.getResourceAsStream(name)) {
            if (s == null) {
                throw new IOException(name + " is missing from the class path");
            }
            return new String(s.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
