package org.locktable.conformance;

import java.util.List;

import org.locktable.engine.model.InvalidInputException;
import org.locktable.engine.policy.PolicyInfo.WritePath;
import org.locktable.engine.space.CaseSpace;

/**
 * One exhaustive pass: a case space, and the ext4 and XFS file systems (same geometry) it runs on in parallel.
 *
 * @param id short name ({@code 4k}, {@code 4kn}, {@code 1k})
 * @param title one line for the report
 * @param fileSystems the two file systems
 * @param space the engine's case space
 * @param lbs the logical block size the inodes are given (the loop device's sector size)
 */
public record Pass(String id, String title, List<FsSpec> fileSystems, CaseSpace space, int lbs) {

    /** The standard space (4 blocks of 4 KiB, 512 B steps) on 512-byte-sector devices: the brief's pass. */
    public static Pass standard() {
        return new Pass("4k", "4 KiB blocks, 512-byte sectors", List.of(FsSpec.EXT4, FsSpec.XFS),
                CaseSpace.standard(WritePath.DIRECT), 512);
    }

    /** The same space on 4Kn devices: every write not 4096-aligned meets the logical-block check. */
    public static Pass fourKn() {
        return new Pass("4kn", "4 KiB blocks, 4Kn devices (4096-byte sectors)",
                List.of(new FsSpec(FsKind.EXT4, 4096, 4096), new FsSpec(FsKind.XFS, 4096, 4096)),
                CaseSpace.standard(WritePath.DIRECT), 4096);
    }

    /** Blocks smaller than a page: 4 blocks of 1 KiB, 512 B steps. */
    public static Pass oneK() {
        return new Pass("1k", "1 KiB blocks (smaller than a page), 512-byte sectors",
                List.of(new FsSpec(FsKind.EXT4, 1024, 512), new FsSpec(FsKind.XFS, 1024, 512)),
                space(4, 1024), 512);
    }

    /** The quick pass: layouts of 1..2 blocks of 4 KiB. */
    public static Pass quick() {
        return new Pass("4k-quick", "4 KiB blocks, 512-byte sectors, layouts of 1..2 blocks",
                List.of(FsSpec.EXT4, FsSpec.XFS), space(2, 4096), 512);
    }

    public static List<Pass> full() {
        return List.of(standard(), fourKn(), oneK());
    }

    public static Pass byId(String id) {
        switch (id) {
            case "4k":
                return standard();
            case "4kn":
                return fourKn();
            case "1k":
                return oneK();
            case "quick":
            case "4k-quick":
                return quick();
            default:
                throw new IllegalArgumentException("unknown pass \"" + id + "\": use 4k, 4kn, 1k or quick");
        }
    }

    private static CaseSpace space(int blocks, int blockSize) {
        try {
            return CaseSpace.builder().maxBlocks(blocks).blockSize(blockSize).granularity(512).path(WritePath.DIRECT).build();
        } catch (InvalidInputException e) {
            throw new IllegalStateException(e);
        }
    }
}
