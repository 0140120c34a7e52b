package org.locktable.engine.imports;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.locktable.engine.imports.ExtentMap.SizeOrigin.END_OF_MAP;
import static org.locktable.engine.imports.ExtentMap.SizeOrigin.GIVEN;
import static org.locktable.engine.imports.ExtentMap.SizeOrigin.PRINTED;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.locktable.engine.imports.ExtentMap.SizeOrigin;
import org.locktable.engine.model.InvalidInputException;

/**
 * Every captured output of a real file (built on loop-mounted ext4 and XFS, see the resources' README) parses to
 * the layout the file was built with. The expected layouts are typed in here from how each file was built; where
 * the allocator decided (two writes merged into one extent or not, a large fallocate split across block or
 * allocation groups) they were read off the physical block numbers of the raw output.
 */
class RealSamplesTest {
    private static final String LONG = "W W U H ".repeat(10).strip(); // (W W U H) x 10

    /** path, --block-size, --size, expected layout, block size, size, where the size came from. */
    static Stream<Arguments> samples() {
        return Stream.of(
                // ext4, 4 KiB blocks
                ok("ext4-4k/wuuw.filefrag-v.txt", "W U U W", 4096, 16384, PRINTED),
                ok("ext4-4k/wuuw.fiemap-v.txt", "W U U W", 4096, 16384, END_OF_MAP),
                ok("ext4-4k/holes.filefrag-v.txt", "H W H W H", 4096, 20480, PRINTED),
                ok("ext4-4k/holes.fiemap-v.txt", "H W H W H", 4096, 20480, END_OF_MAP),
                ok("ext4-4k/split.filefrag-v.txt", "W|W", 4096, 8192, PRINTED),
                ok("ext4-4k/split.fiemap-v.txt", "W|W", 4096, 8192, END_OF_MAP),
                ok("ext4-4k/ww.filefrag-v.txt", "W W", 4096, 8192, PRINTED),
                ok("ext4-4k/ww.fiemap-v.txt", "W W", 4096, 8192, END_OF_MAP),
                // two direct writes of neighbouring blocks: ext4 put them apart (physical 33286, 33797)
                ok("ext4-4k/ww2.filefrag-v.txt", "W|W", 4096, 8192, PRINTED),
                ok("ext4-4k/ww2.fiemap-v.txt", "W|W", 4096, 8192, END_OF_MAP),
                ok("ext4-4k/keep.filefrag-v.txt", "W W U U", 4096, 8192, PRINTED),
                ok("ext4-4k/keep.fiemap-v.txt", "W W U U", 4096, 16384, END_OF_MAP),
                with("ext4-4k/keep.fiemap-v.txt", null, 8192L, "W W U U", 4096, 8192, GIVEN),
                ok("ext4-4k/mixed.filefrag-v.txt", "W*6 U*3 H H W", 4096, 49052, PRINTED),
                ok("ext4-4k/mixed.fiemap-v.txt", "W*6 U*3 H H W", 4096, 49152, END_OF_MAP),
                with("ext4-4k/mixed.fiemap-v.txt", 4096, 49052L, "W*6 U*3 H H W", 4096, 49052, GIVEN),
                ok("ext4-4k/long.filefrag-v.txt", LONG, 4096, 163840, PRINTED),
                ok("ext4-4k/long.fiemap-v.txt", LONG, 4096, 163840, END_OF_MAP),
                ok("ext4-4k/far.filefrag-v.txt", "H*262144 W", 4096, 1073745920, PRINTED),
                ok("ext4-4k/far.fiemap-v.txt", "H*262144 W", 4096, 1073745920, END_OF_MAP),
                // 40000 blocks fallocated: two extents, apart at physical block 65536
                ok("ext4-4k/bigu.filefrag-v.txt", "U*28672|U*11328", 4096, 163840000, PRINTED),
                ok("ext4-4k/bigu.fiemap-v.txt", "U*28672|U*11328", 4096, 163840000, END_OF_MAP),
                ok("ext4-4k/sparse.filefrag-v.txt", "H H", 4096, 8192, PRINTED),
                ok("ext4-4k/sparse.fiemap-v.txt", "", 4096, 0, END_OF_MAP),
                with("ext4-4k/sparse.fiemap-v.txt", null, 8192L, "H H", 4096, 8192, GIVEN),
                ok("ext4-4k/empty.filefrag-v.txt", "", 4096, 0, PRINTED),
                ok("ext4-4k/empty.fiemap-v.txt", "", 4096, 0, END_OF_MAP),
                ok("ext4-4k/dela.filefrag-v.txt", "W H D D", 4096, 16384, PRINTED),
                ok("ext4-4k/dela.fiemap-v.flushed.txt", "W H W W", 4096, 16384, END_OF_MAP),
                ok("ext4-4k/mixed.filefrag-vX.txt", "W*6 U*3 H H W", 4096, 49052, PRINTED),
                ok("ext4-4k/far.filefrag-vX.txt", "H*262144 W", 4096, 1073745920, PRINTED),
                ok("ext4-4k/mixed.filefrag-vE.txt", "W*6 U*3 H H W", 4096, 49052, PRINTED),
                ok("ext4-4k/mixed.filefrag-vk.txt", "W*24 U*12 H*8 W*4", 1024, 49052, PRINTED),
                with("ext4-4k/mixed.filefrag-vk.txt", 4096, null, "W*6 U*3 H H W", 4096, 49052, PRINTED),

                // ext4, 1 KiB blocks: filefrag states the block size, the xfs_io numbers need --block-size 1024
                ok("ext4-1k/wuuw.filefrag-v.txt", "W U U W", 1024, 4096, PRINTED),
                with("ext4-1k/wuuw.fiemap-v.txt", 1024, null, "W U U W", 1024, 4096, END_OF_MAP),
                ok("ext4-1k/holes.filefrag-v.txt", "H W H W H", 1024, 5120, PRINTED),
                with("ext4-1k/holes.fiemap-v.txt", 1024, null, "H W H W H", 1024, 5120, END_OF_MAP),
                ok("ext4-1k/split.filefrag-v.txt", "W|W", 1024, 2048, PRINTED),
                with("ext4-1k/split.fiemap-v.txt", 1024, null, "W|W", 1024, 2048, END_OF_MAP),
                ok("ext4-1k/ww.filefrag-v.txt", "W W", 1024, 2048, PRINTED),
                with("ext4-1k/ww.fiemap-v.txt", 1024, null, "W W", 1024, 2048, END_OF_MAP),
                ok("ext4-1k/ww2.filefrag-v.txt", "W|W", 1024, 2048, PRINTED),
                with("ext4-1k/ww2.fiemap-v.txt", 1024, null, "W|W", 1024, 2048, END_OF_MAP),
                ok("ext4-1k/keep.filefrag-v.txt", "W W U U", 1024, 2048, PRINTED),
                with("ext4-1k/keep.fiemap-v.txt", 1024, null, "W W U U", 1024, 4096, END_OF_MAP),
                ok("ext4-1k/mixed.filefrag-v.txt", "W*6 U*3 H H W", 1024, 12188, PRINTED),
                with("ext4-1k/mixed.fiemap-v.txt", 1024, null, "W*6 U*3 H H W", 1024, 12288, END_OF_MAP),
                ok("ext4-1k/long.filefrag-v.txt", LONG, 1024, 40960, PRINTED),
                with("ext4-1k/long.fiemap-v.txt", 1024, null, LONG, 1024, 40960, END_OF_MAP),
                ok("ext4-1k/far.filefrag-v.txt", "H*1048576 W", 1024, 1073742848, PRINTED),
                with("ext4-1k/far.fiemap-v.txt", 1024, null, "H*1048576 W", 1024, 1073742848, END_OF_MAP),
                ok("ext4-1k/bigu.filefrag-v.txt", "U*12288|U*14336|U*13376", 1024, 40960000, PRINTED),
                with("ext4-1k/bigu.fiemap-v.txt", 1024, null, "U*12288|U*14336|U*13376", 1024, 40960000, END_OF_MAP),
                ok("ext4-1k/sparse.filefrag-v.txt", "H H", 1024, 2048, PRINTED),
                with("ext4-1k/sparse.fiemap-v.txt", 1024, null, "", 1024, 0, END_OF_MAP),
                ok("ext4-1k/empty.filefrag-v.txt", "", 1024, 0, PRINTED),
                with("ext4-1k/empty.fiemap-v.txt", 1024, null, "", 1024, 0, END_OF_MAP),
                ok("ext4-1k/dela.filefrag-v.txt", "W H D D", 1024, 4096, PRINTED),
                with("ext4-1k/dela.fiemap-v.flushed.txt", 1024, null, "W H W W", 1024, 4096, END_OF_MAP),

                // XFS, 4 KiB blocks
                ok("xfs-4k/wuuw.filefrag-v.txt", "W U U W", 4096, 16384, PRINTED),
                ok("xfs-4k/wuuw.fiemap-v.txt", "W U U W", 4096, 16384, END_OF_MAP),
                ok("xfs-4k/wuuw.xfs_bmap-vp.txt", "W U U W", 4096, 16384, END_OF_MAP),
                ok("xfs-4k/holes.filefrag-v.txt", "H W H W H", 4096, 20480, PRINTED),
                ok("xfs-4k/holes.fiemap-v.txt", "H W H W H", 4096, 20480, END_OF_MAP),
                ok("xfs-4k/holes.xfs_bmap-vp.txt", "H W H W H", 4096, 20480, END_OF_MAP),
                ok("xfs-4k/split.filefrag-v.txt", "W|W", 4096, 8192, PRINTED),
                ok("xfs-4k/split.fiemap-v.txt", "W|W", 4096, 8192, END_OF_MAP),
                ok("xfs-4k/split.xfs_bmap-vp.txt", "W|W", 4096, 8192, END_OF_MAP),
                ok("xfs-4k/ww.filefrag-v.txt", "W W", 4096, 8192, PRINTED),
                ok("xfs-4k/ww.fiemap-v.txt", "W W", 4096, 8192, END_OF_MAP),
                ok("xfs-4k/ww.xfs_bmap-vp.txt", "W W", 4096, 8192, END_OF_MAP),
                // two direct writes of neighbouring blocks: XFS allocated them contiguously, one extent
                ok("xfs-4k/ww2.filefrag-v.txt", "W W", 4096, 8192, PRINTED),
                ok("xfs-4k/ww2.fiemap-v.txt", "W W", 4096, 8192, END_OF_MAP),
                ok("xfs-4k/ww2.xfs_bmap-vp.txt", "W W", 4096, 8192, END_OF_MAP),
                ok("xfs-4k/keep.filefrag-v.txt", "W W U U", 4096, 8192, PRINTED),
                ok("xfs-4k/keep.fiemap-v.txt", "W W U U", 4096, 16384, END_OF_MAP),
                ok("xfs-4k/keep.xfs_bmap-vp.txt", "W W U U", 4096, 16384, END_OF_MAP),
                with("xfs-4k/keep.xfs_bmap-vp.txt", null, 8192L, "W W U U", 4096, 8192, GIVEN),
                ok("xfs-4k/mixed.filefrag-v.txt", "W*6 U*3 H H W", 4096, 49052, PRINTED),
                ok("xfs-4k/mixed.fiemap-v.txt", "W*6 U*3 H H W", 4096, 49152, END_OF_MAP),
                ok("xfs-4k/mixed.xfs_bmap-vp.txt", "W*6 U*3 H H W", 4096, 49152, END_OF_MAP),
                ok("xfs-4k/mixed.xfs_bmap-vvp.txt", "W*6 U*3 H H W", 4096, 49152, END_OF_MAP),
                ok("xfs-4k/long.filefrag-v.txt", LONG, 4096, 163840, PRINTED),
                ok("xfs-4k/long.fiemap-v.txt", LONG, 4096, 163840, END_OF_MAP),
                ok("xfs-4k/long.xfs_bmap-vp.txt", LONG, 4096, 163840, END_OF_MAP),
                ok("xfs-4k/far.filefrag-v.txt", "H*262144 W", 4096, 1073745920, PRINTED),
                ok("xfs-4k/far.fiemap-v.txt", "H*262144 W", 4096, 1073745920, END_OF_MAP),
                ok("xfs-4k/far.xfs_bmap-vp.txt", "H*262144 W", 4096, 1073745920, END_OF_MAP),
                // 40000 blocks fallocated: two extents in two allocation groups
                ok("xfs-4k/bigu.filefrag-v.txt", "U*32527|U*7473", 4096, 163840000, PRINTED),
                ok("xfs-4k/bigu.fiemap-v.txt", "U*32527|U*7473", 4096, 163840000, END_OF_MAP),
                ok("xfs-4k/bigu.xfs_bmap-vp.txt", "U*32527|U*7473", 4096, 163840000, END_OF_MAP),
                ok("xfs-4k/sparse.filefrag-v.txt", "H H", 4096, 8192, PRINTED),
                ok("xfs-4k/sparse.fiemap-v.txt", "", 4096, 0, END_OF_MAP),
                ok("xfs-4k/sparse.xfs_bmap-vp.txt", "", 4096, 0, END_OF_MAP),
                ok("xfs-4k/sparse.xfs_bmap-v.txt", "", 4096, 0, END_OF_MAP),
                with("xfs-4k/sparse.xfs_bmap-vp.txt", null, 8192L, "H H", 4096, 8192, GIVEN),
                ok("xfs-4k/empty.filefrag-v.txt", "", 4096, 0, PRINTED),
                ok("xfs-4k/empty.fiemap-v.txt", "", 4096, 0, END_OF_MAP),
                ok("xfs-4k/empty.xfs_bmap-vp.txt", "", 4096, 0, END_OF_MAP),
                ok("xfs-4k/empty.xfs_bmap-v.txt", "", 4096, 0, END_OF_MAP),
                ok("xfs-4k/dela.filefrag-v.txt", "W H D D", 4096, 16384, PRINTED),
                ok("xfs-4k/dela.xfs_bmap-vpe.txt", "W H D D", 4096, 16384, END_OF_MAP),
                ok("xfs-4k/dela.xfs_bmap-vp.flushed.txt", "W H W W", 4096, 16384, END_OF_MAP),
                ok("xfs-4k/dela.fiemap-v.flushed.txt", "W H W W", 4096, 16384, END_OF_MAP),

                // XFS with a 64 KiB stripe unit
                ok("xfs-stripe/wuuw.xfs_bmap-vp.txt", "W U U W", 4096, 16384, END_OF_MAP),
                ok("xfs-stripe/wuuw.fiemap-v.txt", "W U U W", 4096, 16384, END_OF_MAP),
                ok("xfs-stripe/aligned.xfs_bmap-vp.txt", "W*32 U*32", 4096, 262144, END_OF_MAP),
                ok("xfs-stripe/aligned.fiemap-v.txt", "W*32 U*32", 4096, 262144, END_OF_MAP),
                // without -p the unwritten blocks look written and nothing in the output tells: a note says so
                ok("xfs-stripe/wuuw.xfs_bmap-v.txt", "W W W W", 4096, 16384, END_OF_MAP));
    }

