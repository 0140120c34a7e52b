package org.locktable.conformance;

import java.nio.file.Path;
import java.util.List;

/**
 * A created and mounted file system. {@link #setupScript()} is what a person types to make the same one by
 * hand (with {@code $IMG}, {@code $DEV} and {@code $MNT} standing for the paths).
 */
public record MountedFs(FsSpec spec, Path image, String device, Path mountPoint) {
    public FsKind kind() {
        return spec.kind();
    }

    public String label() {
        return spec.label();
    }

    /** The shell lines that create, attach and mount the same file system. */
    public List<String> setupScript() {
        return List.of(
                "IMG=/tmp/lt-" + spec.slug() + ".img MNT=/tmp/lt-" + spec.slug() + "-mnt",
                "truncate -s " + (spec.imageBytes() >> 20) + "M $IMG",
                String.join(" ", spec.mkfs("$IMG")),
                "DEV=$(" + String.join(" ", spec.losetup("$IMG")) + ")",
                "mkdir -p $MNT && mount $DEV $MNT");
    }

    /** The shell line that undoes {@link #setupScript()}. */
    public static String teardownLine() {
        return "umount $MNT && losetup -d $DEV && rm $IMG   # afterwards";
    }
}
