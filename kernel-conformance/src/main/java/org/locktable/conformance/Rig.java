package org.locktable.conformance;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

import org.locktable.rig.LoopFs;
import org.locktable.rig.NativeHelper;
import org.locktable.rig.Requirements;
import org.locktable.rig.Sandbox;
import org.locktable.rig.Workspace;

/**
 * The live set-up of the conformance run: a private temporary directory with the compiled helper, a tmpfs for the
 * images, and the file systems made on it on demand (one loop device each), all recorded in a {@link Sandbox} and
 * torn down by {@link #close()} (or by its shutdown hook on an interrupt).
 */
public final class Rig implements ProbeTarget.Session {
    /** What the conformance needs: loop mounts, ext4 and XFS with their tools, a C compiler for the helper. */
    public static final Requirements REQUIREMENTS = Requirements.loopMounts().tools("mkfs.ext4", "mkfs.xfs", "xfs_io")
            .compiler().filesystems("ext4", "xfs");
    /** tmpfs size: room for the images (ext4 64 MiB, XFS 320 MiB; only written blocks use memory). */
    static final String TMPFS_SIZE = "2g";

    private final Sandbox sandbox;
    private final Path base;
    private final Path tmpfs;
    private final Path helper;
    private final Map<FsSpec, MountedFs> mounted = new LinkedHashMap<>();
    private final Map<FsSpec, Integer> marks = new LinkedHashMap<>();

    private Rig(Sandbox sandbox, Path base, Path tmpfs, Path helper) {
        this.sandbox = sandbox;
        this.base = base;
        this.tmpfs = tmpfs;
        this.helper = helper;
    }

    /** Checks the machine, compiles the helper and mounts the tmpfs; an EnvironmentException when the machine cannot. */
    public static Rig create() throws IOException {
        REQUIREMENTS.check();
        return Workspace.open("locktable-conformance-", TMPFS_SIZE, w -> new Rig(w.sandbox(), w.base(), w.tmpfs(),
                NativeHelper.compile(w.sandbox(), w.bin(), Ltprobe.NAME, Ltprobe.source())));
    }

    public Sandbox sandbox() {
        return sandbox;
    }

    public Path base() {
        return base;
    }

    @Override
    public synchronized MountedFs fs(FsSpec spec) throws IOException {
        MountedFs fs = mounted.get(spec);
        if (fs != null) {
            return fs;
        }
        int mark = sandbox.mark();
        LoopFs made = sandbox.loopFs(spec.loop(), tmpfs.resolve(spec.slug() + ".img"),
                tmpfs.resolve("mnt-" + spec.slug()), spec.label());
        fs = new MountedFs(spec, made.image(), made.device(), made.mountPoint());
        mounted.put(spec, fs);
        marks.put(spec, mark);
        return fs;
    }

    /** Unmounts {@code spec}'s file system and frees its loop device (and everything set up after it: file systems
     * made later and helpers started later). */
    @Override
    public synchronized void release(FsSpec spec) {
        Integer mark = marks.remove(spec);
        if (mark == null) {
            return;
        }
        sandbox.rollback(mark);
        marks.values().removeIf(m -> m >= mark); // set up after it, so torn down with it
        mounted.keySet().removeIf(s -> !marks.containsKey(s));
    }

    /** A new helper process on {@code fs} (killed at teardown, before the unmount). */
    @Override
    public Ltprobe helper(MountedFs fs) throws IOException {
        Ltprobe p = Ltprobe.start(helper, fs.mountPoint(), sandbox);
        p.ok("blocksize " + fs.spec().blockSize());
        return p;
    }

    @Override
    public String kernelRelease() {
        return Conformance.kernelRelease();
    }

    @Override
    public void close() {
        sandbox.close();
    }
}