    /** Captured outputs that must be refused: path, line, a fragment of the message. */
    static Stream<Arguments> refusals() {
        Stream<Arguments> noP = Stream.of("wuuw", "holes", "split", "ww", "ww2", "keep", "mixed", "long", "far", "bigu")
                .map(f -> Arguments.of("xfs-4k/" + f + ".xfs_bmap-v.txt", null, 2, XfsBmapParser.NO_P));
        return Stream.concat(noP, Stream.of(
                // stripe unit, no -p: a FLAGS column, but the rows with no stripe bit to show have no flags
                Arguments.of("xfs-stripe/aligned.xfs_bmap-v.txt", null, 3, XfsBmapParser.NO_P),
                // 1 KiB blocks read as 4 KiB: [0..1] is half a block
                Arguments.of("ext4-1k/wuuw.fiemap-v.txt", null, 3, "expected extents of whole 4096-byte blocks; "
                        + "512-byte units 0..1 (bytes 0..1023) end inside a block"),
                Arguments.of("ext4-4k/two-files.filefrag-v.txt", null, 8, "a second file's map starts here"),
                Arguments.of("ext4-4k/wuuw.xfs_bmap-vp.foreign.txt", null, 1,
                        "found \"foreign file active, bmap command is for XFS filesystems onl...\"")));
    }

