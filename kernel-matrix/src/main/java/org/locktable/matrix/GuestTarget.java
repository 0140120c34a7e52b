package org.locktable.matrix;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.locktable.conformance.FsSpec;
import org.locktable.conformance.Ltprobe;
import org.locktable.conformance.MountedFs;
import org.locktable.conformance.ProbeTarget;
import org.locktable.rig.EnvironmentException;
import org.locktable.rig.Shell;

/**
 * The conformance's target inside a {@link Guest}: file systems made in the guest (a sparse image on its tmpfs,
 * this machine's mkfs with the kernel's {@link MkfsOptions}, a loop device, a mount), the helper started on a free
 * serial port and driven from here by the same code that drives it on the host.
 */
public final class GuestTarget implements ProbeTarget.Session {
    private final BootedGuest booted;
    private final Map<FsSpec, MountedFs> mounted = new LinkedHashMap<>();
    private final Deque<Integer> freePorts = new ArrayDeque<>(List.of(0, 1));

    GuestTarget(BootedGuest booted) {
        this.booted = booted;
    }

    public Guest guest() {
        return booted.guest();
    }

    public MkfsOptions mkfsOptions() {
        return booted.mkfs();
    }

    @Override
    public synchronized MountedFs fs(FsSpec spec) throws IOException {
        MountedFs fs = mounted.get(spec);
        if (fs != null) {
            return fs;
        }
        String img = "/t/" + spec.slug() + ".img";
        String mnt = "/t/mnt-" + spec.slug();
        List<String> mk = booted.mkfs().inGuest(spec.mkfs(img), spec.kind());
        check("truncate -s " + spec.imageBytes() + " " + img + " && " + String.join(" ", mk), spec);
        List<String> lo = new ArrayList<>(spec.losetup(img));
        lo.set(0, "/opt/lt/losetup");
        String dev = check(String.join(" ", lo), spec).strip();
        check("mkdir -p " + mnt + " && mount -t " + spec.kind().id() + " " + dev + " " + mnt, spec);
        fs = new MountedFs(spec, Path.of(img), dev, Path.of(mnt));
        mounted.put(spec, fs);
        return fs;
    }

    @Override
    public Ltprobe helper(MountedFs fs) throws IOException {
        int port;
        synchronized (this) {
            if (freePorts.isEmpty()) {
                throw new IOException("both guest helper ports are in use");
            }
            port = freePorts.pop();
        }
        String pid = guest().startHelper(Guest.HELPER_PORTS.get(port), fs.mountPoint().toString());
        Guest.Port p = guest().helperPort(port);
        Ltprobe helper = Ltprobe.over(p.in(), p.out(), fs.mountPoint(), () -> {
            try {
                guest().waitHelper(pid);
            } finally {
                synchronized (this) {
                    freePorts.push(port);
                }
            }
        });
        helper.ok("blocksize " + fs.spec().blockSize());
        // -icount keeps the guest's clock exact: an XFS EAGAIN with no clock tick since the prime is real
        helper.ok("tickgate 1");
        return helper;
    }

    @Override
    public synchronized void release(FsSpec spec) {
        List<FsSpec> specs = new ArrayList<>(mounted.keySet());
        int at = specs.indexOf(spec);
        if (at < 0) {
            return;
        }
        for (int i = specs.size() - 1; i >= at; i--) {
            MountedFs fs = mounted.remove(specs.get(i));
            try {
                guest().run("umount " + fs.mountPoint() + "; /opt/lt/losetup -d " + fs.device() + "; rm -f " + fs.image());
            } catch (IOException e) {
                // the guest is gone; its teardown ends it
            }
        }
    }

    @Override
    public String kernelRelease() {
        return guest().release();
    }

    @Override
    public String machine() {
        return System.getProperty("os.arch", "?") + " under QEMU (TCG)";
    }

    @Override
    public boolean replaysOnHost() {
        return false;
    }

    @Override
    public void close() {
        booted.close();
    }

    private String check(String line, FsSpec spec) throws IOException {
        Shell.Result r = guest().run(line);
        if (!r.ok()) {
            throw new EnvironmentException("in the guest (" + guest().release() + "), " + spec.label() + ": `" + line
                    + "` failed with status " + r.exitCode() + ": " + r.out());
        }
        return r.out();
    }
}
