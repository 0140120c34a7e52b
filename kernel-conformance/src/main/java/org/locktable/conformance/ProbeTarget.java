package org.locktable.conformance;

import java.io.IOException;
import java.io.PrintStream;

/**
 * Where the passes and the scenario replay run: the host's own kernel ({@link Rig}) or another kernel booted in a
 * virtual machine. It makes and mounts the file systems, starts one helper on each, frees them, and says which
 * kernel answered.
 */
public interface ProbeTarget {
    /** The file system for {@code spec}, made and mounted on first use. */
    MountedFs fs(FsSpec spec) throws IOException;

    /** A new helper on {@code fs}, its block size set. */
    Ltprobe helper(MountedFs fs) throws IOException;

    /** Unmounts {@code spec}'s file system (and what was made after it). */
    void release(FsSpec spec);

    /** The release of the kernel that answers ({@code uname -r}). */
    String kernelRelease();

    /** The machine's architecture, for the report. */
    default String machine() {
        return System.getProperty("os.arch", "?");
    }

    /**
     * Whether a disagreement can be replayed with xfs_io on this machine's shell: only where the file systems are
     * the host's own.
     */
    default boolean replaysOnHost() {
        return true;
    }

    /** A target that owns what it set up: {@link #close()} tears it all down. */
    interface Session extends ProbeTarget, AutoCloseable {
        @Override
        void close();
    }

    /** Sets a session up (the host's rig, or a booted guest), reporting progress on {@code console}. */
    @FunctionalInterface
    interface Opener {
        Session open(PrintStream console) throws IOException;
    }
}
