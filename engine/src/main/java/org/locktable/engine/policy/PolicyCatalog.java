package org.locktable.engine.policy;

import static org.locktable.engine.policy.PolicyInfo.Status.MERGED;
import static org.locktable.engine.policy.PolicyInfo.Status.PROPOSED;
import static org.locktable.engine.policy.PolicyInfo.Status.RFC;
import static org.locktable.engine.policy.PolicyInfo.WritePath.BUFFERED;
import static org.locktable.engine.policy.PolicyInfo.WritePath.DIRECT;
import static org.locktable.engine.policy.PolicyInfo.WritePath.WRITETHROUGH_NOSERIAL;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

import org.locktable.engine.model.InvalidInputException;
import org.locktable.engine.names.Levenshtein;

/** Every policy locktable models, by id. */
public final class PolicyCatalog {
    private static final String SEED_BAOKUN = "000_cdc48bc5817f773e.txt";
    private static final String SEED_KARA = "001_4b2718e110802c1c.txt";
    private static final String SEED_WRITETHROUGH = "002_8cd9365cfb5dadb1.txt";
    private static final String SEED_BUFFERED_IOMAP = "003_98f30626f3ee06ee.txt";
    private static final String SEED_CHINNER = "004_e1c1f6cebe9c2753.txt";

    static final Ext4Base EXT4_BASE = new Ext4Base(new PolicyInfo("ext4-base",
            "ext4 direct write, mainline", "ext4", DIRECT, "v6.5 .. v7.x (310ee0902b8d; v7.0 iomap_begin)", MERGED,
            SEED_BAOKUN, new KernelRange("ext4", new KernelVersion(6, 5), null),
            List.of("fs/ext4/file.c: ext4_dio_write_iter, ext4_dio_write_checks, ext4_overwrite_io",
                    "fs/ext4/inode.c: ext4_iomap_begin, ext4_iomap_alloc"),
            List.of()));

