package org.locktable.matrix;

import java.io.IOException;
import java.io.PrintStream;
import java.util.List;
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

    /** The kernel of {@code spec} booted and ready for the passes; closing it ends the guest. */
    public static GuestTarget open(KernelSpec spec, KernelCache cache, PrintStream console) throws IOException {
        Guest.qemuBinary();
        KernelImage kernel = KernelImage.of(spec, cache, console);
        java.nio.file.Path initrd = Initramfs.of(kernel, cache, console);
        Sandbox sandbox = new Sandbox();
        try {
            Guest guest = Guest.boot(kernel, initrd, sandbox, console);
            MkfsOptions mkfs = new MkfsOptions(Conformance.versionOf(guest.release()), toolVersion("mkfs.xfs"),
                    toolVersion("mkfs.ext4"));
            console.println("kernel: mkfs options for " + guest.release() + ": " + mkfs.describe());
            return new GuestTarget(sandbox, guest, mkfs);
        } catch (IOException | RuntimeException e) {
            sandbox.close();
            throw e;
        }
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
