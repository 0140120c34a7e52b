package org.locktable.calibration.live;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * What the live calibration sets up — a temporary directory, a tmpfs on it, image files, loop devices, mounts —
 * recorded as it is made and torn down in reverse order by {@link #close()}: on the normal path, after a
 * failure, and from a JVM shutdown hook (Ctrl-C, SIGTERM). Only what this object created is touched: a loop
 * device is detached only while its backing file is still our image; a failed unmount falls back to a lazy one.
 */
final class Sandbox implements AutoCloseable {
    private final Deque<Step> steps = new ArrayDeque<>();
    private final List<String> log = new ArrayList<>();
    private final Thread hook;
    private boolean closed;

    private record Step(String what, Undo undo) {
    }

    @FunctionalInterface
    private interface Undo {
        void run() throws IOException;
    }

    Sandbox() {
        hook = new Thread(this::teardown, "locktable-live-teardown");
        Runtime.getRuntime().addShutdownHook(hook);
    }

    /** A temporary directory with a tmpfs of {@code size} (e.g. {@code 3g}) mounted on it. */
    synchronized Path tmpfs(String size) throws IOException {
        ensureOpen();
        Path dir = Files.createTempDirectory("locktable-live-");
        record("directory " + dir, () -> Files.deleteIfExists(dir));
        Shell.check(List.of(Shell.tool("mount"), "-t", "tmpfs", "-o", "size=" + size, "none", dir.toString()), 60);
        record("tmpfs on " + dir, () -> unmount(dir));
        return dir;
    }

    /** A sparse image file of {@code bytes}, deleted at teardown. */
    synchronized Path image(Path path, long bytes) throws IOException {
        ensureOpen();
        try (RandomAccessFile f = new RandomAccessFile(path.toFile(), "rw")) {
            f.setLength(bytes);
        }
        record("file " + path, () -> Files.deleteIfExists(path));
        return path;
    }

    /** A new directory, removed at teardown. */
    synchronized Path mkdir(Path dir) throws IOException {
        ensureOpen();
        Files.createDirectory(dir);
        record("directory " + dir, () -> Files.deleteIfExists(dir));
        return dir;
    }

    /** Attaches {@code image} to a free loop device and returns it. */
    synchronized String loop(Path image) throws IOException {
        ensureOpen();
        String dev = Shell.check(List.of(Shell.tool("losetup"), "-f", "--show", image.toString()), 60).strip();
        if (!dev.startsWith("/dev/loop")) {
            throw new IOException("losetup printed \"" + dev + "\" instead of a loop device");
        }
        record("loop device " + dev + " -> " + image, () -> detach(dev, image));
        return dev;
    }

    /** Mounts {@code device} of {@code type} on {@code dir}. */
    synchronized void mount(String device, Path dir, String type) throws IOException {
        ensureOpen();
        Shell.check(List.of(Shell.tool("mount"), "-t", type, device, dir.toString()), 60);
        record(type + " on " + dir, () -> unmount(dir));
    }

    /** What teardown did and could not do. */
    synchronized List<String> teardownLog() {
        return List.copyOf(log);
    }

    @Override
    public void close() {
        teardown();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // shutting down: the hook runs or ran
        }
    }

    private synchronized void teardown() {
        closed = true;
        while (!steps.isEmpty()) {
            Step s = steps.pop();
            try {
                s.undo().run();
                log.add("undone: " + s.what());
            } catch (IOException | RuntimeException e) {
                String msg = "could not undo " + s.what() + ": " + e.getMessage();
                log.add(msg);
                System.err.println("locktable live: " + msg);
            }
        }
    }

    private void ensureOpen() throws IOException {
        if (closed) {
            throw new IOException("the sandbox has been torn down");
        }
    }

    private void record(String what, Undo undo) {
        steps.push(new Step(what, undo));
    }

    private static void unmount(Path dir) throws IOException {
        Shell.Result r = Shell.run(List.of(Shell.tool("umount"), dir.toString()), 60);
        if (r.ok()) {
            return;
        }
        Shell.Result lazy = Shell.run(List.of(Shell.tool("umount"), "-l", dir.toString()), 60);
        if (!lazy.ok()) {
            throw new IOException(r.describe() + "; lazy: " + lazy.describe());
        }
    }

    private static void detach(String dev, Path image) throws IOException {
        Shell.Result back = Shell.run(List.of(Shell.tool("losetup"), "-n", "-O", "BACK-FILE", dev), 30);
        String file = back.out().strip();
        if (!back.ok() || file.isEmpty()) {
            return; // already detached
        }
        if (!file.startsWith(image.toString())) {
            throw new IOException(dev + " is now backed by " + file + ", not by our " + image + ": left alone");
        }
        Shell.check(List.of(Shell.tool("losetup"), "-d", dev), 30);
    }
}