    private static final List<Policy> ALL = List.of(
            new Ext4Overwrite2019(new PolicyInfo("ext4-2019-overwrite",
                    "ext4 DIO overwrites without a transaction (Jan Kara)", "ext4", DIRECT,
                    "v5.5 + 8cd115bdda17 (ext4 dev tree, Dec 2019; released in v5.6 with shared-first locking)", MERGED,
                    SEED_KARA, null,
                    List.of("fs/ext4/file.c: ext4_dio_write_iter, ext4_unaligned_aio, ext4_overwrite_io (v5.5)",
                            "fs/ext4/inode.c: ext4_iomap_begin, ext4_iomap_overwrite_begin"),
                    List.of())),
            new Ext4V510(new PolicyInfo("ext4-v5.10",
                    "ext4 direct write, LTS 5.10 / 5.15 / 6.1: shared only for aligned written overwrites", "ext4",
                    DIRECT, "v5.10 .. v6.3 (shared-first locking of v5.6, NOWAIT -EAGAIN of v5.8, 9faac62d4013)",
                    MERGED, SEED_BAOKUN, new KernelRange("ext4", new KernelVersion(5, 10), new KernelVersion(6, 4)),
                    List.of("fs/ext4/file.c: ext4_dio_write_iter, ext4_dio_write_checks, ext4_overwrite_io (v5.10)",
                            "fs/ext4/inode.c: ext4_iomap_begin, ext4_iomap_alloc (v5.10)"),
                    List.of("ext4_iomap_alloc below i_size uses IO_CREATE_EXT and tags a split unwritten extent new, "
                            + "as read in v5.5; the v5.10 source was not re-read for that flag"))),
            EXT4_BASE,
            new Ext4Patch1(new PolicyInfo("ext4-patch1",
                    "ext4: skip overwrite check for aligned non-extending DIO writes (Baokun Li 1/2)", "ext4", DIRECT,
                    "v7.0 + [PATCH 1/2]", PROPOSED, SEED_BAOKUN, null,
                    List.of("fs/ext4/file.c: ext4_dio_write_checks (patched)"),
                    List.of("an aligned NOWAIT write into a hole proceeds and may block: ext4_iomap_begin ignores IOMAP_NOWAIT"))),
            new Ext4Patch2(new PolicyInfo("ext4-patch2",
                    "ext4: base unaligned DIO lock decision on partial block zeroing (Baokun Li 1+2/2)", "ext4", DIRECT,
                    "v7.0 + [PATCH 1/2] + [PATCH 2/2]", PROPOSED, SEED_BAOKUN, null,
                    List.of("fs/ext4/file.c: ext4_dio_write_checks, ext4_dio_needs_zeroing (patched)"),
                    List.of("an aligned NOWAIT write into a hole proceeds and may block: ext4_iomap_begin ignores IOMAP_NOWAIT"))),
            new XfsDioV511(new PolicyInfo("xfs-dio-v5.11",
                    "XFS direct write: aligned shared, unaligned exclusive", "xfs", DIRECT, "v4.14 .. v5.11", MERGED,
                    SEED_CHINNER, new KernelRange("xfs", new KernelVersion(4, 14), new KernelVersion(5, 12)),
                    List.of("fs/xfs/xfs_file.c: xfs_file_dio_aio_write, xfs_file_aio_write_checks",
                            "fs/xfs/xfs_iomap.c: xfs_direct_write_iomap_begin"),
                    List.of())),
            new XfsDio(new PolicyInfo("xfs-dio",
                    "XFS direct write: shared unaligned fast path (Chinner / Hellwig)", "xfs", DIRECT,
                    "v5.12+ (ed1128c2d0c8)", MERGED, SEED_CHINNER,
                    new KernelRange("xfs", new KernelVersion(5, 12), null),
                    List.of("fs/xfs/xfs_file.c: xfs_file_dio_write, xfs_file_dio_write_aligned, xfs_file_dio_write_unaligned, "
                            + "xfs_file_write_checks",
                            "fs/xfs/xfs_iomap.c: xfs_direct_write_iomap_begin",
                            "fs/iomap/direct-io.c: __iomap_dio_rw (IOMAP_DIO_OVERWRITE_ONLY)"),
                    List.of())),
            new XfsBuffered(new PolicyInfo("xfs-buffered",
                    "XFS buffered write", "xfs", BUFFERED, "v6.0+ (1aa91d9c9933, NOWAIT buffered writes)", MERGED,
                    SEED_WRITETHROUGH, new KernelRange("xfs", new KernelVersion(6, 0), null),
                    List.of("fs/xfs/xfs_file.c: xfs_file_buffered_write, xfs_file_write_checks"),
                    List.of())),
            new XfsWritethroughNoserial(new PolicyInfo("xfs-writethrough-noserial",
                    "XFS RWF_WRITETHROUGH + RWF_NOSERIAL (Ojaswin Mujoo, RFC v4)", "xfs", WRITETHROUGH_NOSERIAL,
                    "v7.2-rc1 + [RFC PATCH v4 00/13]", RFC, SEED_WRITETHROUGH, null,
                    List.of("fs/xfs/xfs_file.c: xfs_file_buffered_write (writethrough branch)",
                            "fs/iomap/buffered-io.c: writethrough submission through iomap_dio_rw"),
                    List.of("shared IOLOCK for RWF_WRITETHROUGH|RWF_NOSERIAL",
                            "exclusive for !IS_NOSEC, pos > i_size (EOF zeroing, drained) and end > i_size (i_size updated in the write path)",
                            "NOWAIT: -EAGAIN where an upgrade is needed, except !IS_NOSEC (trylock)",
                            "data submitted as a block-aligned DIO of the folio range: no sub-block zeroing",
                            "RWF_NOSERIAL without RWF_WRITETHROUGH: EOPNOTSUPP"))),
            new Ext4BufferedBh(new PolicyInfo("ext4-buffered-bh",
                    "ext4 buffered write, buffer_head path", "ext4", BUFFERED, "v5.5 .. v7.x", MERGED,
                    SEED_BUFFERED_IOMAP, new KernelRange("ext4", new KernelVersion(5, 5), null),
                    List.of("fs/ext4/file.c: ext4_buffered_write_iter", "fs/ext4/inode.c: ext4_da_do_write_end"),
                    List.of())),
            new Ext4BufferedIomap(new PolicyInfo("ext4-buffered-iomap",
                    "ext4 buffered write through iomap (Zhang Yi, v5)", "ext4", BUFFERED,
                    "next-20260810 + [PATCH -next v5 00/32], mount -o buffered_iomap", PROPOSED, SEED_BUFFERED_IOMAP, null,
                    List.of("fs/ext4/file.c: ext4_buffered_write_iter (iomap_file_buffered_write)"),
                    List.of("v5 keeps the exclusive inode_lock of v2 (the v5 cover letter names no locking change)",
                            "journal handles at write time: none for delalloc"))));

    private PolicyCatalog() {
    }

    /** All policies, in catalog order (ext4 DIO history, XFS DIO, buffered paths). */
    public static List<Policy> all() {
        return ALL;
    }

    public static List<String> ids() {
        List<String> ids = new ArrayList<>();
        for (Policy p : ALL) {
            ids.add(p.id());
        }
        return ids;
    }

    public static Optional<Policy> find(String id) {
        for (Policy p : ALL) {
            if (p.id().equals(id)) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }

    /** The policy, or an error naming the unknown id, the closest known one and the full list. */
    public static Policy get(String id) throws InvalidInputException {
        Optional<Policy> p = find(id);
        if (p.isPresent()) {
            return p.get();
        }
        String closest = closest(id);
        throw new InvalidInputException("policy", "unknown policy \"" + id + "\""
                + (closest != null ? "; did you mean \"" + closest + "\"?" : ".") + " Known: " + String.join(", ", ids()));
    }

    /** The known id nearest to {@code id} by edit distance, or null when none is close. */
    public static String closest(String id) {
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String known : ids()) {
            int d = Levenshtein.distance(id, known);
            if (d < bestDistance) {
                bestDistance = d;
                best = known;
            }
        }
        return bestDistance <= Math.max(3, id.length() / 3) ? best : null;
    }

    /** The policy whose live range contains this kernel for this file system: what the running kernel should match. */
    public static Optional<Policy> forKernel(String fileSystem, KernelVersion version, PolicyInfo.WritePath path) {
        return ALL.stream()
                .filter(p -> p.info().path() == path && p.info().live() != null && p.info().live().contains(fileSystem, version))
                .max(Comparator.comparing(p -> p.info().live().from()));
    }
}
