package org.locktable.processor;

import java.io.IOException;
import java.io.Writer;
import java.util.TreeSet;

import javax.annotation.processing.Filer;
import javax.lang.model.element.Element;
import javax.tools.JavaFileObject;

/**
 * The text of one generated class, written straight into a {@link StringBuilder}: the imports it needs, collected as
 * the body names types, then the members, a blank line between two. The generated suites are regular enough that a
 * general code generator only cost time: javapoet's two passes over ten large suites were half of the processor's
 * own work on the benchmark corpus, in code javac's fresh processor class loader runs cold. The layout is
 * javapoet's (four-space indent, continuation lines eight more), so the suites read as before.
 */
final class JavaSource {
    static final String INDENT = "    ";

    private final String packageName;
    private final TreeSet<String> imports = new TreeSet<>();
    private final StringBuilder members = new StringBuilder();

    JavaSource(String packageName) {
        this.packageName = packageName;
    }

    /** {@code qualified}'s simple name, imported unless it is in {@code java.lang} or this package. */
    String type(String qualified) {
        int dot = qualified.lastIndexOf('.');
        String pkg = qualified.substring(0, dot);
        if (!pkg.equals("java.lang") && !pkg.equals(packageName)) {
            imports.add(qualified);
        }
        return qualified.substring(dot + 1);
    }

    /** Starts a member: a blank line after the one before. Returns the builder to append the member to. */
    StringBuilder member() {
        if (members.length() > 0) {
            members.append('\n');
        }
        return members;
    }

    /** A Javadoc comment of one line at {@code indent}. */
    static void javadoc(StringBuilder s, String indent, String text) {
        s.append(indent).append("/**\n").append(indent).append(" * ").append(text).append('\n').append(indent).append(" */\n");
    }

    /** The whole file: package, imports, {@code header} (Javadoc, annotations, the class line without its brace). */
    String file(String header) {
        StringBuilder s = new StringBuilder(members.length() + 1024);
        if (!packageName.isEmpty()) {
            s.append("package ").append(packageName).append(";\n\n");
        }
        for (String i : imports) {
            s.append("import ").append(i).append(";\n");
        }
        if (!imports.isEmpty()) {
            s.append('\n');
        }
        return s.append(header).append(" {\n").append(members).append("}\n").toString();
    }

    /** Creates the source file through the Filer, with its originating elements, and writes {@code text}. */
    static void write(Filer filer, String qualifiedName, String text, Element... origins) throws IOException {
        JavaFileObject file = filer.createSourceFile(qualifiedName, origins);
        try (Writer w = file.openWriter()) {
            w.write(text);
        }
    }

    /** A Java string literal, quotes included (javapoet's escapes: {@code \" \\ \b \t \n \f \r}, other controls as {@code \\uXXXX}). */
    static String literal(String value) {
        StringBuilder s = new StringBuilder(value.length() + 2).append('"');
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            switch (c) {
                case '"' -> s.append("\\\"");
                case '\\' -> s.append("\\\\");
                case '\b' -> s.append("\\b");
                case '\t' -> s.append("\\t");
                case '\n' -> s.append("\\n");
                case '\f' -> s.append("\\f");
                case '\r' -> s.append("\\r");
                default -> {
                    if (Character.isISOControl(c)) {
                        s.append(String.format("\\u%04x", (int) c));
                    } else {
                        s.append(c);
                    }
                }
            }
        }
        return s.append('"').toString();
    }
}
