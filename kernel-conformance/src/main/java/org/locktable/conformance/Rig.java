package org.locktable.conformance;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The live set-up: a private temporary directory with the compiled helper, a tmpfs for the images, and the
 * file systems made on it on demand (one loop device each), all recorded in {@link Mounts} and torn down by
 * {@link #close()} (or by the shutdown hook on an interrupt).
 */
public final class Rig implements AutoCloseable {
    /** tmpfs size: room for the images (ext4 64 MiB, XFS 320 MiB; only written blocks use memory). */
    static final String TMPFS_SIZE = "2g";

    private final Mounts mounts;
    private final Path base;
    private final Path tmpfs;
    private final Path helper;
    private final Map<FsSpec, MountedFs> mounted = new LinkedHashMap<>();
    private final Map<FsSpec, Integer> marks = new LinkedHashMap<>();

    private Rig(Mounts mounts, Path base, Path tmpfs, Path helper) {
        this.mounts = mounts;
        this.base = base;
        this.tmpfs = tmpfs;
        this.helper = helper;
    }

    /** Checks the machine, compiles the helper and mounts the tmpfs. Throws {@link EnvironmentException} when the machine cannot. */
    public static Rig create() throws IOException {
        Environment.check();
        Mounts mounts = new Mounts();
        try {
            Path base = mounts.tempDir("locktable-conformance-");
            Files.setPosixFilePermissions(base, PosixFilePermissions.fromString("rwx------"));
            Path helperDir = mounts.mkdir(base.resolve("bin"));
            mounts.file(helperDir.resolve(Ltprobe.SOURCE));
            mounts.file(helperDir.resolve("ltprobe"));
            Path helper = Ltprobe.compile(helperDir);
            Path tmpfs = mounts.mkdir(base.resolve("tmpfs"));
            mounts.mountTmpfs(tmpfs, TMPFS_SIZE);
            return new Rig(mounts, base, tmpfs, helper);
        } catch (IOException | RuntimeException e) {
            mounts.close();
            throw e;
        }
    }

    public Mounts mounts() {
        return mounts;
    }

    public Path base() {
        return base;
    }

    /** The file system for {@code spec}, made and mounted on first use. */
    public synchronized MountedFs fs(FsSpec spec) throws IOException {
        MountedFs fs = mounted.get(spec);
        if (fs != null) {
            return fs;
        }
        int mark = mounts.mark();
        try {
            Path image = tmpfs.resolve(spec.slug() + ".img");
            mounts.file(image);
            try (RandomAccessFile f = new RandomAccessFile(image.toFile(), "rw")) {
                f.setLength(spec.imageBytes());
            }
            List<String> mkfs = new ArrayList<>(spec.mkfs(image.toString()));
            mkfs.set(0, Tools.path(mkfs.get(0)));
            Shell.Result r = Shell.run(mkfs);
            if (!r.ok()) {
                throw new EnvironmentException("cannot make " + spec.label() + ": " + r.describe());
            }
            String dev = mounts.attachLoop(image, spec.sectorSize());
            Path mnt = mounts.mkdir(tmpfs.resolve("mnt-" + spec.slug()));
            mounts.mount(dev, mnt, spec.kind().id());
            fs = new MountedFs(spec, image, dev, mnt);
            mounted.put(spec, fs);
            marks.put(spec, mark);
            return fs;
        } catch (IOException | RuntimeException e) {
            mounts.rollback(mark);
            throw e;
        }
    }

    /** Unmounts {@code spec}'s file system and frees its loop device (and everything set up after it: file systems
     * made later and helpers started later). */
    public synchronized void release(FsSpec spec) {
        Integer mark = marks.remove(spec);
        if (mark == null) {
            return;
        }
        mounts.rollback(mark);
        marks.values().removeIf(m -> m >= mark); // set up after it, so torn down with it
        mounted.keySet().removeIf(s -> !marks.containsKey(s));
    }

    /** A new helper process on {@code fs} (killed at teardown, before the unmount). */
    public Ltprobe helper(MountedFs fs) throws IOException {
        Ltprobe p = Ltprobe.start(helper, fs.mountPoint(), mounts);
        p.ok("blocksize " + fs.spec().blockSize());
        return p;
    }

    @Override
    public void close() {
        mounts.close();
    }
}
