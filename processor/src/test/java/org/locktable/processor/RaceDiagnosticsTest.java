package org.locktable.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.locktable.processor.Compile.errorAt;
import static org.locktable.processor.Compile.ids;
import static org.locktable.processor.Compile.message;
import static org.locktable.processor.Compile.warningAt;

import java.io.File;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;

/** LT090..LT104: {@code @Concurrent}, {@code @Op}, {@code @ExpectSafe} and {@code @ExpectUnsafe}, each problem at its value. */
class RaceDiagnosticsTest {
    static final String LAYOUT = "@ExtentLayout(blocks = \"W W\", size = 6144)";
    static final String A = "@Op(kind = Op.Kind.AIO_DIO, offset = 5120, len = 1024)";
    static final String B = "@Op(kind = Op.Kind.DIO, offset = 4096, len = 4096)";

    /** A race class {@code test.<name>}: {@code @Scenario}, then {@code annotations}. */
    static Src race(String name, String... annotations) {
        String[] body = new String[annotations.length + 2];
        body[0] = "@Scenario(title = \"t\")";
        System.arraycopy(annotations, 0, body, 1, annotations.length);
        body[body.length - 1] = "class " + name + " {}";
        return Src.scenario(name, body);
    }

    @Test
    void aGoodRaceCompilesCleanly() {
        Src src = race("Good", LAYOUT, "@Concurrent", A, B,
                "@ExpectUnsafe(policies = \"ext4-base\", badRanges = \"[6144,8192)\")",
                "@ExpectSafe(policies = \"xfs-dio\")");
        Compilation c = Compile.withProcessor(List.of("-Alocktable.mismatch=error"), src);
        assertThat(c).succeededWithoutWarnings();
    }

    @Test
    void lt090_noOperation() {
        Src src = race("NoOp", LAYOUT, "@Concurrent", "@ExpectSafe(policies = \"xfs-dio\")");
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        errorAt(c, "LT090", src, "@Concurrent");
        assertThat(message(c, "LT090")).isEqualTo(
                "[LT090] @Concurrent races one to four operations, got 0; write one @Op per racing operation");
        assertThat(ids(c)).containsExactly("ERROR LT090");
    }

    @Test
    void lt090_fiveOperationsPointAtTheFifth() {
        Src src = race("Five", LAYOUT, "@Concurrent", A, B, "@Op(kind = Op.Kind.DIO, offset = 0, len = 512)",
                "@Op(kind = Op.Kind.DIO, offset = 1024, len = 512)", "@Op(kind = Op.Kind.DIO_READ, offset = 0, len = 512)",
                "@ExpectSafe(policies = \"xfs-dio\")");
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        errorAt(c, "LT090", src, "@Op(kind = Op.Kind.DIO_READ, offset = 0");
        assertThat(message(c, "LT090")).contains("got 5");
    }

    @Test
    void lt091_offsetsAndLengthsAre512ByteGranularAndFsyncIsBuffered() {
        Src src = race("Granular", LAYOUT, "@Concurrent", "@Op(kind = Op.Kind.AIO_DIO, offset = 5000, len = 0)",
                "@Op(kind = Op.Kind.DIO, offset = 0, len = 512, fsync = true)", "@ExpectSafe(policies = \"xfs-dio\")");
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        errorAt(c, "LT091", src, "offset = 5000", "5000");
        assertThat(ids(c)).containsExactly("ERROR LT091", "ERROR LT091", "ERROR LT091");
        assertThat(c).hadErrorContaining("[LT091] @Op.offset: 5000 is not a multiple of 512 of 0 or more");
        assertThat(c).hadErrorContaining("[LT091] @Op.len: 0 is not a multiple of 512 greater than 0");
        assertThat(c).hadErrorContaining("[LT091] @Op.fsync: only a BUFFERED write takes fsync");
    }

    /** A TRUNCATE takes its new size in offset: a len is an error; without one it races (a truncate of the file). */
    @Test
    void lt091_aTruncateTakesNoLen() {
        Src src = race("TruncLen", LAYOUT, "@Concurrent", A, "@Op(kind = Op.Kind.TRUNCATE, offset = 4096, len = 512)",
                "@ExpectSafe(policies = \"xfs-dio\")");
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        assertThat(c).hadErrorContaining("[LT091] @Op.len: 512: a TRUNCATE takes its new size in offset and no len");
        Src good = race("Trunc", LAYOUT, "@Concurrent", A, "@Op(kind = Op.Kind.TRUNCATE, offset = 4096)",
                "@Op(kind = Op.Kind.DIO_READ, offset = 0, len = 4096)");
        assertThat(Compile.withProcessor(good)).succeeded();
    }

