package org.locktable.replay;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import org.locktable.rig.FileMap;

/**
 * Where a {@link Replay} runs: ext4 or XFS mounted on a loop device over the image a reordering FUSE daemon
 * ({@code ltreorder.c}) serves, and the race helper ({@code ltrun.c}) beside it. On this machine that is
 * {@link ReorderDevice}; kernel-matrix sets the same up inside a guest kernel under QEMU. Paths are the machine's
 * own: a guest's paths mean nothing here and are only handed back to it.
 */
public interface ReplayDevice {
    /** {@code ext4} or {@code xfs}. */
    String type();

    Path mountPoint();

    /** The daemon's control file, which the helper also writes its {@code release} commands to. */
    Path ctl();

    /** Sends one command to the daemon (the syntax is at the top of {@code ltreorder.c}). */
    void command(String line) throws IOException;

    /** {@code /sys/block/loopN/queue/nomerges}: 2 keeps a write's data and zero bios separate requests. */
    void nomerges(int value) throws IOException;

    /** umount + mount: what is read next comes from the disk, and the inode is read in afresh. */
    void remount() throws IOException;

    /** Where the daemon's write log ends now: {@link #logSince} from here gives what comes later. */
    long logMark() throws IOException;

    /** The daemon's log lines after {@code mark}. */
    List<String> logSince(long mark) throws IOException;

    /** Runs the race helper with {@code args}: its output lines; an IOException naming the failure when it fails. */
    List<String> ltrun(List<String> args) throws IOException;

    /** The file's size and FIEMAP extents. */
    FileMap fileMap(Path file) throws IOException;

    /** {@code xfs_io -c COMMAND FILE}. */
    void xfsIo(String command, Path file) throws IOException;

    /** Removes the file when it is there. */
    void delete(Path file) throws IOException;
}
