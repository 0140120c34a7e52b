package org.locktable.matrix;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import org.locktable.rig.EnvironmentException;

/**
 * The kernel modules the probe needs in the guest — loop, ext4, xfs, fuse (the race replay's reordering device)
 * and a crc32c implementation (XFS asks the
 * crypto API for it by name, so no module lists it as a dependency) — with everything they depend on, in load
 * order. The packages ship no {@code modules.dep}: each module's {@code depends=} is read from its own
 * {@code .modinfo}. Compressed modules ({@code .ko.xz}, {@code .ko.zst}) are decompressed on the host, as
 * busybox {@code insmod} cannot. A wanted module that is not there is taken to be built in.
 */
public final class ModuleSet {
    public static final List<String> WANTED = List.of("crc32c_generic", "loop", "ext4", "xfs", "fuse");

    /** A module: its name and its file in the modules tree. */
    public record Module(String name, Path file) {
    }

    private ModuleSet() {
    }

    /** The modules to load from {@code modulesDir} (null: none), dependencies first. */
    public static List<Module> resolve(Path modulesDir) throws IOException {
        if (modulesDir == null) {
            return List.of();
        }
        Map<String, Path> index = new TreeMap<>();
        try (Stream<Path> s = Files.walk(modulesDir)) {
            s.filter(p -> name(p) != null).forEach(p -> index.putIfAbsent(name(p), p));
        }
        Map<String, Module> order = new LinkedHashMap<>();
        for (String w : WANTED) {
            visit(w, index, order, new ArrayList<>());
        }
        return List.copyOf(order.values());
    }

    private static void visit(String name, Map<String, Path> index, Map<String, Module> order, List<String> path)
            throws IOException {
        if (order.containsKey(name) || !index.containsKey(name)) {
            return;
        }
        if (path.contains(name)) {
            throw new EnvironmentException("module dependency cycle: " + path + " -> " + name);
        }
        path.add(name);
        Path file = index.get(name);
        for (String dep : depends(Decompress.bytes(file))) {
            visit(dep.replace('-', '_'), index, order, path);
        }
        path.remove(path.size() - 1);
        order.put(name, new Module(name, file));
    }

    /** The module name of a file ({@code crc32c-intel.ko.xz} is {@code crc32c_intel}), or null for another file. */
    static String name(Path p) {
        String f = p.getFileName().toString();
        for (String ext : List.of(".ko", ".ko.xz", ".ko.zst", ".ko.gz")) {
            if (f.endsWith(ext)) {
                return f.substring(0, f.length() - ext.length()).replace('-', '_');
            }
        }
        return null;
    }

    /** The {@code depends=} field of a module's {@code .modinfo} (NUL-separated {@code key=value} strings). */
    static List<String> depends(byte[] module) {
        byte[] key = "depends=".getBytes(StandardCharsets.US_ASCII);
        outer:
        for (int i = 0; i + key.length <= module.length; i++) {
            if (i > 0 && module[i - 1] != 0) {
                continue;
            }
            for (int j = 0; j < key.length; j++) {
                if (module[i + j] != key[j]) {
                    continue outer;
                }
            }
            int end = i + key.length;
            while (end < module.length && module[end] != 0) {
                end++;
            }
            String v = new String(module, i + key.length, end - i - key.length, StandardCharsets.US_ASCII);
            List<String> out = new ArrayList<>();
            for (String d : v.split(",")) {
                if (!d.isBlank()) {
                    out.add(d.trim());
                }
            }
            return out;
        }
        return List.of();
    }
}