    private static Arguments ok(String path, String layout, int bs, long size, SizeOrigin origin) {
        return with(path, null, null, layout, bs, size, origin);
    }

    private static Arguments with(String path, Integer bsOption, Long sizeOption, String layout, int bs, long size,
            SizeOrigin origin) {
        return Arguments.of(path, bsOption, sizeOption, layout, bs, size, origin);
    }

    @ParameterizedTest(name = "{0} --block-size {1} --size {2}")
    @MethodSource("samples")
    void parsesToTheBuiltLayout(String path, Integer bsOption, Long sizeOption, String layout, int bs, long size,
            SizeOrigin origin) throws InvalidInputException {
        ExtentMap m = Samples.parse(path, bsOption, sizeOption);
        assertEquals(Samples.layout(layout), m.layout(), () -> path + ": " + m);
        assertEquals(bs, m.blockSize(), path);
        assertEquals(size, m.size(), path);
        assertEquals(origin, m.sizeOrigin(), path);
        assertEquals(toolOf(path), m.tool(), path);
        if (m.tool() == ExtentMap.Tool.FILEFRAG) {
            assertEquals(path.startsWith("xfs") ? "xfs" : "ext4", m.fileSystem(), path);
        }
        m.inode(); // decidable as it is
    }

    @ParameterizedTest(name = "{0}: line {2}")
    @MethodSource("refusals")
    void isRefusedAtTheRightLine(String path, Integer bsOption, int line, String fragment) {
        ExtentMapException e = Samples.failure(Samples.text(path), bsOption, null);
        assertEquals(line, e.line(), e::getMessage);
        assertTrue(e.expected().contains(fragment), () -> "expected '" + fragment + "' in: " + e.expected());
        assertEquals("line " + line + ": " + e.expected(), e.getMessage());
    }

