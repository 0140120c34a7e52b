package org.locktable.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.locktable.processor.Compile.errorAt;
import static org.locktable.processor.Compile.ids;
import static org.locktable.processor.Compile.message;

import org.junit.jupiter.api.Test;

import com.google.testing.compile.Compilation;

/** LT010..LT023: the file (@ExtentLayout) and the write (@Write), each error at the value it is about. */
class LayoutAndWriteDiagnosticsTest {

    private static Src scenario(String name, String layout, String write) {
        return Src.scenario(name,
                "@Scenario(title = \"t\")",
                layout,
                write,
                "@ExpectLock(policy = \"ext4-base\", value = SHARED)",
                "class " + name + " {}");
    }

    @Test
    void lt010_badLayoutLetter() {
        Src src = scenario("BadLetter", "@ExtentLayout(blocks = \"W X U W\")", "@Write(offset = 0, len = 4096)");
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        errorAt(c, "LT010", src, "\"W X U W\"");
        assertThat(message(c, "LT010")).isEqualTo("[LT010] @ExtentLayout.blocks: layout \"W X U W\", column 3: "
                + "unexpected 'X'; expected a block letter: H or . (hole), U (unwritten), W (written), D (delalloc)");
        assertThat(ids(c)).containsExactly("ERROR LT010");
    }

    @Test
    void lt010_lowerCaseLetterSaysDidYouMean() {
        Src src = scenario("LowerCase", "@ExtentLayout(blocks = \"W U u W\")", "@Write(offset = 0, len = 4096)");
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        errorAt(c, "LT010", src, "\"W U u W\"");
        assertThat(message(c, "LT010")).contains("column 5: unexpected 'u'; block letters are upper case: did you mean 'U'?");
        assertThat(ids(c)).containsExactly("ERROR LT010");
    }

    @Test
    void lt010_emptyLayout() {
        Src src = scenario("EmptyLayout", "@ExtentLayout(blocks = \"\")", "@Write(offset = 0, len = 4096)");
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        errorAt(c, "LT010", src, "blocks = \"\"", "\"\"");
        assertThat(message(c, "LT010")).contains("empty layout");
    }

    @Test
    void lt010_boundaryNextToAHole() {
        Src src = scenario("HoleBar", "@ExtentLayout(blocks = \"W|H\")", "@Write(offset = 0, len = 4096)");
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        errorAt(c, "LT010", src, "\"W|H\"");
        assertThat(message(c, "LT010")).contains("column 2: '|' marks a boundary between two extent records, but a hole has no record");
    }

    @Test
    void lt011_blockSizeNotAPowerOfTwo() {
        Src src = scenario("OddBlocks", "@ExtentLayout(blocks = \"W U U W\", blockSize = 3000)",
                "@Write(offset = 0, len = 4096)");
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        errorAt(c, "LT011", src, "3000");
        assertThat(message(c, "LT011")).isEqualTo(
                "[LT011] @ExtentLayout.blockSize 3000: block size 3000 must be a power of two from 512 to 65536");
        assertThat(ids(c)).containsExactly("ERROR LT011");
    }

    @Test
    void lt011_blockSizeTooLarge() {
        Src src = scenario("HugeBlocks", "@ExtentLayout(blocks = \"W\", blockSize = 131072)", "@Write(offset = 0, len = 4096)");
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        errorAt(c, "LT011", src, "131072");
        assertThat(ids(c)).containsExactly("ERROR LT011");
    }

    @Test
    void lt012_negativeSize() {
        Src src = scenario("NegativeSize", "@ExtentLayout(blocks = \"W U U W\", size = -2)", "@Write(offset = 0, len = 4096)");
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        errorAt(c, "LT012", src, "-2");
        assertThat(message(c, "LT012")).isEqualTo("[LT012] @ExtentLayout.size: file size -2 is negative");
        assertThat(ids(c)).containsExactly("ERROR LT012");
    }

    @Test
    void lt012_diskSizeLargerThanSize() {
        Src src = scenario("DiskSize", "@ExtentLayout(blocks = \"W U U W\", size = 8192, diskSize = 9000)",
                "@Write(offset = 0, len = 4096)");
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        errorAt(c, "LT012", src, "9000");
        assertThat(message(c, "LT012")).isEqualTo("[LT012] @ExtentLayout.diskSize: i_disksize 9000 is larger than i_size 8192");
        assertThat(ids(c)).containsExactly("ERROR LT012");
    }

    @Test
    void lt012_diskSizeLargerThanTheDefaultSize() {
        // i_size defaults to the layout's end: 4 blocks of 4096 = 16384
        Src src = scenario("DiskSizeDefault", "@ExtentLayout(blocks = \"W U U W\", diskSize = 16385)",
                "@Write(offset = 0, len = 4096)");
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        errorAt(c, "LT012", src, "16385");
        assertThat(message(c, "LT012")).contains("i_disksize 16385 is larger than i_size 16384");
    }

    @Test
    void lt013_logicalBlockSize() {
        Src src = scenario("Sectors", "@ExtentLayout(blocks = \"W U U W\", logicalBlockSize = 1000)",
                "@Write(offset = 0, len = 4096)");
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        errorAt(c, "LT013", src, "1000");
        assertThat(message(c, "LT013")).isEqualTo("[LT013] @ExtentLayout.logicalBlockSize: logical block size 1000 must be "
                + "a power of two from 512 to the block size 4096");
        assertThat(ids(c)).containsExactly("ERROR LT013");
    }

