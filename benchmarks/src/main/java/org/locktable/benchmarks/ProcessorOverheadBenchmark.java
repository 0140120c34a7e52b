package org.locktable.benchmarks;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

import org.locktable.engine.scenario.ScenarioIndex;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.runner.IterationType;

/**
 * What the locktable annotation processor adds to javac: a seeded corpus of {@link ScenarioCorpus} classes
 * compiled in one in-process javac invocation ({@link ToolProvider#getSystemJavaCompiler()}) into a fresh output
 * directory, (a) with {@code -proc:none}, (b) with {@code -processor org.locktable.processor.LocktableProcessor}
 * (validation, the engine check of every expectation, one JUnit suite per package, a Markdown page per class in
 * one bundle, the index page, and javac compiling the generated suites in the same invocation). (c) with
 * {@link NoOpScenarioProcessor}, which claims the DSL's annotations and does nothing: the floor any processor over
 * these classes pays for javac's rounds. Goal: (b) at most 2 × (c), measured in one run.
 *
 * <p>Both runs have the same class path: this JVM's, which holds the DSL, the engine, junit-jupiter-api (the
 * generated suites need the last two) and the processor with the DSL reader; (b) uses it as the processor path too.
 * javac loads the processor in a new class loader per invocation, as a build does: its class loading and
 * JIT warm-up are part of every run. Options as Maven passes them: {@code -g --release 17 -encoding UTF-8}.
 *
 * <p>Single shot, ms per javac run; JMH reports the scores, the ratio (b) / (c) is the figure of merit.
 * {@link #main(String[])} runs the three alternately and prints the ratios.
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2)
@Measurement(iterations = 5)
@Fork(1)
@State(Scope.Benchmark)
public class ProcessorOverheadBenchmark {
    static final String PROCESSOR = "org.locktable.processor.LocktableProcessor";
    static final long SEED = 20260101L;
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    /** Scenario classes in the corpus. */
    @Param("1000")
    public int scenarios;

    private Path corpus;
    private List<Path> sources;
    private String classPath;
    private Path out;

    /*
     * The compiling thread's CPU time per javac run, printed per iteration and summarised at the end of the trial
     * (as a JMH secondary result it would be summed over the iterations). javac compiles on the calling thread; on
     * a shared machine this varies far less than the wall-clock score, since it leaves out the time the thread
     * waits for a core. It also leaves out the GC threads' work.
     */
    private double cpuMs;
    private final List<Double> measuredCpuMs = new ArrayList<>();

    @Setup(Level.Trial)
    public void generateCorpus() throws IOException {
        corpus = Files.createTempDirectory("locktable-corpus-");
        sources = ScenarioCorpus.write(corpus, scenarios, SEED);
        classPath = System.getProperty("java.class.path");
        requireOnClassPath();
    }

    /**
     * Fails early, with the fix, when the class path lacks what the processor run needs: it happens when the
     * benchmarks are packaged against an installed processor whose POM Maven cannot read (transitive
     * dependencies such as the DSL reader are then silently left out of the shaded jar).
     */
    static void requireOnClassPath() {
        for (String c : List.of(PROCESSOR, "org.locktable.dsl.reader.ScenarioReader", "org.locktable.engine.scenario.ScenarioCheck",
                "org.locktable.dsl.Scenario", "org.junit.jupiter.api.Test")) {
            try {
                Class.forName(c, false, ProcessorOverheadBenchmark.class.getClassLoader());
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException(c + " is not on the class path; build the benchmarks with the reactor: "
                        + "mvn -q -pl benchmarks -am package -DskipTests", e);
            }
        }
    }

    @TearDown(Level.Trial)
    public void deleteCorpus() {
        delete(corpus);
    }

    @Setup(Level.Invocation)
    public void freshOutput() throws IOException {
        out = Files.createTempDirectory("locktable-javac-");
    }

    @TearDown(Level.Invocation)
    public void checkAndDeleteOutput(BenchmarkParams params) {
        try {
            Compilation.check(out, scenarios, params.getBenchmark().endsWith(".withProcessor") ? Mode.LOCKTABLE : Mode.ALONE);
        } finally {
            delete(out);
        }
    }

    /** (a) javac alone: the corpus with {@code -proc:none}. */
    @Benchmark
    public int javacAlone() {
        return timeCpu(new Compilation(sources, classPath, out, Mode.ALONE));
    }

    /** (b) javac with the locktable processor, the generated suites compiled in the same invocation. */
    @Benchmark
    public int withProcessor() {
        return timeCpu(new Compilation(sources, classPath, out, Mode.LOCKTABLE));
    }

    /** (c) javac with a processor that claims the DSL's annotations and does nothing: the floor for (b). */
    @Benchmark
    public int withNoOpProcessor() {
        return timeCpu(new Compilation(sources, classPath, out, Mode.NO_OP));
    }

    private int timeCpu(Compilation c) {
        long t0 = THREADS.getCurrentThreadCpuTime();
        int diagnostics = c.run();
        cpuMs = (THREADS.getCurrentThreadCpuTime() - t0) / 1e6;
        return diagnostics;
    }

    @TearDown(Level.Iteration)
    public void reportCpu(IterationParams iteration) {
        if (iteration.getType() == IterationType.MEASUREMENT) {
            measuredCpuMs.add(cpuMs);
        }
        System.out.printf(Locale.ROOT, "(thread CPU %.0f ms) ", cpuMs);
    }

    @TearDown(Level.Trial)
    public void summariseCpu(BenchmarkParams params) {
        double[] v = measuredCpuMs.stream().mapToDouble(Double::doubleValue).toArray();
        System.out.printf(Locale.ROOT, "%n%s: thread CPU per javac run %.0f ms ± %.0f (sd, n = %d); load average %s%n",
                params.getBenchmark().substring(params.getBenchmark().lastIndexOf('.') + 1), mean(v), stddev(v), v.length,
                loadAverage());
    }

    /** Which processor javac runs: none, locktable's, or the no-op floor. */
    enum Mode {
        ALONE("javac alone"), LOCKTABLE("with processor"), NO_OP("no-op processor");

        final String label;

        Mode(String label) {
            this.label = label;
        }
    }

    /** One javac invocation over the corpus. */
    static final class Compilation {
        private final List<Path> sources;
        private final String classPath;
        private final Path out;
        private final Mode mode;

        Compilation(List<Path> sources, String classPath, Path out, Mode mode) {
            this.sources = sources;
            this.classPath = classPath;
            this.out = out;
            this.mode = mode;
        }

        List<String> options() {
            List<String> o = new ArrayList<>(List.of("-g", "--release", "17", "-encoding", "UTF-8",
                    "-d", out.resolve("classes").toString(), "-s", out.resolve("generated").toString(),
                    "-classpath", classPath));
            switch (mode) {
                case ALONE -> o.add("-proc:none");
                case LOCKTABLE -> o.addAll(List.of("-processorpath", classPath, "-processor", PROCESSOR,
                        "-Alocktable.mismatch=off"));
                case NO_OP -> o.addAll(List.of("-processorpath", classPath, "-processor",
                        NoOpScenarioProcessor.class.getName()));
            }
            return o;
        }

        /** Compiles; fails on any error. Returns the number of diagnostics (warnings and notes). */
        int run() {
            JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
            if (javac == null) {
                throw new IllegalStateException("no system Java compiler: run on a JDK, not a JRE");
            }
            DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
            try (StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, Locale.ROOT,
                    StandardCharsets.UTF_8)) {
                Files.createDirectories(out.resolve("classes"));
                Files.createDirectories(out.resolve("generated"));
                Boolean ok = javac.getTask(null, files, diagnostics, options(), null,
                        files.getJavaFileObjectsFromPaths(sources)).call();
                if (!ok) {
                    throw new IllegalStateException("javac failed (" + mode.label + "):\n" + diagnostics.getDiagnostics().stream()
                                    .filter(d -> d.getKind() == Diagnostic.Kind.ERROR).limit(10)
                                    .map(Object::toString).collect(Collectors.joining("\n")));
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return diagnostics.getDiagnostics().size();
        }

        /**
         * The output is complete: a class per scenario; when the processor ran, a scenario index listing every
         * scenario, and each suite it names generated and compiled (one per package); otherwise no generated file.
         */
        static void check(Path out, int scenarios, Mode mode) {
            Path classes = out.resolve("classes");
            long sources = count(out.resolve("generated"), ".java");
            Path index = classes.resolve(ScenarioIndex.RESOURCE);
            if (mode != Mode.LOCKTABLE) {
                if (sources != 0 || Files.exists(index) || count(classes, ".class") < scenarios) {
                    throw new IllegalStateException("unexpected output without the locktable processor: " + sources
                            + " generated sources, " + count(classes, ".class") + " classes for " + scenarios + " scenarios");
                }
                return;
            }
            List<ScenarioIndex.Entry> entries;
            try {
                entries = ScenarioIndex.read(classes).orElseThrow(() -> new IllegalStateException("no scenario index"));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            Set<String> suites = new TreeSet<>();
            entries.forEach(e -> suites.add(e.suite()));
            for (String suite : suites) {
                String path = suite.replace('.', '/');
                if (!Files.isRegularFile(out.resolve("generated").resolve(path + ".java"))
                        || !Files.isRegularFile(classes.resolve(path + ".class"))) {
                    throw new IllegalStateException("the suite " + suite + " was not generated and compiled");
                }
            }
            if (entries.size() != scenarios || sources != suites.size()) {
                throw new IllegalStateException("incomplete output: " + entries.size() + " scenarios in the index, "
                        + sources + " generated sources for " + suites.size() + " suites, " + scenarios + " scenarios");
            }
        }

        static long count(Path dir, String suffix) {
            if (!Files.isDirectory(dir)) {
                return 0;
            }
            try (Stream<Path> s = Files.walk(dir)) {
                return s.filter(p -> p.getFileName().toString().endsWith(suffix)).count();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    static void delete(Path dir) {
        if (dir == null || !Files.exists(dir)) {
            return;
        }
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).collect(Collectors.toList())) {
                Files.delete(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * From the command line: {@code java -cp benchmarks.jar org.locktable.benchmarks.ProcessorOverheadBenchmark [N]}.
     * Two warm-up rounds, then five measured rounds; each round compiles the corpus without a processor, with the
     * locktable processor and with the no-op processor, each into a fresh directory after a {@code System.gc()} (so one run does not pay for the
     * other's garbage). Prints every run, the means with their standard deviations, and the ratio of the means,
     * for the wall-clock time and for the compiling thread's CPU time (javac is single-threaded; the CPU time
     * leaves out the time the thread waits for a core on a busy machine, and the GC threads' work).
     */
    public static void main(String[] args) throws IOException {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 1000;
        int warmups = 2;
        int rounds = 5;
        Path corpus = Files.createTempDirectory("locktable-corpus-");
        try {
            requireOnClassPath();
            List<Path> sources = ScenarioCorpus.write(corpus, n, SEED);
            String cp = System.getProperty("java.class.path");
            System.out.printf(Locale.ROOT, "corpus: %d scenario classes (%d files) in %s; %d cores, load average %s%n",
                    ScenarioCorpus.scenarioCount(sources), sources.size(), corpus,
                    Runtime.getRuntime().availableProcessors(), loadAverage());
            Mode[] modes = Mode.values();
            double[][][] times = new double[modes.length][2][rounds];
            for (int round = 0; round < warmups + rounds; round++) {
                StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%-10s",
                        round < warmups ? "warm-up " + (round + 1) : "round " + (round - warmups + 1)));
                for (Mode mode : modes) {
                    double[] t = timeOnce(sources, cp, n, mode);
                    line.append(String.format(Locale.ROOT, "  %s %6.0f ms (cpu %6.0f)", mode.label, t[0], t[1]));
                    if (round >= warmups) {
                        times[mode.ordinal()][0][round - warmups] = t[0];
                        times[mode.ordinal()][1][round - warmups] = t[1];
                    }
                }
                System.out.println(line);
            }
            double[][] alone = times[Mode.ALONE.ordinal()];
            for (int k = 0; k < 2; k++) {
                StringBuilder line = new StringBuilder(k == 0 ? "wall clock:" : "thread CPU:");
                for (Mode mode : modes) {
                    double[] v = times[mode.ordinal()][k];
                    line.append(String.format(Locale.ROOT, "  %s %.0f ms (± %.0f)", mode.label, mean(v), stddev(v)));
                }
                double[] noOp = times[Mode.NO_OP.ordinal()][k];
                line.append(String.format(Locale.ROOT, "; ratio with/no-op = %.2f (goal ≤ 2.00), with/alone = %.2f, "
                        + "no-op/alone = %.2f", mean(times[Mode.LOCKTABLE.ordinal()][k]) / mean(noOp),
                        mean(times[Mode.LOCKTABLE.ordinal()][k]) / mean(alone[k]), mean(noOp) / mean(alone[k])));
                System.out.println(line);
            }
            System.out.println("load average " + loadAverage());
        } finally {
            delete(corpus);
        }
    }

    /** One compilation into a fresh directory: {wall ms, thread CPU ms}. */
    private static double[] timeOnce(List<Path> sources, String cp, int n, Mode mode) throws IOException {
        Path out = Files.createTempDirectory("locktable-javac-");
        try {
            System.gc();
            ThreadMXBean threads = ManagementFactory.getThreadMXBean();
            long cpu0 = threads.getCurrentThreadCpuTime();
            long t0 = System.nanoTime();
            new Compilation(sources, cp, out, mode).run();
            double ms = (System.nanoTime() - t0) / 1e6;
            double cpu = (threads.getCurrentThreadCpuTime() - cpu0) / 1e6;
            Compilation.check(out, n, mode);
            return new double[] {ms, cpu};
        } finally {
            delete(out);
        }
    }

    private static double mean(double[] v) {
        double s = 0;
        for (double x : v) {
            s += x;
        }
        return s / v.length;
    }

    private static double stddev(double[] v) {
        double m = mean(v);
        double s = 0;
        for (double x : v) {
            s += (x - m) * (x - m);
        }
        return v.length > 1 ? Math.sqrt(s / (v.length - 1)) : 0;
    }

    private static String loadAverage() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
            return f[0] + " " + f[1] + " " + f[2];
        } catch (IOException | RuntimeException e) {
            return "n/a";
        }
    }
}
