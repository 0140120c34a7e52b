package org.locktable.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;

import java.util.List;

import javax.tools.JavaFileObject;

import org.junit.jupiter.api.Test;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;

/**
 * The generated suite, Markdown page(s) and index of five representative scenarios, compared as text with reviewed
 * golden files in src/test/resources/golden/. Regenerate with {@value Goldens#UPDATE_COMMAND}.
 */
class GoldenFilesTest {
    /** The good inputs: src/test/resources/good/. */
    static JavaFileObject good(String path) {
        return JavaFileObjects.forResource("good/" + path);
    }

    static Compilation compileGood(String... paths) {
        JavaFileObject[] files = new JavaFileObject[paths.length];
        for (int i = 0; i < paths.length; i++) {
            files[i] = good(paths[i]);
        }
        return Compile.withProcessor(List.of("-Alocktable.mismatch=error"), files);
    }

    static final String[] SINGLE = {"single/UnalignedWrittenEdges.java"};
    static final String[] NOWAIT = {"nowait/NowaitIntoHole.java"};
    static final String[] PRIVILEGE = {"privilege/SetuidUnprivileged.java"};
    static final String[] SWEEP = {"sweep/XfsDioUnalignedFastPath.java"};
    static final String[] RACE = {"race/R4EofTailZero.java"};
    static final String[] PACKAGE = {"pkg/package-info.java", "pkg/AlignedOverwrite.java", "pkg/AlignedAppend.java"};

    @Test
    void singleWriteWithExpectationsAndRelations() {
        Compilation c = compileGood(SINGLE);
        assertThat(c).succeededWithoutWarnings();
        Goldens.check("single-write", c);
    }

    @Test
    void nowaitWrite() {
        Compilation c = compileGood(NOWAIT);
        assertThat(c).succeededWithoutWarnings();
        Goldens.check("nowait", c);
    }

    @Test
    void setIdModeAndUnprivilegedCaller() {
        Compilation c = compileGood(PRIVILEGE);
        assertThat(c).succeededWithoutWarnings();
        Goldens.check("privilege", c);
    }

    @Test
    void sweepWithRules() {
        Compilation c = compileGood(SWEEP);
        assertThat(c).succeededWithoutWarnings();
        Goldens.check("sweep", c);
    }

    @Test
    void concurrentRace() {
        Compilation c = compileGood(RACE);
        assertThat(c).succeededWithoutWarnings();
        Goldens.check("race", c);
    }

    @Test
    void packageLevelPolicies() {
        Compilation c = compileGood(PACKAGE);
        assertThat(c).succeededWithoutWarnings();
        Goldens.check("package-policies", c);
    }
}