    @Test
    void stripeBitsWithoutAnUnwrittenFlagAreNoted() throws InvalidInputException {
        ExtentMap m = Samples.parse("xfs-stripe/wuuw.xfs_bmap-v.txt", null, null);
        assertEquals(1, m.notes().size(), m.notes()::toString);
        assertTrue(m.notes().get(0).contains("without -p"), m.notes().get(0));
        assertEquals(List.of(), Samples.parse("xfs-stripe/wuuw.xfs_bmap-vp.txt", null, null).notes());
        assertEquals(List.of(), Samples.parse("xfs-4k/wuuw.xfs_bmap-vp.txt", null, null).notes());
    }

    @Test
    void everyCapturedOutputIsTested() throws IOException, URISyntaxException {
        Path dir = Path.of(RealSamplesTest.class.getResource("/imports/versions.txt").toURI()).getParent();
        Set<String> tested = new HashSet<>();
        samples().forEach(a -> tested.add((String) a.get()[0]));
        refusals().forEach(a -> tested.add((String) a.get()[0]));
        Set<String> captured;
        try (Stream<Path> files = Files.walk(dir)) {
            captured = files.filter(p -> p.toString().endsWith(".txt") && !p.getFileName().toString().equals("versions.txt"))
                    .map(p -> dir.relativize(p).toString().replace('\\', '/'))
                    .collect(Collectors.toSet());
        }
        Set<String> untested = new HashSet<>(captured);
        untested.removeAll(tested);
        assertEquals(Set.of(), untested, "captured outputs without a test");
        Set<String> missing = new HashSet<>(tested);
        missing.removeAll(captured);
        assertEquals(Set.of(), missing, "tests without a captured output");
    }

    private static ExtentMap.Tool toolOf(String path) {
        if (path.contains(".filefrag")) {
            return ExtentMap.Tool.FILEFRAG;
        }
        return path.contains(".xfs_bmap") ? ExtentMap.Tool.XFS_BMAP : ExtentMap.Tool.FIEMAP;
    }
}
