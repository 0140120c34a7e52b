package org.locktable.concurrency.history;

import java.util.List;

import org.locktable.engine.policy.FileSystem;

/**
 * The direct-I/O races of ext4, XFS, fs/direct-io.c and fs/iomap/direct-io.c since v2.6.36 that a lock, drain, wait,
 * zeroing, completion-order or i_size rule fixed, read from the fixing commits and the xfstests tests that reproduce
 * them; the cases are the tests' own (offsets from generic/538) or their smallest form. Oldest fix first; the races
 * still open in shipped kernels last.
 */
public final class KnownRaces {
    private static final FileSystem EXT4 = FileSystem.EXT4;
    private static final FileSystem XFS = FileSystem.XFS;

    public static final List<KnownRace> ALL = List.of(
            KnownRace.modelled("unaligned AIO writes into one new block", EXT4, "H H", 8192,
                    List.of("aio-dio 0+512", "aio-dio 1024+512"), "2.6.37", "2.6.38",
                    "e9e3bcecf44c ext4: serialize unaligned asynchronous DIO", "ext4's unwritten DIO path (v2.6.32)",
                    "generic/240", "two sub-block AIO writes into one hole both map it new and zero each other's half "
                            + "(dio_zero_block)"),
            KnownRace.modelled("unaligned AIO writes into one new block", XFS, "H H", 8192,
                    List.of("aio-dio 0+512", "aio-dio 1024+512"), "2.6.37", "2.6.38",
                    "eda77982729b xfs: serialise unaligned direct IOs", "-", "generic/240",
                    "the same: sub-block writes to one new block under the shared iolock zero each other's data"),
            KnownRace.modelled("extending sub-block AIO writes: EOF zeroing on an unstable i_size", XFS, "W W H H", 5120,
                    List.of("aio-dio 4096+4096", "aio-dio 12800+512"), "4.2", "4.3",
                    "3136e8bb3054 xfs: always drain dio before extending aio write submission", "v3.15 (DIO_ASYNC_EXTEND)",
                    "generic/114", "an unaligned write beyond EOF, exclusive from the start, zeroes [i_size, pos) through "
                            + "the page cache before it drains: an earlier extending AIO write's completion has not yet "
                            + "moved i_size, and the dirty zeros are written back over its data"),
            KnownRace.modelled("i_size updated before the unwritten conversion", XFS, "W H", 4096,
                    List.of("aio-dio 4096+4096", "dio-read 4096+4096"), "4.13", "4.14",
                    "ee70daaba82d xfs: update i_size after unwritten conversion in dio completion",
                    "d531d91d6990 (v3.15)", "generic/465", "an appending direct write's new size is visible before its "
                            + "extent is converted: a direct read returns zeros for the new bytes"),
            KnownRace.missed("direct read checks i_size outside the file system", EXT4,
                    "9fe55eea7e4b Fix race when checking i_size on direct i/o read", "-", "generic/465",
                    "a direct read racing an appending write returns zeros",
                    "ext4's read paths before v4.13 (DIO_LOCKING, dioread_nolock) are not modelled: races with reads "
                            + "are refused there"),
            KnownRace.modelled("fallocate sizes the file before draining", XFS, "H H", 0,
                    List.of("aio-dio 4096+4096", "fallocate 0+4096"), "5.4", "5.5",
                    "249bd9087a52 xfs: properly serialise fallocate against AIO+DIO", "-", "generic/586",
                    "an extending AIO write in flight is cut off by a fallocate that computed the new size first: the "
                            + "file ends one block long"),
            KnownRace.missed("post-EOF block trimming during an extending AIO write", XFS,
                    "e4229d6b0bc9 xfs: fix eofblocks race with file extending async dio writes", "-",
                    "generic/299, generic/427", "close() trims blocks past the old EOF that the in-flight write uses",
                    "no eofblocks-trim operation in the language"),
            KnownRace.missed("an unlocked overwrite not counted as in-flight DIO", EXT4,
                    "1f555cfa29e8 ext4: serialize truncate with owerwrite DIO workers", "4bd809dbbf17 (v3.6)", "-",
                    "a truncate frees blocks a dioread_nolock overwrite is writing",
                    "truncate is today's; per-era truncate and the overwrite's released i_mutex are deliverable 2"),
            KnownRace.missed("unlocked direct reads against truncate", EXT4,
                    "1c9114f9c0f1 ext4: serialize unlocked dio reads with truncate", "-", "-",
                    "a dioread_nolock read returns stale data of freed blocks",
                    "ext4's unlocked dioread_nolock reads and truncate's ext4_inode_block_unlocked_dio are not modelled "
                            + "(ReadsTest shows the class with a policy whose reads take no lock)"),
            KnownRace.missed("punch hole against unlocked direct I/O", EXT4,
                    "02d262dffcf4 ext4: serialize unlocked dio reads / writes with punch hole", "-", "-",
                    "a direct read or write touches blocks a punch freed",
                    "ext4's read paths before v4.13 and its punch before the fix are not modelled"),
            KnownRace.missed("in-flight count dropped before the unwritten conversion", EXT4,
                    "266991b13890 ext4: fix race between unwritten extent conversion and truncate", "-", "-",
                    "truncate runs before an AIO write's conversion", "needs the completion's steps in order"),
            KnownRace.missed("an AIO completion reported before the conversion", EXT4,
                    "40e2e97316af direct-io: move aio_complete into ->end_io", "-", "-",
                    "a read after io_getevents returns zeros", "fixed before v2.6.36, the first release modelled"),
            KnownRace.missed("sub-block direct write leaves the tail beyond EOF unzeroed", XFS,
                    "b450672fb66b iomap: sub-block dio needs to zeroout beyond EOF", "v4.10 (iomap_dio_rw)", "fsx",
                    "stale disk bytes past EOF visible through mmap", "needs mmap reads of the block beyond EOF"),
            KnownRace.missed("a mapping spanning EOF not marked new", XFS,
                    "0e1f789d0dc3 xfs: don't map ranges that span EOF for direct IO", "-", "generic/263",
                    "the tail of the last block is not zeroed", "needs buffered reads and get_block's mapping size"),
            KnownRace.missed("direct write against buffered read leaves stale page cache", XFS,
                    "332391a9935d / 5e25c269e17d (page-cache invalidation after direct writes)", "c771c14baa33",
                    "generic/418, generic/451", "the page cache holds the old data after the write",
                    "page-cache invalidation: the model has no clean cached pages"),
            KnownRace.missed("buffered read or fault against punch hole", EXT4,
                    "d4f5258eae7b (invalidate_lock)", "-", "-", "a read refills the page cache over a punched range",
                    "page cache and mmap faults are outside the model"),
            KnownRace.modelled("unaligned AIO write at an unaligned EOF not serialised", EXT4,
                    "H H H H H H H H H H H", 41472, List.of("aio-dio 37376+4096", "aio-dio 41472+4096"), "5.0", "5.1",
                    "372a03e01853 ext4: fix data corruption caused by unaligned direct AIO",
                    "e9e3bcecf44c (v2.6.38)", "generic/538",
                    "truncate to 41472, then AIO 4096@37376 and AIO 4096@41472: bytes 40960-41471 of the first "
                            + "write zeroed"),
            KnownRace.modelled("unaligned AIO write then an overlapping aligned write", XFS, "U", 4096,
                    List.of("aio-dio 512+1024", "aio-dio 0+4096"), "5.0", "5.1",
                    "2032a8a27b5c xfs: serialize unaligned dio writes against all other dio writes",
                    "eda77982729b (v2.6.38)", "generic/538",
                    "the unaligned write's sub-block zeroing lands after the aligned write's data")
                    .revertedBy("xfs-revert-2032a8a27b5c-wait.patch"),
            KnownRace.modelled("unaligned AIO write then an overlapping aligned write", EXT4, "U", 4096,
                    List.of("aio-dio 512+1024", "aio-dio 0+4096"), "5.1", "5.2",
                    "57a0da28ced8 ext4: fix data corruption caused by overlapping unaligned and aligned IO",
                    "e9e3bcecf44c (v2.6.38)", "generic/538", "the same, on ext4")
                    .revertedBy("ext4-revert-57a0da28ced8-wait.patch"),
            KnownRace.modelled("R4: a shared write ending at EOF tail-zeroes an extension", EXT4, "W W", 6144,
                    List.of("aio-dio 5120+1024", "dio 4096+4096"), "6.5", null,
                    "open; candidate fix: ext4-eof-fix (generated-docs/safety.md)",
                    "310ee0902b8d (v6.5)", "-", "an AIO write ending at i_size zeroes the rest of its block after an "
                            + "extending write put data there")
                    .candidateFix("ext4-eof-fix"),
            KnownRace.modelled("a truncate between XFS's i_size read and its lock", XFS, "W W", 8192,
                    List.of("aio-dio 5120+1024", "truncate 6144", "dio 4096+4096"), "5.12", null,
                    "open; candidate fix: xfs-isize-fix (the EOF test repeated under IOLOCK_SHARED)",
                    "ed1128c2d0c8 (v5.12)", "-", "xfs_file_dio_write_unaligned reads i_size before locking; a "
                            + "shrinking truncate in between lets a write that now ends at EOF run shared and zero the "
                            + "tail")
                    .candidateFix("xfs-isize-fix"));

    private KnownRaces() {
    }
}
