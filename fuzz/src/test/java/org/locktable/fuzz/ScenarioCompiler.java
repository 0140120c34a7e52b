package org.locktable.fuzz;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeMap;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javax.annotation.processing.Processor;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.ToolProvider;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import com.sun.source.util.JavacTask;

import org.locktable.processor.LocktableProcessor;

/**
 * Compiles mutated scenario sources with the locktable processor, many per javac run, and judges each: javac's own
 * errors are expected; a javac crash, an exception out of the processor, its internal error LT001, a processor
 * message without an {@code LTxxx} ID or not attached to a source position, or a generated file that does not
 * compile is a bug. Sources that do not parse are judged alone (javac runs no processor after a syntax error).
 */
final class ScenarioCompiler {
    private static final Pattern ID = Pattern.compile("^\\[LT\\d{3}] ");
    private static final String GENERATED = "a generated file does not compile: ";
    private static final Pattern OWNER = Pattern.compile("(?:^|/)fuzz/s(\\d+)/");

    /** One source: its index in the run, the package it is compiled in ({@code fuzz.sN}) and its text. */
    record Source(int index, String text) {
        String packageName() {
            return "fuzz.s" + index;
        }

        JavaFileObject file() {
            Matcher m = Pattern.compile("(?m)^\\s*(?:public |final |abstract )*(?:class|interface|enum|record) (\\w+)")
                    .matcher(text);
            String name = m.find() ? m.group(1) : "Fuzz";
            return JavaFileObjects.forSourceString(packageName() + "." + name, "package " + packageName() + ";\n" + text);
        }
    }

    /** What javac and the processor said about one source. */
    record Outcome(boolean syntaxError, boolean javacError, int ltDiagnostics, List<String> bugs) {
    }

    private final JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    private final Supplier<Processor> processor;

    ScenarioCompiler() {
        this(LocktableProcessor::new);
    }

    /** With another processor: how {@code ScenarioCompilerTest} shows that each kind of bug is caught. */
    ScenarioCompiler(Supplier<Processor> processor) {
        this.processor = processor;
    }

    /**
     * Every source's outcome, by index. Sources with javac errors of their own are compiled alone: javac runs no
     * processor after an unrecoverable error, so in a shared run one bad source would hide every other.
     */
    TreeMap<Integer, Outcome> compile(List<Source> batch) {
        TreeMap<Integer, Outcome> out = new TreeMap<>();
        List<Source> clean = new ArrayList<>();
        TreeMap<Integer, Boolean> syntax = errors(batch, false);
        List<Source> parsed = batch.stream().filter(s -> !syntax.containsKey(s.index())).toList();
        TreeMap<Integer, Boolean> typeErrors = parsed.isEmpty() ? new TreeMap<>() : errors(parsed, true);
        for (Source s : batch) {
            if (syntax.containsKey(s.index())) {
                out.put(s.index(), new Outcome(true, true, 0, List.of()));
            } else if (typeErrors.containsKey(s.index())) {
                out.put(s.index(), alone(s));
            } else {
                clean.add(s);
            }
        }
        if (!clean.isEmpty()) {
            TreeMap<Integer, Outcome> compiled = compileParsed(clean);
            if (compiled == null) {
                clean.forEach(s -> out.put(s.index(), alone(s)));
            } else {
                out.putAll(compiled);
            }
        }
        return out;
    }

    private Outcome alone(Source s) {
        TreeMap<Integer, Outcome> alone = compileParsed(List.of(s));
        return alone == null ? crash(s) : alone.get(s.index());
    }