    @Test
    void lt092_anOperationEndingMoreThanABlockPastTheLayout() {
        Src src = race("Far", LAYOUT, "@Concurrent", A, "@Op(kind = Op.Kind.DIO, offset = 8192, len = 8192)",
                "@ExpectSafe(policies = \"xfs-dio\")");
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        errorAt(c, "LT092", src, "len = 8192", "8192");
        assertThat(message(c, "LT092")).isEqualTo("[LT092] @Op dio 8192+8192 ends at 16384, more than one block past "
                + "the layout's end at 8192; lengthen @ExtentLayout.blocks or move the operation");
    }

    @Test
    void lt093_aBufferedPolicyIsNotRacedAndLt030SaysDidYouMean() {
        Src src = race("Buffered", LAYOUT, "@Concurrent", A, B,
                "@ExpectSafe(policies = {\"xfs-buffered\", \"xfs-dio-v511\"})");
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        errorAt(c, "LT093", src, "\"xfs-buffered\"");
        errorAt(c, "LT030", src, "\"xfs-dio-v511\"");
        assertThat(message(c, "LT093")).isEqualTo("[LT093] xfs-buffered is a policy of buffered writes; a race runs "
                + "under a direct-write policy (a BUFFERED @Op runs under its file system's buffered policy): name one of "
                + "ext4-2019-overwrite, ext4-v5.10, ext4-base, ext4-patch1, ext4-patch2, ext4-eof-fix, xfs-dio-v5.11, xfs-dio");
        assertThat(message(c, "LT030")).contains("(did you mean \"xfs-dio-v5.11\"?)");
        assertThat(ids(c)).containsExactly("ERROR LT093", "ERROR LT030");
    }

    @Test
    void lt094_safeAndUnsafeForOnePolicy() {
        Src src = race("Both", LAYOUT, "@Concurrent", A, B, "@ExpectSafe(policies = \"ext4-base\")",
                "@ExpectUnsafe(policies = \"ext4-base\")");
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        errorAt(c, "LT094", src, "@ExpectUnsafe");
        assertThat(message(c, "LT094")).isEqualTo(
                "[LT094] @ExpectUnsafe for ext4-base contradicts an earlier @ExpectSafe of this class for it; keep one");
    }

    @Test
    void lt094_twoDifferentBadRangesForOnePolicy() {
        Src src = race("TwoRanges", LAYOUT, "@Concurrent", A, B,
                "@ExpectUnsafe(policies = \"ext4-base\", badRanges = \"[6144,8192)\")",
                "@ExpectUnsafe(policies = \"ext4-base\", badRanges = \"[4096,8192)\")");
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        errorAt(c, "LT094", src, "@ExpectUnsafe(policies = \"ext4-base\", badRanges = \"[4096,8192)\")");
    }

    @Test
    void lt095_theSameExpectationTwiceIsAWarning() {
        Src src = race("Twice", LAYOUT, "@Concurrent", A, B, "@ExpectSafe(policies = \"xfs-dio\")",
                "@ExpectSafe(policies = {\"xfs-dio-v5.11\", \"xfs-dio\"})");
        Compilation c = Compile.withProcessor(List.of("-Alocktable.mismatch=error"), src);
        assertThat(c).succeeded();
        warningAt(c, "LT095", src, "@ExpectSafe(policies = {");
        assertThat(ids(c)).containsExactly("WARNING LT095");
    }

    @Test
    void lt096_badRangesMustBeAlignedAscendingRanges() {
        Src src = race("Ranges", LAYOUT, "@Concurrent", A, B,
                "@ExpectUnsafe(policies = \"ext4-base\", badRanges = {\"[6144,8000)\", \"6144..8192\", \"[8192,4096)\"})");
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        errorAt(c, "LT096", src, "\"[6144,8000)\"");
        assertThat(ids(c)).containsExactly("ERROR LT096", "ERROR LT096", "ERROR LT096");
        assertThat(c).hadErrorContaining("[LT096] @ExpectUnsafe.badRanges: \"6144..8192\" is not [FROM,TO) in bytes; "
                + "write ascending ranges such as \"[6144,8192)\" with 512-byte-aligned bounds");
        assertThat(c).hadErrorContaining("\"[6144,8000)\" has a bound that is not a multiple of 512");
        assertThat(c).hadErrorContaining("\"[8192,4096)\" is empty");
    }

