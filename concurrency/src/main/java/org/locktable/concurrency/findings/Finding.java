package org.locktable.concurrency.findings;

import java.util.List;

import org.locktable.concurrency.Operation;
import org.locktable.engine.policy.FileSystem;

/**
 * A race the oracle finds in a kernel still shipped, and what its page under {@code generated-docs/findings/} says:
 * the race as a case ({@code layout}, i_size {@code size}, {@code ops}) under today's policy, the candidate fix as a
 * policy and as a C patch against Debian's 6.12, the case's name in the live replay's TSVs, the reproducer's race,
 * and the prose a maintainer reads (Markdown): how the race arises and what the fix changes.
 */
public record Finding(String page, String title, FileSystem fileSystem, String todayPolicy, String fixPolicy,
        String patch, String layout, long size, List<Operation> ops, String liveCase, String reproRace,
        String reproTest, String introduced, String conditions, String eraNote, String fix) {

    /** R4 (spec §6.2): ext4 since v6.5. */
    public static final Finding R4 = new Finding("ext4-r4", "ext4: an unaligned AIO direct write ending at an unaligned"
            + " EOF races a non-draining writer (R4)", FileSystem.EXT4, "ext4-base", "ext4-eof-fix",
            "linux-6.12/ext4-eof-fix.patch", "W W", 6144, List.of(Operation.aio(5120, 1024), Operation.dio(4096, 4096)),
            "R4", "r4", "locktable-ext4-r4",
            "310ee0902b8d (\"ext4: allow concurrent unaligned dio overwrites\", v6.5)",
            "Since 310ee0902b8d `ext4_dio_write_checks()` (fs/ext4/file.c) keeps the shared `i_rwsem` for an unaligned "
                    + "direct write that is a pure overwrite of written blocks, and `ext4_extending_io()` calls a write "
                    + "extending only when `offset + len > i_size`. But `iomap_dio_bio_iter()` (fs/iomap/direct-io.c) "
                    + "zeroes the rest of the last block when the write ends *at or beyond* EOF (`pos >= "
                    + "i_size_read(inode)` at `zero_tail`), so a write ending exactly at an unaligned `i_size` submits a "
                    + "zero bio over `[i_size, roundup(i_size, bs))`, and an AIO caller gets `-EIOCBQUEUED` with it in "
                    + "flight and the lock dropped. A later writer that takes the lock exclusively without "
                    + "`inode_dio_wait()` — an aligned extending direct write — writes those bytes, and the zero bio may "
                    + "land after them: the block layer orders no two in-flight bios to one sector.\n\n"
                    + "All needed: block size larger than the logical block size; A unaligned, ending exactly at an "
                    + "unaligned `i_size`, over written blocks, asynchronous (libaio or io_uring); B writing bytes in "
                    + "`[i_size, roundup(i_size, bs))` under a lock that does not wait for A's bios.",
            "Before v6.5 each era's policy serialises this write with the writes after it (its lock and drain rules); "
                    + "the model finds no other era with the case unsafe.",
            "Treat an unaligned write with `end >= i_size` as XFS's `xfs_file_dio_write_unaligned()` does (`pos + count "
                    + ">= isize`): exclusive lock, `inode_dio_wait()`, `IOMAP_DIO_FORCE_WAIT`; `-EAGAIN` under "
                    + "`IOCB_NOWAIT`. One more condition in `ext4_dio_write_checks()`.");

    /** The XFS three-operation truncate race: XFS since ed1128c2d0c8 (v5.12). */
    public static final Finding XFS_TRUNCATE = new Finding("xfs-truncate-isize", "xfs: an unaligned direct write samples"
            + " i_size before its lock, and a shrinking truncate in between lets it zero past a concurrent write",
            FileSystem.XFS, "xfs-dio", "xfs-isize-fix", "linux-6.12/xfs-isize-fix.patch", "W W", 8192,
            List.of(Operation.aio(5120, 1024), Operation.truncate(6144), Operation.dio(4096, 4096)),
            "XFS truncate race", "truncate", "locktable-xfs-truncate-isize",
            "ed1128c2d0c8 (\"xfs: reduce exclusive locking on unaligned dio\", v5.12)",
            "`xfs_file_dio_write_unaligned()` (fs/xfs/xfs_file.c) reads `i_size` *before* it takes the inode lock and "
                    + "chooses from it: a write with `pos + count >= isize` goes exclusive with `IOMAP_DIO_FORCE_WAIT` "
                    + "(\"the iomap DIO code always does partial tail sub-block zeroing for post-EOF writes\"), any other "
                    + "unaligned write takes `IOLOCK_SHARED` with `IOMAP_DIO_OVERWRITE_ONLY`. Nothing checks the choice "
                    + "once the lock is held. A shrinking truncate that runs between the read and the lock "
                    + "(`xfs_setattr_size()`, under `IOLOCK_EXCL`) moves EOF to the write's end: the write then runs "
                    + "shared, and `iomap_dio_bio_iter()` zeroes the rest of its last block (`pos >= i_size_read(inode)` "
                    + "at `zero_tail`). An aligned direct write, shared too, extends the file over that block; when the "
                    + "zero bio lands after its data, the file is as long as that write made it and its tail is zeros no "
                    + "serial order leaves there.\n\n"
                    + "All needed: block size larger than the logical block size; A unaligned, inside `i_size` when it "
                    + "reads it, over written blocks (an overwrite, so shared); a truncate to A's end taking the lock "
                    + "between A's `i_size_read()` and A's lock; C writing A's block past the new EOF under the shared "
                    + "lock before A's zero bio lands. Synchronous or asynchronous A alike: it holds the shared lock "
                    + "while its bios run, and so does C.",
            "The UNSAFE era before it is another route to the same bytes: from v4.20 (iomap's EOF-tail zeroing) to v5.0 "
                    + "the unaligned write was exclusive but did not wait for its own bios, so R4 itself corrupted XFS, "
                    + "truncate or not (`kernel:4.20 --fs xfs`, R4: UNSAFE), until 2032a8a27b5c (\"xfs: serialize "
                    + "unaligned dio writes against all other dio writes\", v5.1) made it wait (generated-docs/history.md). "
                    + "From v5.1 to v5.11 every unaligned write was exclusive and waited.",
            "Check the choice again once the lock is held, as the exclusive path already must: under `IOLOCK_SHARED`, "
                    + "re-read `i_size` and, if the write now ends at or past it, drop the lock and retry exclusively "
                    + "(`retry_exclusive`). The fix's policy asks the same question with both i_sizes "
                    + "(`XfsDioWrite.unalignedRechecksUnderLock`).");

    /** Every finding, in page order. */
    public static final List<Finding> ALL = List.of(R4, XFS_TRUNCATE);

    /** {@code race}'s command line for the case under {@code policy}. */
    public String raceCommand(String policy) {
        StringBuilder b = new StringBuilder("bin/locktable race --policy ").append(policy).append(" --layout \"")
                .append(layout).append("\" --size ").append(size);
        ops.forEach(o -> b.append(" --op \"").append(o).append('"'));
        return b.toString();
    }
}