    /** The indexes of the sources javac alone (no processor) rejects: when parsing, or else when attributing. */
    private TreeMap<Integer, Boolean> errors(List<Source> batch, boolean attribute) {
        TreeMap<Integer, Boolean> out = new TreeMap<>();
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        List<JavaFileObject> files = batch.stream().map(Source::file).toList();
        JavacTask task = (JavacTask) javac.getTask(null, null, diagnostics, List.of("-proc:none"), null, files);
        try {
            if (attribute) {
                task.analyze();
            } else {
                task.parse();
            }
        } catch (java.io.IOException | RuntimeException | Error e) {
            throw new IllegalStateException("javac without the processor crashed on a batch of " + batch.size(), e);
        }
        for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
            if (d.getKind() == Diagnostic.Kind.ERROR) {
                Integer owner = d.getSource() == null ? null : owner(d);
                if (owner == null) {
                    throw new IllegalStateException("a javac error without a fuzz source: " + d.getSource() + ": "
                            + text(d));
                }
                out.put(owner, true);
            }
        }
        return out;
    }

    /** Null when the batch needs judging source by source: javac threw, or a bug names no source. */
    private TreeMap<Integer, Outcome> compileParsed(List<Source> batch) {
        Compilation c;
        try {
            c = Compiler.javac().withProcessors(processor.get()).compile(batch.stream().map(Source::file).toList());
        } catch (RuntimeException | Error e) {
            if (batch.size() == 1) {
                return single(batch.get(0), List.of("javac threw " + Verdict.bug(rootCause(e)).detail()), false, 0);
            }
            return null;
        }
        TreeMap<Integer, List<String>> bugs = new TreeMap<>();
        TreeMap<Integer, Integer> lt = new TreeMap<>();
        TreeMap<Integer, Boolean> javacErrors = new TreeMap<>();
        TreeMap<Integer, List<String>> generatedErrors = new TreeMap<>();
        for (Diagnostic<? extends JavaFileObject> d : c.diagnostics()) {
            String problem = problem(d);
            Integer owner = d.getSource() == null ? null : owner(d);
            if (owner == null) {
                if (problem == null && !fromProcessor(d)) {
                    continue;
                }
                if (batch.size() > 1) {
                    return null;
                }
                owner = batch.get(0).index();
                problem = problem == null ? "a processor message without a source: " + text(d) : problem;
            }
            if (problem != null && problem.startsWith(GENERATED)) {
                generatedErrors.computeIfAbsent(owner, k -> new ArrayList<>()).add(problem);
            } else if (problem != null) {
                bugs.computeIfAbsent(owner, k -> new ArrayList<>()).add(problem);
            }
            if (fromProcessor(d)) {
                lt.merge(owner, 1, Integer::sum);
            } else if (d.getKind() == Diagnostic.Kind.ERROR && d.getSource() != null && isInput(d.getSource())) {
                javacErrors.put(owner, true);
            }
        }
        // a generated suite that fails to compile is the processor's fault only when the scenario class compiles
        generatedErrors.forEach((owner, problems) -> {
            if (!javacErrors.containsKey(owner)) {
                bugs.computeIfAbsent(owner, k -> new ArrayList<>()).addAll(problems);
            }
        });
        TreeMap<Integer, Outcome> out = new TreeMap<>();
        for (Source s : batch) {
            out.put(s.index(), new Outcome(false, javacErrors.containsKey(s.index()), lt.getOrDefault(s.index(), 0),
                    List.copyOf(bugs.getOrDefault(s.index(), List.of()))));
        }
        return out;
    }

    /** Why a diagnostic is a bug, or null. */
    private static String problem(Diagnostic<? extends JavaFileObject> d) {
        String text = text(d);
        if (text.contains("An exception has occurred in the compiler")) {
            return "javac crashed: " + text;
        }
        String code = d.getCode() == null ? "" : d.getCode();
        if (code.startsWith("compiler.err.proc.") && !fromProcessor(d)) {
            return "javac reports a processor failure (" + code + "): " + text;
        }
        if (!fromProcessor(d)) {
            if (d.getKind() == Diagnostic.Kind.ERROR && d.getSource() != null && !isInput(d.getSource())) {
                return GENERATED + d.getSource().getName() + ":" + d.getLineNumber() + ": " + text;
            }
            return null;
        }
        if (!ID.matcher(text).find()) {
            return "a processor message without an LTxxx ID: " + text;
        }
        if (text.startsWith("[LT001]")) {
            return "internal error: " + text;
        }
        if (d.getKind() != Diagnostic.Kind.NOTE && (d.getSource() == null || d.getPosition() == Diagnostic.NOPOS)) {
            return "a processor message attached to no element: " + text;
        }
        return null;
    }

    private static boolean fromProcessor(Diagnostic<? extends JavaFileObject> d) {
        return d.getCode() != null && d.getCode().endsWith(".proc.messager");
    }

    private static boolean isInput(JavaFileObject f) {
        return f.getKind() == JavaFileObject.Kind.SOURCE && !f.toUri().toString().contains("SOURCE_OUTPUT");
    }

    private static Integer owner(Diagnostic<? extends JavaFileObject> d) {
        Matcher m = OWNER.matcher(d.getSource().toUri().toString());
        return m.find() ? Integer.valueOf(m.group(1)) : null;
    }

    private static String text(Diagnostic<? extends JavaFileObject> d) {
        return d.getMessage(Locale.ROOT);
    }

    private static TreeMap<Integer, Outcome> single(Source s, List<String> bugs, boolean javacError, int lt) {
        TreeMap<Integer, Outcome> out = new TreeMap<>();
        out.put(s.index(), new Outcome(false, javacError, lt, bugs));
        return out;
    }

    private static Outcome crash(Source s) {
        return new Outcome(false, false, 0, List.of("javac or the processor threw on this source alone"));
    }

    private static Throwable rootCause(Throwable t) {
        Throwable c = t;
        while (c.getCause() != null && c.getCause() != c) {
            c = c.getCause();
        }
        return c;
    }
}
