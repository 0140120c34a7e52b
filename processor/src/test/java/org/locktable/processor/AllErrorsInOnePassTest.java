package org.locktable.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.locktable.processor.Compile.errorAt;
import static org.locktable.processor.Compile.ids;

import org.junit.jupiter.api.Test;

import com.google.testing.compile.Compilation;

/** Every problem of a class in one compile, each at its own value; nothing said about values javac already rejects. */
class AllErrorsInOnePassTest {

    @Test
    void threeDifferentErrorsInOneClass() {
        Src src = Src.scenario("ThreeErrors",
                "@Scenario(title = \"\")",
                "@ExtentLayout(blocks = \"W U Q W\")",
                "@Write(offset = 512, len = 14336)",
                "@ExpectLock(policy = \"ext4-ptach2\", value = SHARED)",
                "class ThreeErrors {}");
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        errorAt(c, "LT008", src, "\"\"");
        errorAt(c, "LT010", src, "\"W U Q W\"");
        errorAt(c, "LT030", src, "\"ext4-ptach2\"");
        assertThat(c).hadErrorCount(3);
    }

    @Test
    void errorsInSeveralClassesAreAllReported() {
        Src a = Src.scenario("FirstBad",
                "@Scenario(title = \"a\")",
                "@ExtentLayout(blocks = \"W U U W\", blockSize = 100)",
                "@Write(offset = 512, len = 14336)",
                "@ExpectLock(policy = \"ext4-patch2\", value = SHARED)",
                "class FirstBad {}");
        Src b = Src.scenario("SecondBad",
                "@Scenario(title = \"b\")",
                "@ExtentLayout(blocks = \"W U U W\")",
                "@Write(offset = 512, len = 14336, bufferAlignment = 0)",
                "@ExpectLock(policy = \"ext4-patch2\", value = SHARED)",
                "class SecondBad {}");
        Compilation c = Compile.withProcessor(a, b);
        assertThat(c).failed();
        errorAt(c, "LT011", a, "100");
        errorAt(c, "LT023", b, "bufferAlignment = 0", "0");
        assertThat(ids(c)).containsExactly("ERROR LT011", "ERROR LT023");
    }

    @Test
    void errorsAcrossLayoutWriteRelationsAndSweep() {
        Src src = Src.scenario("Everything",
                "@Scenario(title = \"t\")",
                "@ExtentLayout(blocks = \"W U U W\", logicalBlockSize = 300)",
                "@Write(offset = -1, len = 14336)",
                "@ExpectSame(\"ext4-base\")",
                "@ExpectNoStricter(policy = \"xfs-dio\", than = \"xfs-dio\")",
                "@Sweep(layouts = {\"W ? W\"}, offsets = @Range(from = 0, to = 4096, step = 0), lengths = @Range(from = 4096, "
                        + "to = 4096))",
                "class Everything {}");
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        errorAt(c, "LT013", src, "300");
        errorAt(c, "LT020", src, "-1");
        errorAt(c, "LT034", src, "@ExpectSame(\"ext4-base\")", "\"ext4-base\"");
        errorAt(c, "LT035", src, "than = \"xfs-dio\"", "\"xfs-dio\"");
        errorAt(c, "LT054", src, "@Sweep");
        assertThat(c).hadErrorCount(5);
    }

    /** javac reports the unresolved constant; a second, locktable error about "<error>" only adds noise. */
    @Test
    void noLocktableDiagnosticForAValueJavacRejected() {
        Src src = Src.scenario("Unresolved",
                "@Scenario(title = \"t\")",
                "@ExtentLayout(blocks = UNDEFINED_CONSTANT)",
                "@Write(offset = 512, len = 14336)",
                "@ExpectLock(policy = \"ext4-patch2\", value = SHARED)",
                "class Unresolved {}");
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        // javac's own error (its wording differs between JDK 17 and 25), and nothing from the processor
        assertThat(c).hadErrorCount(1);
        assertThat(c).hadErrorContaining("").inFile(src.file).onLine(src.line("UNDEFINED_CONSTANT"));
        assertThat(ids(c)).isEmpty();
    }

    @Test
    void unresolvedEnumConstantIsLeftToJavac() {
        Src src = Src.scenario("UnresolvedLock",
                "@Scenario(title = \"t\")",
                "@ExtentLayout(blocks = \"W U U W\")",
                "@Write(offset = 512, len = 14336)",
                "@ExpectLock(policy = \"ext4-patch2\", value = SHARD)",
                "class UnresolvedLock {}");
        Compilation c = Compile.withProcessor(src);
        assertThat(c).failed();
        // javac's own error ("cannot find symbol" on JDK 17, "an enum annotation value must be an enum constant" on 25)
        assertThat(c).hadErrorCount(1);
        assertThat(c).hadErrorContaining("").inFile(src.file).onLine(src.line("SHARD"));
        assertThat(ids(c)).isEmpty();
    }
}
