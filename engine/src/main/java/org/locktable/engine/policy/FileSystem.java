package org.locktable.engine.policy;

import java.util.Locale;

import org.locktable.engine.model.InvalidInputException;

/** The file system whose {@code ->write_iter} a policy models. */
public enum FileSystem {
    EXT4, XFS;

    /** The name mkfs, mount and {@code $FSTYP} use: {@code ext4}, {@code xfs}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The file system named {@code label} ({@code ext4} or {@code xfs}, any case). */
    public static FileSystem of(String label) throws InvalidInputException {
        for (FileSystem fs : values()) {
            if (fs.label().equalsIgnoreCase(label)) {
                return fs;
            }
        }
        throw new InvalidInputException("file system", "unknown file system \"" + label + "\" (ext4 or xfs)");
    }

    /** The file system named {@code label}, if any: for names that come from a mount or a file, not from a user. */
    public static java.util.Optional<FileSystem> find(String label) {
        for (FileSystem fs : values()) {
            if (fs.label().equalsIgnoreCase(label)) {
                return java.util.Optional.of(fs);
            }
        }
        return java.util.Optional.empty();
    }

    @Override
    public String toString() {
        return label();
    }
}
