package org.locktable.processor;

import static com.google.common.truth.Truth.assertWithMessage;

import java.util.List;

import javax.tools.JavaFileObject;

import com.google.testing.compile.JavaFileObjects;

/**
 * A test input: source lines with a fixed file name, and where a token sits in them. Diagnostics are asserted at
 * the position of a token quoted from the input ({@code at("\"W X U W\"")}), so a test reads as "the error points
 * at this value" and survives edits above the line.
 */
final class Src {
    /** The lines every {@link #scenario} input starts with: line 1 package, 2..4 imports. */
    static final List<String> HEADER = List.of(
            "package test;",
            "import org.locktable.dsl.*;",
            "import static org.locktable.dsl.LockMode.*;",
            "import static org.locktable.dsl.Rule.Alignment.*;");

    final String qualifiedName;
    final List<String> lines;
    final JavaFileObject file;

    private Src(String qualifiedName, List<String> lines) {
        this.qualifiedName = qualifiedName;
        this.lines = List.copyOf(lines);
        this.file = JavaFileObjects.forSourceLines(qualifiedName, this.lines);
    }

    /** A class {@code test.<simpleName>} in file {@code test/<simpleName>.java}: {@link #HEADER}, then {@code body}. */
    static Src scenario(String simpleName, String... body) {
        List<String> all = new java.util.ArrayList<>(HEADER);
        all.addAll(List.of(body));
        return new Src("test." + simpleName, all);
    }

    /** Any compilation unit, as given. */
    static Src of(String qualifiedName, String... lines) {
        return new Src(qualifiedName, List.of(lines));
    }

    /** A 1-based line and column, as javac reports them. */
    record Pos(int line, int column) {
    }

    /** Where {@code token} starts; it must occur exactly once in the input, so the position is unambiguous. */
    Pos at(String token) {
        Pos found = null;
        for (int i = 0; i < lines.size(); i++) {
            int c = lines.get(i).indexOf(token);
            if (c >= 0) {
                assertWithMessage("token %s occurs twice in %s", token, qualifiedName)
                        .that(found == null && lines.get(i).indexOf(token, c + 1) < 0).isTrue();
                found = new Pos(i + 1, c + 1);
            }
        }
        assertWithMessage("token %s not in %s", token, qualifiedName).that(found).isNotNull();
        return found;
    }

    /** Where {@code part} starts inside the one occurrence of {@code context}: {@code at("len = 0", "0")}. */
    Pos at(String context, String part) {
        Pos p = at(context);
        int offset = context.indexOf(part);
        assertWithMessage("%s not in %s", part, context).that(offset).isAtLeast(0);
        return new Pos(p.line(), p.column() + offset);
    }

    /** The line holding {@code token}. */
    int line(String token) {
        return at(token).line();
    }
}
