package org.locktable.matrix;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.locktable.conformance.FsKind;
import org.locktable.replay.ReplayDevice;
import org.locktable.rig.EnvironmentException;
import org.locktable.rig.FileMap;
import org.locktable.rig.LoopFsSpec;
import org.locktable.rig.Shell;

/**
 * The race replay's reordering device inside a {@link Guest}, set up as {@code ReorderDevice} sets it up on this
 * machine: the image on the guest's tmpfs made with this machine's mkfs and the kernel's {@link MkfsOptions}, the
 * FUSE daemon serving it, a loop device with direct I/O over the daemon's file, the mount. Every step is a command
 * line in the guest's shell; the guest's power-off is the teardown.
 */
final class GuestReplayDevice implements ReplayDevice {
    /** mkfs.xfs refuses images under 300 MB; the image is sparse on tmpfs. */
    private static final long IMAGE_BYTES = 320L << 20;

    private final Guest guest;
    private final String type;
    private final String device;
    private final Path mountPoint;
    private final Path fuse;
    private final Path log;

    private GuestReplayDevice(Guest guest, String type, String device, Path mountPoint, Path fuse, Path log) {
        this.guest = guest;
        this.type = type;
        this.device = device;
        this.mountPoint = mountPoint;
        this.fuse = fuse;
        this.log = log;
    }

    static GuestReplayDevice start(Guest guest, MkfsOptions options, String type) throws IOException {
        String img = "/t/race-" + type + ".img";
        String log = "/t/race-" + type + ".log";
        String fuse = "/t/race-fuse-" + type;
        String mnt = "/t/race-mnt-" + type;
        String out = "/t/race-" + type + ".daemon";
        List<String> mkfs = options.inGuest(new LoopFsSpec(type, IMAGE_BYTES, 4096, LoopFsSpec.DEFAULT_SECTOR_SIZE, true)
                .mkfs(img), FsKind.valueOf(type.toUpperCase(Locale.ROOT)));
        check(guest, "truncate -s " + IMAGE_BYTES + " " + img + " && " + String.join(" ", mkfs), type);
        check(guest, "mkdir -p " + fuse + " " + mnt + " && { /opt/lt/ltreorder " + img + " " + log + " " + fuse
                + " >" + out + " 2>&1 </dev/null & }", type);
        Shell.Result up = guest.run("i=0; while [ ! -e " + fuse + "/image ] && [ $i -lt 200 ]; do sleep 0.05; "
                + "i=$((i+1)); done; test -e " + fuse + "/image || { cat " + out + "; false; }");
        if (!up.ok()) {
            throw new EnvironmentException("in the guest (" + guest.release() + "), the reordering FUSE daemon did not "
                    + "come up" + (up.out().isBlank() ? "" : ": " + up.out()));
        }
        String dev = check(guest, "/opt/lt/losetup -f --show --direct-io=on " + fuse + "/image", type).strip();
        String dio = check(guest, "cat /sys/block/" + Path.of(dev).getFileName() + "/loop/dio", type).strip();
        if (!dio.equals("1")) {
            throw new EnvironmentException("in the guest (" + guest.release() + "), " + dev + " over the FUSE image does "
                    + "not do direct I/O (loop/dio is " + dio + "): writes would not reach the daemon as issued");
        }
        check(guest, "mount -t " + type + " " + dev + " " + mnt, type);
        return new GuestReplayDevice(guest, type, dev, Path.of(mnt), Path.of(fuse), Path.of(log));
    }

    @Override
    public String type() {
        return type;
    }

    @Override
    public Path mountPoint() {
        return mountPoint;
    }

    @Override
    public Path ctl() {
        return fuse.resolve("ctl");
    }

    /** Appended, not truncated: the daemon's control file has no size to cut. */
    @Override
    public void command(String line) throws IOException {
        check(guest, "echo " + quote(line) + " >> " + ctl(), type);
    }

    @Override
    public void nomerges(int value) throws IOException {
        check(guest, "echo " + value + " > /sys/block/" + Path.of(device).getFileName() + "/queue/nomerges", type);
    }

    @Override
    public void remount() throws IOException {
        check(guest, "umount " + mountPoint + " && mount -t " + type + " " + device + " " + mountPoint, type);
    }

    @Override
    public long logMark() throws IOException {
        return Long.parseLong(check(guest, "wc -c < " + log, type).strip());
    }

    @Override
    public List<String> logSince(long mark) throws IOException {
        Shell.Result r = guest.lines("tail -c +" + (mark + 1) + " " + log);
        if (!r.ok()) {
            throw new IOException("in the guest, reading the daemon's log failed: " + r.out());
        }
        return new ArrayList<>(r.out().lines().toList());
    }

    @Override
    public List<String> ltrun(List<String> args) throws IOException {
        List<String> quoted = new ArrayList<>();
        args.forEach(a -> quoted.add(quote(a)));
        Shell.Result r = guest.lines("/opt/lt/ltrun " + String.join(" ", quoted));
        if (!r.ok()) {
            throw new IOException("ltrun " + args.get(0) + " failed in the guest (status " + r.exitCode() + "): "
                    + r.out().strip());
        }
        return r.out().lines().toList();
    }

    @Override
    public FileMap fileMap(Path file) throws IOException {
        Shell.Result r = guest.lines("stat -c %s " + file + " && /opt/lt/xfs_io -r -c 'fiemap -v' " + file);
        if (!r.ok()) {
            throw new IOException("in the guest, FIEMAP of " + file + " failed: " + r.out().strip());
        }
        String out = r.out();
        int nl = out.indexOf('\n');
        return FileMap.parseXfsIo(out.substring(nl + 1), Long.parseLong(out.substring(0, nl).strip()));
    }

    @Override
    public void xfsIo(String command, Path file) throws IOException {
        check(guest, "/opt/lt/xfs_io -c " + quote(command) + " " + file, type);
    }

    @Override
    public void delete(Path file) throws IOException {
        check(guest, "rm -f " + file, type);
    }

    /** Single-quoted for the guest's shell; the replay's words never hold a quote. */
    private static String quote(String word) {
        if (word.indexOf('\'') >= 0) {
            throw new IllegalArgumentException("a quote in a guest command word: " + word);
        }
        return "'" + word + "'";
    }

    private static String check(Guest guest, String line, String type) throws IOException {
        Shell.Result r = guest.run(line);
        if (!r.ok()) {
            throw new EnvironmentException("in the guest (" + guest.release() + "), the race replay's " + type
                    + ": `" + line + "` failed with status " + r.exitCode() + ": " + r.out());
        }
        return r.out();
    }
}
