package org.locktable.matrix;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.locktable.conformance.Conformance;
import org.locktable.engine.policy.KernelVersion;
import org.locktable.rig.Sandbox;
import org.locktable.rig.Shell;

/**
 * A kernel booted under QEMU for this machine to drive: the {@link Sandbox} that owns the guest and everything made
 * for it, the {@link Guest}, and the options this machine's mkfs needs for the guest's kernel. The conformance's
 * {@link GuestTarget}s and the race replay's {@link GuestRaceRig} are each made on one; closing it ends the guest.
 */
record BootedGuest(Sandbox sandbox, Guest guest, MkfsOptions mkfs) implements AutoCloseable {
    private static final Pattern VERSION = Pattern.compile("(\\d+)\\.(\\d+)");

    /** What QEMU boots: the kernel, fetched or taken, and its initramfs. */
    record Image(KernelImage kernel, Path initrd) {
        /** The kernel of {@code spec}, and its initramfs with {@code extras} (this machine's binaries) in it. */
        static Image of(KernelSpec spec, KernelCache cache, PrintStream console, List<Path> extras)
                throws IOException {
            KernelImage kernel = KernelImage.of(spec, cache, console);
            return new Image(kernel, Initramfs.of(kernel, cache, console, extras));
        }
    }

    /** Makes the image to boot in the guest's sandbox, which keeps anything compiled for it. */
    @FunctionalInterface
    interface ImageMaker {
        Image make(Sandbox sandbox) throws IOException;
    }

    /**
     * In a new sandbox: the image made, the guest booted, the mkfs options for its kernel said on {@code console};
     * the sandbox, with all it holds, closed if any of that fails.
     */
    static BootedGuest boot(ImageMaker image, PrintStream console) throws IOException {
        Sandbox sandbox = new Sandbox();
        try {
            Image made = image.make(sandbox);
            Guest guest = Guest.boot(made.kernel(), made.initrd(), sandbox, console);
            return new BootedGuest(sandbox, guest, mkfsOptions(guest, console));
        } catch (IOException | RuntimeException e) {
            sandbox.close();
            throw e;
        }
    }

    @Override
    public void close() {
        sandbox.close();
    }

    /** What this machine's mkfs needs to be told for the guest's kernel, said on {@code console}. */
    private static MkfsOptions mkfsOptions(Guest guest, PrintStream console) throws IOException {
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
