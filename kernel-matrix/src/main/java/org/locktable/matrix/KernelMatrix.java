package org.locktable.matrix;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.locktable.conformance.Conformance;
import org.locktable.engine.policy.KernelVersion;
import org.locktable.rig.Sandbox;
import org.locktable.rig.Shell;

/** Sets a kernel up for the conformance: fetched or taken, its initramfs, booted, with its mkfs options. */
public final class KernelMatrix {
    private static final Pattern VERSION = Pattern.compile("(\\d+)\\.(\\d+)");

    private KernelMatrix() {
    }

    /** Guests to boot by default: one per host CPU, at most two (one for ext4, one for XFS). */
    public static int defaultGuests() {
        return Math.max(1, Math.min(2, Runtime.getRuntime().availableProcessors()));
    }

    /** The kernel of {@code spec} booted once and ready for the passes; closing it ends the guest. */
    public static GuestTarget open(KernelSpec spec, KernelCache cache, PrintStream console) throws IOException {
        Guest.qemuBinary();
        KernelImage kernel = KernelImage.of(spec, cache, console);
        Path initrd = Initramfs.of(kernel, cache, console);
        return boot(kernel, initrd, console);
    }

    /**
     * The kernel of {@code spec} booted {@code guests} times (1 or 2), in parallel; with two, ext4 runs in one
     * guest and XFS in the other ({@link GuestPool}). Closing the pool ends every guest.
     */
    public static GuestPool open(KernelSpec spec, KernelCache cache, PrintStream console, int guests)
            throws IOException {
        if (guests < 1 || guests > 2) {
            throw new IllegalArgumentException("guests must be 1 or 2, not " + guests);
        }
        Guest.qemuBinary();
        KernelImage kernel = KernelImage.of(spec, cache, console);
        Path initrd = Initramfs.of(kernel, cache, console);
        if (guests == 1) {
            return new GuestPool(List.of(boot(kernel, initrd, console)));
        }
        ExecutorService pool = Executors.newFixedThreadPool(guests);
        List<Future<GuestTarget>> booting = new ArrayList<>();
        for (int i = 0; i < guests; i++) {
            booting.add(pool.submit(() -> boot(kernel, initrd, console)));
        }
        pool.shutdown();
        List<GuestTarget> up = new ArrayList<>();
        Throwable failure = null;
        for (Future<GuestTarget> f : booting) {
            try {
                up.add(f.get());
            } catch (ExecutionException e) {
                failure = failure == null ? e.getCause() : failure;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                failure = failure == null ? e : failure;
            }
        }
        if (failure != null) {
            for (GuestTarget g : up) {
                g.close();
            }
            if (failure instanceof IOException io) {
                throw io;
            }
            if (failure instanceof RuntimeException re) {
                throw re;
            }
            throw new IOException(failure);
        }
        return new GuestPool(up);
    }

    private static GuestTarget boot(KernelImage kernel, Path initrd, PrintStream console) throws IOException {
        Sandbox sandbox = new Sandbox();
        try {
            Guest guest = Guest.boot(kernel, initrd, sandbox, console);
            return new GuestTarget(sandbox, guest, mkfsOptions(guest, console));
        } catch (IOException | RuntimeException e) {
            sandbox.close();
            throw e;
        }
    }

    /** What this machine's mkfs needs to be told for the guest's kernel, said on {@code console}. */
    static MkfsOptions mkfsOptions(Guest guest, PrintStream console) throws IOException {
        MkfsOptions mkfs = new MkfsOptions(Conformance.versionOf(guest.release()), toolVersion("mkfs.xfs"),
                toolVersion("mkfs.ext4"));
        console.println("kernel: mkfs options for " + guest.release() + ": " + mkfs.describe());
        return mkfs;
    }

    /** {@code mkfs -V}'s version (mkfs.xfs prints it on stdout, mke2fs on stderr); 0.0 when unknown. */
    static KernelVersion toolVersion(String tool) throws IOException {
        String path = Shell.tool(tool);
        if (path == null) {
            return new KernelVersion(0, 0);
        }
        Shell.Result r = Shell.run(List.of(path, "-V"));
        Matcher m = VERSION.matcher(r.out() + " " + r.err());
        return m.find() ? new KernelVersion(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)))
                : new KernelVersion(0, 0);
    }
}
