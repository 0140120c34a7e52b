package org.locktable.engine.policy;

/**
 * Live kernel versions {@code [from, until)} of one file system whose write path a policy models;
 * {@code until == null} means "up to the newest kernel read".
 */
public record KernelRange(FileSystem fileSystem, KernelVersion from, KernelVersion until) {
    public boolean contains(FileSystem fs, KernelVersion v) {
        return fileSystem == fs && v.compareTo(from) >= 0 && (until == null || v.compareTo(until) < 0);
    }

    /** {@code v5.10 .. <v6.4}, or {@code v6.5+} when open-ended. */
    public String versions() {
        return from + (until == null ? "+" : " .. <" + until);
    }

    @Override
    public String toString() {
        return fileSystem + " " + versions();
    }
}
