package org.locktable.docs;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.JarURLConnection;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * A SHA-256 over what a document is made from: the classes and resources under package prefixes wherever the class
 * path holds them (the shaded jar, or a module's {@code target/classes} in the tests), and files or directories.
 * Names go into the digest with the bytes, sorted, so a rename or a deleted file counts as a change.
 */
final class Fingerprint {
    /** Each package prefix's digest, once per run. */
    private static final Map<String, byte[]> CODE = new ConcurrentHashMap<>();

    private final MessageDigest digest;

    Fingerprint() {
        try {
            digest = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }

    Fingerprint text(String s) {
        entry("text", s.getBytes(StandardCharsets.UTF_8));
        return this;
    }

    /**
     * Every class and resource under {@code prefix} ({@code org/locktable/timing/}) on the class path: their digest,
     * taken once per run (the class path does not change under a running JVM, and several sections share a prefix).
     */
    Fingerprint code(String prefix) {
        entry("code " + prefix, CODE.computeIfAbsent(prefix, Fingerprint::codeDigest));
        return this;
    }

    private static byte[] codeDigest(String prefix) {
        Fingerprint f = new Fingerprint();
        try {
            List<URL> roots = Collections.list(Fingerprint.class.getClassLoader().getResources(prefix));
            roots.sort((a, b) -> a.toString().compareTo(b.toString()));
            if (roots.isEmpty()) {
                throw new IllegalStateException(prefix + " is not on the class path");
            }
            for (URL root : roots) {
                TreeMap<String, byte[]> entries = root.getProtocol().equals("jar") ? jarEntries(root, prefix)
                        : tree(Path.of(root.toURI()), prefix);
                entries.forEach(f::entry);
            }
            return f.digest.digest();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + prefix + " on the class path", e);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A file's or a directory tree's names and bytes; a missing one counts as absent. */
    Fingerprint path(Path base, String relative) {
        Path p = base.resolve(relative);
        try {
            if (Files.isDirectory(p)) {
                tree(p, relative.endsWith("/") ? relative : relative + "/").forEach(this::entry);
            } else if (Files.isRegularFile(p)) {
                entry(relative, Files.readAllBytes(p));
            } else {
                entry(relative, null);
            }
            return this;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + p, e);
        }
    }

    String hex() {
        return HexFormat.of().formatHex(digest.digest());
    }

    private void entry(String name, byte[] bytes) {
        byte[] n = name.getBytes(StandardCharsets.UTF_8);
        digest.update(n);
        digest.update((byte) 0);
        if (bytes == null) {
            digest.update((byte) 1);
            return;
        }
        digest.update(Long.toString(bytes.length).getBytes(StandardCharsets.US_ASCII));
        digest.update((byte) 0);
        digest.update(bytes);
    }

    private static TreeMap<String, byte[]> jarEntries(URL root, String prefix) throws IOException {
        TreeMap<String, byte[]> entries = new TreeMap<>();
        JarURLConnection connection = (JarURLConnection) root.openConnection();
        connection.setUseCaches(false);
        try (JarFile jar = new JarFile(connection.getJarFileURL().getFile())) {
            for (JarEntry e : Collections.list(jar.entries())) {
                if (!e.isDirectory() && e.getName().startsWith(prefix)) {
                    try (InputStream in = jar.getInputStream(e)) {
                        entries.put(e.getName(), in.readAllBytes());
                    }
                }
            }
        }
        return entries;
    }

    private static TreeMap<String, byte[]> tree(Path dir, String prefix) throws IOException {
        TreeMap<String, byte[]> entries = new TreeMap<>();
        List<Path> files = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(dir)) {
            walk.filter(Files::isRegularFile).forEach(files::add);
        }
        for (Path f : files) {
            entries.put(prefix + dir.relativize(f).toString().replace('\\', '/'), Files.readAllBytes(f));
        }
        return entries;
    }
}