    @Test
    void lt097_aRaceNeedsItsFile() {
        Src src = race("NoFile", "@Concurrent", A, B, "@ExpectSafe(policies = \"xfs-dio\")");
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        errorAt(c, "LT097", src, "@Concurrent");
        assertThat(ids(c)).containsExactly("ERROR LT097");
    }

    @Test
    void lt098_aRaceHasNoSingleWrite() {
        Src src = race("WithWrite", LAYOUT, "@Write(offset = 0, len = 4096)", "@Concurrent", A, B,
                "@ExpectSafe(policies = \"xfs-dio\")");
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        errorAt(c, "LT098", src, "@Write");
        assertThat(ids(c)).containsExactly("ERROR LT098");
    }

    @Test
    void lt099_raceAnnotationsNeedConcurrent() {
        Src src = race("NoConcurrent", LAYOUT, "@Write(offset = 0, len = 4096)",
                "@ExpectLock(policy = \"xfs-dio\", value = SHARED)", A, "@ExpectSafe(policies = \"xfs-dio\")");
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        errorAt(c, "LT099", src, "@Op");
        errorAt(c, "LT099", src, "@ExpectSafe");
        assertThat(c).hadErrorContaining("[LT099] @Op needs @Concurrent on the same class: which race is it about?");
        assertThat(ids(c)).containsExactly("ERROR LT099", "ERROR LT099");
    }

    @Test
    void lt100_lockExpectationsAreAWritesNotARaces() {
        Src src = race("Lock", LAYOUT, "@Concurrent", A, B, "@ExpectLock(policy = \"xfs-dio\", value = SHARED)",
                "@ExpectSafe(policies = \"xfs-dio\")");
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        errorAt(c, "LT100", src, "@ExpectLock");
        assertThat(ids(c)).containsExactly("ERROR LT100");
    }

    @Test
    void lt101_aRaceWithoutExpectationsIsAWarning() {
        Src src = race("Nothing", LAYOUT, "@Concurrent", A, B);
        Compilation c = Compile.withProcessor(src);
        assertThat(c).succeeded();
        warningAt(c, "LT101", src, "@Concurrent");
        assertThat(ids(c)).containsExactly("WARNING LT101");
    }

    @Test
    void lt031_noPolicyAndNoPolicies() {
        Src src = race("NoPolicy", LAYOUT, "@Concurrent", A, B, "@ExpectSafe");
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        errorAt(c, "LT031", src, "@ExpectSafe");
        assertThat(message(c, "LT031")).startsWith("[LT031] @ExpectSafe names no policy");
    }

