package org.locktable.replay;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

import org.locktable.rig.EnvironmentException;
import org.locktable.rig.FileMap;
import org.locktable.rig.LoopFsSpec;
import org.locktable.rig.Sandbox;
import org.locktable.rig.Shell;

/**
 * ext4 or XFS on a loop device with {@code --direct-io=on} over the image a reordering FUSE daemon
 * ({@code ltreorder.c}) serves from tmpfs: every block-layer write reaches the daemon as its own write, is logged, and
 * can be held back by a rule ({@link #command}). Everything is recorded in the sandbox and torn down in reverse: the
 * mount, the loop device, the FUSE mount, the daemon.
 */
public final class ReorderDevice implements ReplayDevice {
    /** mkfs.xfs refuses images under 300 MB; the image is sparse on tmpfs. */
    private static final long IMAGE_BYTES = 320L << 20;
    private static final long UP_WAIT_MILLIS = 10_000;

    private final String type;
    private final String device;
    private final Path mountPoint;
    private final Path ctl;
    private final Path log;
    private final Natives.Binaries bin;

    private ReorderDevice(String type, String device, Path mountPoint, Path ctl, Path log, Natives.Binaries bin) {
        this.type = type;
        this.device = device;
        this.mountPoint = mountPoint;
        this.ctl = ctl;
        this.log = log;
        this.bin = bin;
    }

    /** Makes {@code type} (ext4 or xfs) below a new reordering device; {@code tmpfs} holds the image and the log. */
    public static ReorderDevice start(Sandbox sandbox, Natives.Binaries bin, Path base, Path tmpfs, String type)
            throws IOException {
        LoopFsSpec spec = new LoopFsSpec(type, IMAGE_BYTES, 4096, LoopFsSpec.DEFAULT_SECTOR_SIZE, true);
        Path image = sandbox.image(tmpfs.resolve(type + ".img"), IMAGE_BYTES);
        sandbox.mkfs(spec, image.toString(), type + " below the reordering device");
        Path log = tmpfs.resolve(type + ".log");
        sandbox.file(log);
        Path fuse = sandbox.mkdir(base.resolve("fuse-" + type));
        Path out = tmpfs.resolve(type + ".daemon");
        sandbox.file(out);
        Process daemon = new ProcessBuilder(bin.reorder().toString(), image.toString(), log.toString(), fuse.toString())
                .redirectErrorStream(true).redirectOutput(out.toFile()).redirectInput(ProcessBuilder.Redirect.from(
                        Path.of("/dev/null").toFile())).start();
        sandbox.process("ltreorder " + fuse, daemon);
        sandbox.onTeardown("FUSE mount " + fuse, () -> {
            Shell.Result r = Shell.run(List.of(Shell.tool("fusermount3"), "-u", fuse.toString()));
            if (!r.ok() && Files.exists(fuse.resolve("image"))) {
                Shell.check(List.of(Shell.tool("fusermount3"), "-u", "-z", fuse.toString()));
            }
        });
        waitUp(fuse.resolve("image"), daemon, out);
        String dev = sandbox.attachLoop(fuse.resolve("image"), LoopFsSpec.DEFAULT_SECTOR_SIZE, true);
        String dio = Files.readString(Path.of("/sys/block", Path.of(dev).getFileName().toString(), "loop", "dio")).strip();
        if (!dio.equals("1")) {
            throw new EnvironmentException(dev + " over the FUSE image does not do direct I/O (loop/dio is " + dio
                    + "): every write would not reach the daemon as it was issued");
        }
        Path mnt = sandbox.mkdir(base.resolve("mnt-" + type));
        sandbox.mount(dev, mnt, type);
        return new ReorderDevice(type, dev, mnt, fuse.resolve("ctl"), log, bin);
    }

    private static void waitUp(Path image, Process daemon, Path out) throws IOException {
        long deadline = System.currentTimeMillis() + UP_WAIT_MILLIS;
        while (!Files.exists(image)) {
            if (!daemon.isAlive() || System.currentTimeMillis() > deadline) {
                String said = Files.exists(out) ? Files.readString(out, StandardCharsets.UTF_8).strip() : "";
                throw new EnvironmentException("the reordering FUSE daemon did not come up"
                        + (said.isEmpty() ? "" : ": " + said.lines().findFirst().orElse("")));
            }
            sleep(20);
        }
    }

    @Override
    public String type() {
        return type;
    }

    public String device() {
        return device;
    }

    @Override
    public Path mountPoint() {
        return mountPoint;
    }

    @Override
    public Path ctl() {
        return ctl;
    }

    @Override
    public void command(String line) throws IOException {
        Files.writeString(ctl, line + "\n", StandardCharsets.US_ASCII, StandardOpenOption.WRITE);
    }

    @Override
    public void nomerges(int value) throws IOException {
        Files.writeString(Path.of("/sys/block", Path.of(device).getFileName().toString(), "queue", "nomerges"),
                Integer.toString(value));
    }

    @Override
    public void remount() throws IOException {
        Shell.check(List.of(Shell.tool("umount"), mountPoint.toString()));
        Shell.check(List.of(Shell.tool("mount"), "-t", type, device, mountPoint.toString()));
    }

    @Override
    public long logMark() throws IOException {
        return Files.size(log);
    }

    @Override
    public List<String> logSince(long mark) throws IOException {
        byte[] all = Files.readAllBytes(log);
        String text = new String(all, (int) Math.min(mark, all.length), (int) Math.max(0, all.length - mark),
                StandardCharsets.US_ASCII);
        return new ArrayList<>(text.lines().toList());
    }

    @Override
    public List<String> ltrun(List<String> args) throws IOException {
        List<String> cmd = new ArrayList<>();
        cmd.add(bin.run().toString());
        cmd.addAll(args);
        Shell.Result r = Shell.run(cmd, 60);
        if (!r.ok()) {
            throw new IOException("ltrun " + args.get(0) + " failed: " + r.describe());
        }
        return r.out().lines().toList();
    }

    @Override
    public FileMap fileMap(Path file) throws IOException {
        return FileMap.of(file);
    }

    @Override
    public void xfsIo(String command, Path file) throws IOException {
        Shell.check(List.of(Shell.tool("xfs_io"), "-c", command, file.toString()));
    }

    @Override
    public void delete(Path file) throws IOException {
        Files.deleteIfExists(file);
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
