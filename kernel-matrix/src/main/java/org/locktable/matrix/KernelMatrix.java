package org.locktable.matrix;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/** Sets a kernel up for the conformance: fetched or taken, its initramfs, booted, with its mkfs options. */
public final class KernelMatrix {
    private KernelMatrix() {
    }

    /** Guests to boot by default: one per host CPU, at most two (one for ext4, one for XFS). */
    public static int defaultGuests() {
        return Math.max(1, Math.min(2, Runtime.getRuntime().availableProcessors()));
    }

    /** The kernel of {@code spec} booted once and ready for the passes; closing it ends the guest. */
    public static GuestTarget open(KernelSpec spec, KernelCache cache, PrintStream console) throws IOException {
        return boot(image(spec, cache, console), console);
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
        BootedGuest.Image image = image(spec, cache, console);
        if (guests == 1) {
            return new GuestPool(List.of(boot(image, console)));
        }
        ExecutorService pool = Executors.newFixedThreadPool(guests);
        List<Future<GuestTarget>> booting = new ArrayList<>();
        for (int i = 0; i < guests; i++) {
            booting.add(pool.submit(() -> boot(image, console)));
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

    /** The kernel of {@code spec} and its initramfs, once QEMU is known to be here. */
    private static BootedGuest.Image image(KernelSpec spec, KernelCache cache, PrintStream console) throws IOException {
        Guest.qemuBinary();
        return BootedGuest.Image.of(spec, cache, console, List.of());
    }

    private static GuestTarget boot(BootedGuest.Image image, PrintStream console) throws IOException {
        return new GuestTarget(BootedGuest.boot(sandbox -> image, console));
    }
}
