package org.locktable.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import javax.tools.StandardLocation;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;

import org.locktable.engine.scenario.ScenarioPages;

/** Runs javac with the locktable processor on the test JVM's class path (DSL, engine, JUnit API) and checks the result. */
final class Compile {
    private static final Pattern ID = Pattern.compile("^\\[(LT\\d{3})]");

    private Compile() {
    }

    static Compilation withProcessor(List<String> options, JavaFileObject... sources) {
        return Compiler.javac().withProcessors(new LocktableProcessor()).withOptions(options).compile(sources);
    }

    static Compilation withProcessor(Src... sources) {
        return withProcessor(List.of(), files(sources));
    }

    static Compilation withProcessor(List<String> options, Src... sources) {
        return withProcessor(options, files(sources));
    }

    static JavaFileObject[] files(Src... sources) {
        JavaFileObject[] out = new JavaFileObject[sources.length];
        for (int i = 0; i < sources.length; i++) {
            out[i] = sources[i].file;
        }
        return out;
    }

    /** An error with this ID, in this file, at the start of {@code token}. */
    static void errorAt(Compilation c, String id, Src src, String token) {
        Src.Pos p = src.at(token);
        assertThat(c).hadErrorContaining("[" + id + "]").inFile(src.file).onLine(p.line()).atColumn(p.column());
    }

    /** An error with this ID at {@code part} inside {@code context} (see {@link Src#at(String, String)}). */
    static void errorAt(Compilation c, String id, Src src, String context, String part) {
        Src.Pos p = src.at(context, part);
        assertThat(c).hadErrorContaining("[" + id + "]").inFile(src.file).onLine(p.line()).atColumn(p.column());
    }

    /** A warning with this ID, in this file, at the start of {@code token}. */
    static void warningAt(Compilation c, String id, Src src, String token) {
        Src.Pos p = src.at(token);
        assertThat(c).hadWarningContaining("[" + id + "]").inFile(src.file).onLine(p.line()).atColumn(p.column());
    }

    /** The locktable message IDs reported, each as {@code KIND LTxxx}, sorted: nothing else, nothing missing. */
    static List<String> ids(Compilation c) {
        List<String> out = new ArrayList<>();
        for (Diagnostic<? extends JavaFileObject> d : c.diagnostics()) {
            Matcher m = ID.matcher(d.getMessage(Locale.ROOT));
            if (m.find()) {
                out.add(d.getKind() + " " + m.group(1));
            }
        }
        out.sort(null);
        return out;
    }

    /** The one diagnostic with this ID (fails when there are none or several). */
    static Diagnostic<? extends JavaFileObject> only(Compilation c, String id) {
        List<Diagnostic<? extends JavaFileObject>> found = new ArrayList<>();
        for (Diagnostic<? extends JavaFileObject> d : c.diagnostics()) {
            if (d.getMessage(Locale.ROOT).startsWith("[" + id + "]")) {
                found.add(d);
            }
        }
        if (found.size() != 1) {
            throw new AssertionError("expected exactly one [" + id + "], got " + found.size() + ":\n" + c.diagnostics());
        }
        return found.get(0);
    }

    static String message(Compilation c, String id) {
        return only(c, id).getMessage(Locale.ROOT);
    }

    /** Every generated file except class files, by path under its location: {@code SOURCE_OUTPUT/test/Scenarios_LocktableTest.java}. */
    static TreeMap<String, byte[]> generatedText(Compilation c) {
        TreeMap<String, byte[]> out = new TreeMap<>();
        for (JavaFileObject f : c.generatedFiles()) {
            String path = path(f);
            if (!path.endsWith(".class")) {
                out.put(path, bytes(f));
            }
        }
        return out;
    }

    /**
     * The pages and charts in the compilation's one {@code ScenarioPages} bundle, by their resource path
     * ({@code locktable/scenarios/test/X.md}); empty when it wrote none.
     */
    static TreeMap<String, String> pages(Compilation c) {
        TreeMap<String, String> out = new TreeMap<>();
        c.generatedFile(StandardLocation.CLASS_OUTPUT, "", ScenarioPages.RESOURCE).ifPresent(f ->
                ScenarioPages.parseText(bytes(f)).forEach((path, text) -> out.put("locktable/scenarios/" + path, text)));
        return out;
    }

    /** One page or chart of the bundle, by its resource path ({@code locktable/scenarios/test/X.md}). */
    static Optional<String> page(Compilation c, String path) {
        return Optional.ofNullable(pages(c).get(path));
    }

    /** {@code mem:///CLASS_OUTPUT/locktable/scenarios/index.md} → {@code CLASS_OUTPUT/locktable/scenarios/index.md}. */
    static String path(JavaFileObject f) {
        String p = f.toUri().getPath();
        return p.startsWith("/") ? p.substring(1) : p;
    }

    static byte[] bytes(JavaFileObject f) {
        try (InputStream in = f.openInputStream()) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String text(JavaFileObject f) {
        return new String(bytes(f), StandardCharsets.UTF_8);
    }
}