    @Test
    void lt013_logicalBlockSizeLargerThanTheBlock() {
        Src src = scenario("BigSectors", "@ExtentLayout(blocks = \"W\", blockSize = 1024, logicalBlockSize = 2048)",
                "@Write(offset = 0, len = 1024)");
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        errorAt(c, "LT013", src, "2048");
        assertThat(ids(c)).containsExactly("ERROR LT013");
    }

    @Test
    void lt014_modeOutsideThePermissionBits() {
        Src src = scenario("BadMode", "@ExtentLayout(blocks = \"W W\", mode = 4755)", "@Write(offset = 0, len = 4096)");
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        errorAt(c, "LT014", src, "4755");
        assertThat(message(c, "LT014")).isEqualTo("[LT014] @ExtentLayout.mode: mode 11223 is not a permission mode "
                + "(octal 0000 to 7777); write it in octal, e.g. 04755");
        assertThat(ids(c)).containsExactly("ERROR LT014");
    }

    @Test
    void setIdModeAndUnprivilegedCallerCompile() {
        Src src = scenario("SetuidUser", "@ExtentLayout(blocks = \"W W\", mode = 04755)",
                "@Write(offset = 0, len = 4096, nowait = true, unprivileged = true)");
        Compilation c = Compile.withProcessor(src);
        assertThat(c).succeeded();
    }

    @Test
    void lt020_negativeOffset() {
        Src src = scenario("NegativeOffset", "@ExtentLayout(blocks = \"W U U W\")", "@Write(offset = -512, len = 4096)");
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        errorAt(c, "LT020", src, "-512");
        assertThat(message(c, "LT020")).isEqualTo("[LT020] @Write.offset: offset -512 is negative; use an offset of 0 or more");
        assertThat(ids(c)).containsExactly("ERROR LT020");
    }

    @Test
    void lt021_zeroLength() {
        Src src = scenario("Empty", "@ExtentLayout(blocks = \"W U U W\")", "@Write(offset = 0, len = 0)");
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        errorAt(c, "LT021", src, "len = 0", "0");
        assertThat(message(c, "LT021")).startsWith("[LT021] @Write.len: length 0 must be at least 1 byte");
        assertThat(ids(c)).containsExactly("ERROR LT021");
    }

    @Test
    void lt021_negativeLength() {
        Src src = scenario("Negative", "@ExtentLayout(blocks = \"W U U W\")", "@Write(offset = 0, len = -4096)");
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        errorAt(c, "LT021", src, "-4096");
        assertThat(ids(c)).containsExactly("ERROR LT021");
    }

    @Test
    void lt022_offsetNearLongMaxValueOverflows() {
        Src src = scenario("Overflow", "@ExtentLayout(blocks = \"W U U W\")",
                "@Write(offset = Long.MAX_VALUE - 4096, len = 4096)");
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        // reported at the larger of the two values, here the offset (javac puts a binary expression at its operator)
        errorAt(c, "LT022", src, "Long.MAX_VALUE - 4096", "- 4096");
        assertThat(message(c, "LT022")).isEqualTo("[LT022] @Write.offset: offset 9223372036854771711 + length 4096 ends "
                + "beyond the largest file offset locktable models (2^63 - 2^16)");
        assertThat(ids(c)).containsExactly("ERROR LT022");
    }

    @Test
    void lt022_endOneBytePastTheLimit() {
        // the limit is 2^63 - 2^16 = 9223372036854710272; 9223372036854706176 + 4097 ends one byte beyond it
        Src src = scenario("JustPast", "@ExtentLayout(blocks = \"W\")", "@Write(offset = 9223372036854706176L, len = 4097)");
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        errorAt(c, "LT022", src, "9223372036854706176L");
        assertThat(ids(c)).containsExactly("ERROR LT022");
    }

    @Test
    void lt022_endExactlyAtTheLimitIsAccepted() {
        Src src = Src.scenario("AtLimit",
                "@Scenario(title = \"t\")",
                "@ExtentLayout(blocks = \"W\")",
                "@Write(offset = 9223372036854706176L, len = 4096)",
                "class AtLimit {}");
        Compilation c = Compile.withProcessor(src);
        assertThat(ids(c)).containsExactly("WARNING LT007");
        assertThat(c).succeeded();
    }

    @Test
    void lt023_bufferAlignmentNotAPowerOfTwo() {
        Src src = scenario("Buffer", "@ExtentLayout(blocks = \"W U U W\")", "@Write(offset = 0, len = 4096, bufferAlignment = 48)");
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        errorAt(c, "LT023", src, "48");
        assertThat(message(c, "LT023")).isEqualTo("[LT023] @Write.bufferAlignment: buffer alignment 48 must be a power of two");
        assertThat(ids(c)).containsExactly("ERROR LT023");
    }

    @Test
    void layoutAndWriteErrorsAreBothReported() {
        Src src = scenario("Both", "@ExtentLayout(blocks = \"W U U W\", blockSize = 1000)", "@Write(offset = -1, len = 0)");
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        errorAt(c, "LT011", src, "1000");
        errorAt(c, "LT020", src, "-1");
        // one engine check per builder: the write's first problem (offset) is the one reported
        assertThat(ids(c)).containsExactly("ERROR LT011", "ERROR LT020");
    }
}
