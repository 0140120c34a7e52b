package org.locktable.processor;

import static com.google.common.truth.Truth.assertThat;

import org.junit.jupiter.api.Test;

/** The generated suites' text writer: string literals and imports as javac reads them back. */
class JavaSourceTest {
    @Test
    void stringLiteralsEscapeQuotesBackslashesAndControlsOnly() {
        assertThat(JavaSource.literal("layout=\"W U\" a\\b")).isEqualTo("\"layout=\\\"W U\\\" a\\\\b\"");
        assertThat(JavaSource.literal("t\tn\nr\r\u0001")).isEqualTo("\"t\\tn\\nr\\r\\u0001\"");
        assertThat(JavaSource.literal("ü ✓ 'x' $L")).isEqualTo("\"ü ✓ 'x' $L\"");
    }

    @Test
    void importsAreSortedOnceAndNeverForJavaLangOrTheOwnPackage() {
        JavaSource src = new JavaSource("a.b");
        assertThat(src.type("java.util.List")).isEqualTo("List");
        assertThat(src.type("java.lang.String")).isEqualTo("String");
        assertThat(src.type("a.b.Same")).isEqualTo("Same");
        assertThat(src.type("java.util.List")).isEqualTo("List");
        assertThat(src.type("com.x.Alpha")).isEqualTo("Alpha");
        src.member().append("    int x;\n");
        src.member().append("    int y;\n");
        assertThat(src.file("final class C")).isEqualTo("package a.b;\n\nimport com.x.Alpha;\nimport java.util.List;\n\n"
                + "final class C {\n    int x;\n\n    int y;\n}\n");
    }
}
