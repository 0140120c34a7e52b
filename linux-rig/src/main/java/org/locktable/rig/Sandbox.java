package org.locktable.rig;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Everything a live run sets up on the machine — temporary directories, a tmpfs, image files, loop devices,
 * mounts, helper processes — recorded as it is set up and torn down in reverse order by {@link #close()}: on the
 * normal path, after a failure, and from a JVM shutdown hook on an interrupt (Ctrl-C, SIGTERM).
 *
 * <p>Only what this object created is ever touched: a loop device is detached only while its backing file is
 * still the image this object attached, and mounts are unmounted by the mount point this object created. A
 * failed unmount falls back to a lazy one ({@code umount -l}); the loop device is detached regardless (with a
 * lazy unmount the kernel frees it when the last user goes). After a {@code kill -9} nothing can run.
 */
public final class Sandbox implements AutoCloseable {
    /** How long teardown waits for a detached loop device to be freed. */
    private static final long DETACH_WAIT_NANOS = 5_000_000_000L;
    private final Deque<Step> steps = new ArrayDeque<>();
    private final List<String> log = new ArrayList<>();
    private final Thread hook;
    private boolean closed;

    /** One thing set up, and how to undo it. */
    private record Step(String what, Undo undo) {
    }

    /** How to undo one thing set up. */
    @FunctionalInterface
    public interface Undo {
        void run() throws IOException;
    }

    public Sandbox() {
        hook = new Thread(this::closeFromHook, "locktable-rig-teardown");
        Runtime.getRuntime().addShutdownHook(hook);
    }

    /** A fresh directory under the system temporary directory, removed (when empty) at teardown. */
    public synchronized Path tempDir(String prefix) throws IOException {
        ensureOpen();
        Path dir = Files.createTempDirectory(prefix);
        record("directory " + dir, () -> Files.deleteIfExists(dir));
        return dir;
    }

    /** A new, empty directory {@code dir}, removed at teardown. */
    public synchronized Path mkdir(Path dir) throws IOException {
        ensureOpen();
        Files.createDirectory(dir);
        record("directory " + dir, () -> Files.deleteIfExists(dir));
        return dir;
    }

    /** Mounts a tmpfs of {@code size} (e.g. {@code 2g}) on {@code dir}. */
    public synchronized void mountTmpfs(Path dir, String size) throws IOException {
        ensureOpen();
        Shell.Result r = Shell.run(List.of(Shell.tool("mount"), "-t", "tmpfs", "-o", "size=" + size, "none",
                dir.toString()));
        if (!r.ok()) {
            throw new EnvironmentException("cannot mount a tmpfs: " + r.describe());
        }
        record("tmpfs on " + dir, () -> unmount(dir));
    }

    /** A fresh temporary directory with a tmpfs of {@code size} mounted on it. */
    public synchronized Path tmpfs(String prefix, String size) throws IOException {
        Path dir = tempDir(prefix);
        mountTmpfs(dir, size);
        return dir;
    }

    /** A file {@code path} that teardown deletes (an image on the tmpfs: removed before the tmpfs goes). */
    public synchronized void file(Path path) {
        record("file " + path, () -> Files.deleteIfExists(path));
    }

    /** A sparse file of {@code bytes} at {@code path}, deleted at teardown. */
    public synchronized Path image(Path path, long bytes) throws IOException {
        ensureOpen();
        file(path);
        try (RandomAccessFile f = new RandomAccessFile(path.toFile(), "rw")) {
            f.setLength(bytes);
        }
        return path;
    }

    /** Attaches {@code image} to a free loop device ({@code losetup -f --show}) and returns the device. */
    public synchronized String attachLoop(Path image, int sectorSize, boolean directIo) throws IOException {
        ensureOpen();
        List<String> cmd = LoopFsSpec.losetup(image.toString(), sectorSize, directIo);
        cmd.set(0, Shell.tool(cmd.get(0)));
        Shell.Result r = Shell.run(cmd);
        if (!r.ok()) {
            throw new EnvironmentException("cannot attach a loop device: " + r.describe());
        }
        String dev = r.out().strip();
        if (!dev.startsWith("/dev/loop")) {
            throw new EnvironmentException("losetup printed \"" + dev + "\" instead of a loop device");
        }
        record("loop device " + dev + " -> " + image, () -> detach(dev, image));
        return dev;
    }

    /** Mounts {@code device} of {@code type} on {@code dir}. */
    public synchronized void mount(String device, Path dir, String type) throws IOException {
        ensureOpen();
        Shell.Result r = Shell.run(List.of(Shell.tool("mount"), "-t", type, device, dir.toString()));
        if (!r.ok()) {
            throw new EnvironmentException("cannot mount " + type + " from " + device + ": " + r.describe());
        }
        record(type + " on " + dir, () -> unmount(dir));
    }

    /**
     * Makes {@code spec}'s file system: the image at {@code image}, mkfs on it, a loop device, mounted on the new
     * directory {@code mountPoint}. A failed step undoes the ones before it; {@code label} names it in errors.
     */
    public synchronized LoopFs loopFs(LoopFsSpec spec, Path image, Path mountPoint, String label) throws IOException {
        int mark = mark();
        try {
            image(image, spec.imageBytes());
            mkfs(spec, image.toString(), label);
            String dev = attachLoop(image, spec.sectorSize(), spec.directIo());
            mount(dev, mkdir(mountPoint), spec.type());
            return new LoopFs(spec, image, dev, mountPoint);
        } catch (IOException | RuntimeException e) {
            rollback(mark);
            throw e;
        }
    }

    /**
     * Runs {@code spec}'s mkfs on {@code target}: an image (as {@link #loopFs} does) or a loop device already
     * attached (the calibration's order). Nothing is recorded: the image or the device is. A failure is an
     * {@link EnvironmentException} naming {@code label}.
     */
    public void mkfs(LoopFsSpec spec, String target, String label) throws IOException {
        synchronized (this) {
            ensureOpen(); // the lock is not held while mkfs runs, so that a SIGTERM's teardown need not wait for it
        }
        List<String> mkfs = spec.mkfs(target);
        mkfs.set(0, Shell.tool(mkfs.get(0)));
        Shell.Result r = Shell.run(mkfs);
        if (!r.ok()) {
            throw new EnvironmentException("cannot make " + label + ": " + r.describe());
        }
    }

    /**
     * Runs a command that works in what this sandbox set up (fio or xfs_io on its mounts); refused with an
     * IOException once the sandbox is torn down. On a SIGTERM the run's own thread goes on while the shutdown hook
     * tears down, and its next command would otherwise create files in the directories the mounts covered.
     */
    public Shell.Result run(List<String> command, long timeoutSeconds) throws IOException {
        synchronized (this) {
            ensureOpen(); // not held while the command runs: a SIGTERM's teardown need not wait for it
        }
        return Shell.run(command, timeoutSeconds);
    }

    /** {@link #run(List, long)}, and its standard output, or an IOException with the command, exit code and error. */
    public String check(List<String> command, long timeoutSeconds) throws IOException {
        Shell.Result r = run(command, timeoutSeconds);
        if (!r.ok()) {
            throw new IOException(r.describe());
        }
        return r.out();
    }

    /** A helper process: destroyed (and waited for) at teardown, before the file system it uses is unmounted. */
    public synchronized void process(String what, Process p) {
        record("process " + what, () -> {
            if (p.isAlive()) {
                p.destroy();
                try {
                    if (!p.waitFor(5, TimeUnit.SECONDS)) {
                        p.destroyForcibly();
                        p.waitFor(5, TimeUnit.SECONDS);
                    }
                } catch (InterruptedException e) {
                    p.destroyForcibly();
                    Thread.currentThread().interrupt();
                }
            }
        });
    }

    /**
     * Something else set up ({@code what} names it in the log), undone at teardown in its place in the order: a
     * FUSE mount ({@code fusermount -u}), a virtual machine to stop.
     */
    public synchronized void onTeardown(String what, Undo undo) throws IOException {
        ensureOpen();
        record(what, undo);
    }

    /** A mark for {@link #rollback(int)}: how many steps are recorded now. */
    public synchronized int mark() {
        return steps.size();
    }

    /** Tears down, in reverse order, every step recorded after {@code mark}. */
    public synchronized void rollback(int mark) {
        while (steps.size() > mark) {
            undo(steps.pop());
        }
    }

    /** What is set up now, most recent first. */
    public synchronized List<String> active() {
        List<String> out = new ArrayList<>();
        for (Step s : steps) {
            out.add(s.what());
        }
        return out;
    }

    /** What teardown did, and what it could not do. */
    public synchronized List<String> teardownLog() {
        return List.copyOf(log);
    }

    /**
     * Tears down everything in reverse order; each step is tried even when an earlier one failed. Returns
     * quietly; problems are kept in {@link #teardownLog()} and printed on stderr.
     */
    @Override
    public void close() {
        teardown();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // the JVM is shutting down: the hook is running or has run
        }
    }

    private void closeFromHook() {
        if (!isClosed()) {
            System.err.println("locktable: interrupted, tearing down " + active());
        }
        teardown();
    }

    private synchronized boolean isClosed() {
        return closed;
    }

    private synchronized void teardown() {
        closed = true;
        while (!steps.isEmpty()) {
            undo(steps.pop());
        }
    }

    private void undo(Step s) {
        try {
            s.undo().run();
            log.add("undone: " + s.what());
        } catch (IOException | RuntimeException e) {
            String msg = "could not undo " + s.what() + ": " + e.getMessage();
            log.add(msg);
            System.err.println("locktable: " + msg);
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
        Shell.Result r = Shell.run(List.of(Shell.tool("umount"), dir.toString()));
        if (r.ok()) {
            return;
        }
        Shell.Result lazy = Shell.run(List.of(Shell.tool("umount"), "-l", dir.toString()));
        if (!lazy.ok()) {
            throw new IOException(r.describe() + "; lazy: " + lazy.describe());
        }
    }

    /**
     * Detaches {@code dev} while it is still backed by {@code image}, and waits a little for it to go: while
     * something still has the device open (udev's probe after an unmount, a lazy unmount) {@code losetup -d} only
     * marks it to be freed on the last close.
     */
    private static void detach(String dev, Path image) throws IOException {
        if (!backedBy(dev, image)) {
            return; // already detached (autoclear after a lazy umount)
        }
        Shell.Result r = Shell.run(List.of(Shell.tool("losetup"), "-d", dev));
        if (!r.ok()) {
            throw new IOException(r.describe());
        }
        long deadline = System.nanoTime() + DETACH_WAIT_NANOS;
        while (backedBy(dev, image) && System.nanoTime() < deadline) {
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /** True while {@code dev} is attached to {@code image}; an IOException when another file is attached to it. */
    private static boolean backedBy(String dev, Path image) throws IOException {
        Shell.Result back = Shell.run(List.of(Shell.tool("losetup"), "-n", "-O", "BACK-FILE", dev));
        String file = back.out().strip();
        if (!back.ok() || file.isEmpty()) {
            return false;
        }
        if (!file.startsWith(image.toString())) {
            throw new IOException(dev + " is now backed by " + file + ", not by our " + image + ": left alone");
        }
        return true;
    }
}
