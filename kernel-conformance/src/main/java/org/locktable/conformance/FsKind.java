package org.locktable.conformance;

/** The two file systems graded. */
public enum FsKind {
    EXT4("ext4"), XFS("xfs");

    private final String id;

    FsKind(String id) {
        this.id = id;
    }

    /** {@code ext4} or {@code xfs}: the mount type and the catalog's file-system name. */
    public String id() {
        return id;
    }

    /** The catalog's file system. */
    public org.locktable.engine.policy.FileSystem fileSystem() {
        return this == EXT4 ? org.locktable.engine.policy.FileSystem.EXT4 : org.locktable.engine.policy.FileSystem.XFS;
    }

    public static FsKind of(String id) {
        for (FsKind k : values()) {
            if (k.id.equals(id)) {
                return k;
            }
        }
        return null;
    }
}