    @Test
    void lt102_concurrencyMustBeOnTheClassPathOfTheSuite() {
        List<File> path = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            if (!entry.contains("concurrency")) {
                path.add(new File(entry));
            }
        }
        Src src = race("NoOracle", LAYOUT, "@Concurrent", A, B, "@ExpectSafe(policies = \"xfs-dio\")");
        Compilation c = Compiler.javac().withProcessors(new LocktableProcessor()).withClasspath(path).compile(src.file);
        assertThat(c).failed();
        errorAt(c, "LT102", src, "@Concurrent");
        assertThat(message(c, "LT102")).isEqualTo("[LT102] @Concurrent needs locktable-concurrency on the class path of "
                + "the generated suite (org.locktable.concurrency.RaceCheck not found); add the dependency "
                + "org.locktable:locktable-concurrency (test scope)");
    }

    @Test
    void lt103_aVerdictTheOracleDoesNotBearOutIsAWarningWithTheTimeline() {
        Src src = race("Wrong", LAYOUT, "@Concurrent", A, B, "@ExpectSafe(policies = \"ext4-base\")",
                "@ExpectUnsafe(policies = \"xfs-dio\")",
                "@ExpectUnsafe(policies = \"ext4-patch1\", badRanges = \"[4096,8192)\")");
        Compilation c = Compile.withProcessor(src);
        assertThat(c).succeeded();
        warningAt(c, "LT103", src, "@ExpectSafe");
        assertThat(ids(c)).containsExactly("WARNING LT103", "WARNING LT103", "WARNING LT103");
        assertThat(c).hadWarningContaining("[LT103] the oracle finds UNSAFE, bad [6144,8192) under ext4-base, not SAFE: "
                + "expected SAFE, but the shortest of the unsafe schedules (13 steps) leaves bad [6144,8192) (2334 schedules "
                + "in 128 states)");
        assertThat(c).hadWarningContaining("A: bio done: zero eof-tail [6144,8192)".substring(3));
        assertThat(c).hadWarningContaining("[LT103] the oracle finds SAFE under xfs-dio, not UNSAFE: expected UNSAFE, "
                + "but all 181 schedules in 81 states are explained by a serial order");
        assertThat(c).hadWarningContaining("under ext4-patch1, not UNSAFE, bad [4096,8192): expected the shortest "
                + "counterexample to leave bad [4096,8192), it leaves bad [6144,8192)");
    }

    @Test
    void lt103_asAnErrorWhenAsked() {
        Src src = race("WrongError", LAYOUT, "@Concurrent", A, B, "@ExpectSafe(policies = \"ext4-base\")");
        Compilation c = Compile.withProcessor(List.of("-Alocktable.mismatch=error"), src);
        assertThat(c).failed();
        errorAt(c, "LT103", src, "@ExpectSafe");
    }

    @Test
    void lt104_aRaceTheOracleRefuses() {
        // a 512-byte direct write on a 4096-byte logical block device: the write fails with EINVAL, nothing to race
        Src src = race("Refused", "@ExtentLayout(blocks = \"W W\", logicalBlockSize = 4096)", "@Concurrent",
                "@Op(kind = Op.Kind.DIO, offset = 512, len = 512)", "@ExpectSafe(policies = \"ext4-base\")");
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        errorAt(c, "LT104", src, "@ExpectSafe");
        assertThat(message(c, "LT104")).startsWith("[LT104] the oracle cannot race these operations under ext4-base: ");
    }

    @Test
    void lt105_aRaceFileOfMoreThan64Blocks() {
        Src src = race("Big", "@ExtentLayout(blocks = \"W*65\")", "@Concurrent", "@Op(kind = Op.Kind.DIO, offset = 0, len = 512)",
                "@ExpectSafe(policies = \"xfs-dio\")");
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        errorAt(c, "LT105", src, "\"W*65\"");
        assertThat(ids(c)).containsExactly("ERROR LT105");
    }

    @Test
    void lt106_operationsOverMoreThanEightRecordsInAll() {
        Src src = race("Records", "@ExtentLayout(blocks = \"W U W U W\")", "@Concurrent",
                "@Op(kind = Op.Kind.AIO_DIO, offset = 0, len = 20480)", "@Op(kind = Op.Kind.AIO_DIO, offset = 4096, len = 16384)",
                "@ExpectSafe(policies = \"xfs-dio\")");
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        errorAt(c, "LT106", src, "@Op(kind = Op.Kind.AIO_DIO, offset = 4096");
        assertThat(message(c, "LT106")).startsWith("[LT106] @Op aio-dio 4096+16384 brings the extent records the race's "
                + "operations touch to 9, more than 8");
    }

    @Test
    void lt107_iSizePastTheLayout() {
        Src src = race("Size", "@ExtentLayout(blocks = \"W W\", size = 12288)", "@Concurrent", A, B,
                "@ExpectSafe(policies = \"xfs-dio\")");
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        errorAt(c, "LT107", src, "12288");
        assertThat(message(c, "LT107")).isEqualTo("[LT107] @ExtentLayout.size 12288 lies past the layout's end at 8192: "
                + "the oracle races on the layout's blocks; end the layout with holes (H) up to i_size");
        assertThat(ids(c)).containsExactly("ERROR LT107");
    }

    @Test
    void lt108_noDelallocInARacesLayout() {
        Src src = race("Delalloc", "@ExtentLayout(blocks = \"D W\")", "@Concurrent",
                "@Op(kind = Op.Kind.AIO_DIO, offset = 0, len = 4096)", "@ExpectSafe(policies = \"xfs-dio\")");
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        errorAt(c, "LT108", src, "\"D W\"");
        assertThat(ids(c)).containsExactly("ERROR LT108");
    }
}
