package org.locktable.matrix;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The guest kernel's configuration: {@code make allnoconfig} with the fragment {@code kbuild/minimal.config} forced
 * through {@code KCONFIG_ALLCONFIG}, everything built in (64-bit, the 8250 console and the serial channels, the
 * initramfs, devtmpfs and tmpfs, loop, ext4, XFS, FUSE, virtio, AIO and io_uring: what {@code init.sh}, the helper
 * and the race replay use). Kconfig drops a forced option whose dependencies are not met without a word, so
 * {@link #missing} checks the result.
 */
public final class MinimalConfig {
    static final String RESOURCE = "kbuild/minimal.config";

    private final String text;

    private MinimalConfig(String text) {
        this.text = text;
    }

    public static MinimalConfig standard() {
        try (InputStream in = MinimalConfig.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + RESOURCE);
            }
            return new MinimalConfig(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + RESOURCE, e);
        }
    }

    static MinimalConfig of(String text) {
        return new MinimalConfig(text);
    }

    /** The fragment as written (it goes into the build's digest). */
    public String text() {
        return text;
    }

    /** The fragment's {@code CONFIG_X=value} lines, in order. */
    public List<String> options() {
        List<String> out = new ArrayList<>();
        for (String line : text.split("\n")) {
            String l = line.strip();
            if (l.startsWith("CONFIG_")) {
                out.add(l);
            }
        }
        return out;
    }

    /** The fragment's options that {@code dotConfig} (a generated {@code .config}) does not have as asked. */
    public List<String> missing(String dotConfig) {
        Set<String> have = new HashSet<>(List.of(dotConfig.split("\n")));
        List<String> out = new ArrayList<>();
        for (String o : options()) {
            if (!have.contains(o)) {
                out.add(o);
            }
        }
        return out;
    }

    /** Writes the fragment to {@code file} for {@code KCONFIG_ALLCONFIG}. */
    public Path write(Path file) throws IOException {
        Files.writeString(file, text, StandardCharsets.UTF_8);
        return file;
    }
}
