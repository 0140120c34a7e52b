package org.locktable.matrix;

import java.util.ArrayList;
import java.util.List;

import org.locktable.conformance.FsKind;
import org.locktable.engine.policy.KernelVersion;

/**
 * The mkfs feature options an older guest kernel needs when the file system is made with this machine's
 * (newer) mkfs: features the kernel cannot mount, or mounts only as EXPERIMENTAL, are turned off.
 *
 * <ul>
 * <li>XFS {@code bigtime} and {@code inobtcount} (xfsprogs 5.10+ knows them; default on since 5.15): kernels
 * before 5.15 mount them only as EXPERIMENTAL, so they are off there;</li>
 * <li>XFS {@code nrext64} (xfsprogs 5.19+; kernel support since 5.19): off before 5.19;</li>
 * <li>ext4 {@code orphan_file} (e2fsprogs 1.47+; kernel support since 5.15): off before 5.15.</li>
 * </ul>
 * An option is given only when this machine's mkfs knows it ({@code xfsprogs} and {@code e2fsprogs} as
 * {@code mkfs -V} reports them).
 */
public record MkfsOptions(KernelVersion kernel, KernelVersion xfsprogs, KernelVersion e2fsprogs) {

    /** The extra arguments for {@code kind}, placed before the target. */
    public List<String> extra(FsKind kind) {
        List<String> out = new ArrayList<>();
        if (kind == FsKind.XFS) {
            if (before(kernel, 5, 15) && !before(xfsprogs, 5, 10)) {
                out.addAll(List.of("-m", "bigtime=0,inobtcount=0"));
            }
            if (before(kernel, 5, 19) && !before(xfsprogs, 5, 19)) {
                out.addAll(List.of("-i", "nrext64=0"));
            }
        } else if (before(kernel, 5, 15) && !before(e2fsprogs, 1, 47)) {
            out.addAll(List.of("-O", "^orphan_file"));
        }
        return out;
    }

    /**
     * This machine's mkfs line ({@code mkfs.ext4 ... TARGET}) as the guest runs it: the tool from {@code /opt/lt}, the
     * kernel's {@link #extra} options before the target.
     */
    public List<String> inGuest(List<String> mkfs, FsKind kind) {
        List<String> out = new ArrayList<>(mkfs);
        out.set(0, "/opt/lt/" + out.get(0));
        out.addAll(out.size() - 1, extra(kind));
        return out;
    }

    /** The options of both file systems, for the report: {@code mkfs defaults} when there are none. */
    public String describe() {
        List<String> parts = new ArrayList<>();
        for (FsKind k : List.of(FsKind.EXT4, FsKind.XFS)) {
            List<String> e = extra(k);
            parts.add(k.id() + ": " + (e.isEmpty() ? "defaults" : String.join(" ", e)));
        }
        return String.join("; ", parts);
    }

    private static boolean before(KernelVersion v, int major, int minor) {
        return v.major() < major || (v.major() == major && v.minor() < minor);
    }
}
