package org.locktable.conformance;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.locktable.engine.catalog.PolicyCatalog;
import org.locktable.engine.model.InvalidInputException;
import org.locktable.engine.policy.FileSystem;
import org.locktable.engine.policy.KernelVersion;
import org.locktable.engine.policy.Policy;
import org.locktable.engine.policy.PolicyInfo.WritePath;
import org.locktable.rig.EnvironmentException;
import org.locktable.rig.Progress;

/** Runs the passes and the scenario replay on a {@link ProbeTarget} (the host's {@link Rig}, or a guest kernel) and assembles the {@link ConformanceReport}. */
public final class Conformance {
    /**
     * @param passes the exhaustive passes, in order
     * @param scenarios replay the scenario library
     * @param scenarioPaths extra directories or jars holding scenario classes (beyond the class path)
     * @param quick the quick run (the report says so)
     * @param policies policies graded instead of the catalog's for the kernel's version, at most one per file
     *     system (a patched kernel's version says nothing about its patches)
     */
    public record Options(List<Pass> passes, boolean scenarios, List<Path> scenarioPaths, boolean quick,
                          List<Policy> policies) {
        public Options(List<Pass> passes, boolean scenarios, List<Path> scenarioPaths, boolean quick) {
            this(passes, scenarios, scenarioPaths, quick, List.of());
        }

        /** These options grading {@code overrides} (at most one policy per file system) instead of the catalog's. */
        public Options withPolicies(List<Policy> overrides) {
            java.util.Set<FileSystem> seen = java.util.EnumSet.noneOf(FileSystem.class);
            for (Policy p : overrides) {
                if (p.info().path() != WritePath.DIRECT) {
                    throw new IllegalArgumentException(p.id() + " is not a direct-write policy: the probes grade direct writes");
                }
                if (!seen.add(p.info().fileSystem())) {
                    throw new IllegalArgumentException("two " + p.info().fileSystem() + " policies: give at most one per file system");
                }
            }
            return new Options(passes, scenarios, scenarioPaths, quick, List.copyOf(overrides));
        }

        /** The policy graded on {@code fs}: the override, else the catalog's direct-write policy for {@code kernel}. */
        public Optional<Policy> policyFor(String fs, KernelVersion kernel) {
            for (Policy p : policies) {
                if (p.info().fileSystem().label().equals(fs)) {
                    return Optional.of(p);
                }
            }
            return FileSystem.find(fs).flatMap(f -> PolicyCatalog.forKernel(f, kernel, WritePath.DIRECT));
        }

        public static Options full() {
            return new Options(Pass.full(), true, List.of(), false);
        }

        public static Options quickRun() {
            return new Options(List.of(Pass.quick()), true, List.of(), true);
        }

        /**
         * What {@code locktable kernel grade} runs: the given passes, or by default all three (the quick pass with
         * {@code quick}); the scenario classes in {@code scenarioPaths}, or by default {@link #defaultScenarioPaths()}.
         */
        public static Options of(List<Pass> passes, boolean quick, boolean scenarios, List<Path> scenarioPaths) {
            return new Options(passes.isEmpty() ? (quick ? List.of(Pass.quick()) : Pass.full()) : List.copyOf(passes),
                    scenarios, scenarioPaths.isEmpty() ? defaultScenarioPaths() : List.copyOf(scenarioPaths), quick);
        }

        /** {@code scenarios-module/target/test-classes} under {@code $LOCKTABLE_ROOT} or the working directory, if built. */
        public static List<Path> defaultScenarioPaths() {
            List<Path> roots = new ArrayList<>();
            String root = System.getenv("LOCKTABLE_ROOT");
            if (root != null && !root.isEmpty()) {
                roots.add(Path.of(root));
            }
            roots.add(Path.of("").toAbsolutePath());
            roots.add(Path.of("..").toAbsolutePath().normalize());
            for (Path r : roots) {
                Path p = r.resolve("scenarios-module/target/test-classes");
                if (Files.isDirectory(p)) {
                    return List.of(p);
                }
            }
            return List.of();
        }
    }

    private Conformance() {
    }

    /** The running kernel's release ({@code uname -r}). */
    public static String kernelRelease() {
        return System.getProperty("os.version", "unknown");
    }

    public static KernelVersion kernelVersion() throws IOException {
        return versionOf(kernelRelease());
    }

    /** {@code release} ({@code uname -r}) as a version; an IOException when it is not one. */
    public static KernelVersion versionOf(String release) throws IOException {
        try {
            return KernelVersion.parse(release);
        } catch (InvalidInputException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    public static ConformanceReport run(ProbeTarget rig, Options options, Progress progress, PrintStream console)
            throws IOException {
        KernelVersion kernel = versionOf(rig.kernelRelease());
        List<PassResult> passes = new ArrayList<>();
        for (Pass pass : options.passes()) {
            passes.add(runPass(rig, pass, kernel, options, progress, console));
        }
        List<ScenarioLine> scenarios = List.of();
        String note = null;
        if (options.scenarios()) {
            List<Class<?>> classes = ScenarioLibrary.discover(options.scenarioPaths());
            if (classes.isEmpty()) {
                note = "No scenario class was found on the class path (build scenarios-module and pass its test classes "
                        + "with --scenarios).";
            } else {
                scenarios = new ScenarioReplay(rig, kernel, options).replay(classes);
                note = classes.size() + " scenario classes found.";
            }
        }
        return new ConformanceReport(rig.kernelRelease(), rig.machine(), options.quick(), passes,
                scenarios, note);
    }

    /** Both file systems of a pass in parallel (one helper each); everything is unmounted after the pass. */
    public static PassResult runPass(ProbeTarget rig, Pass pass, KernelVersion kernel, Progress progress, PrintStream console)
            throws IOException {
        return runPass(rig, pass, kernel, new Options(List.of(pass), false, List.of(), false), progress, console);
    }

    /** The same, grading {@code options}' policies where it names one for a file system. */
    public static PassResult runPass(ProbeTarget rig, Pass pass, KernelVersion kernel, Options options, Progress progress,
            PrintStream console) throws IOException {
        List<CaseGroups.Group> groups = CaseGroups.of(pass.space(), pass.lbs());
        long cases = CaseGroups.cases(groups);
        String space = pass.space().describe().replaceFirst(", IS_NOSEC × NOWAIT × sync/async, O_DIRECT writes: \\d+ cases$",
                "") + "; probed: IS_NOSEC on and off, NOWAIT, synchronous: " + cases + " cases" + lbsText(pass);
        List<MountedFs> mounted = new ArrayList<>();
        List<Ltprobe> helpers = new ArrayList<>();
        List<Policy> policies = new ArrayList<>();
        FsSpec firstSpec = pass.fileSystems().get(0);
        try {
            for (FsSpec spec : pass.fileSystems()) {
                Optional<Policy> p = options.policyFor(spec.kind().id(), kernel);
                if (p.isEmpty()) {
                    return new PassResult(pass, List.of(), "the catalog has no " + spec.kind().id()
                            + " direct-write policy for " + kernel);
                }
                policies.add(p.get());
                MountedFs fs;
                try {
                    fs = rig.fs(spec);
                } catch (EnvironmentException e) {
                    if (pass.id().startsWith("4k") && spec.sectorSize() == 512) {
                        throw e;
                    }
                    return new PassResult(pass, List.of(), e.getMessage());
                }
                mounted.add(fs);
                helpers.add(rig.helper(fs));
            }
            ExecutorService pool = Executors.newFixedThreadPool(mounted.size());
            try {
                List<Future<FsResult>> futures = new ArrayList<>();
                for (int i = 0; i < mounted.size(); i++) {
                    MountedFs fs = mounted.get(i);
                    Ltprobe helper = helpers.get(i);
                    Policy policy = policies.get(i);
                    Progress.Counter counter = progress.counter(fs.label(), cases);
                    futures.add(pool.submit(() -> {
                        FsResult r = new ExhaustiveRun(fs, helper, policy, counter).run(groups, space);
                        for (FsResult.DisagreementGroup g : r.disagreementGroups()) {
                            g.details(Repro.witness(fs, policy, g.witness(), rig.replaysOnHost()));
                        }
                        return r;
                    }));
                }
                List<FsResult> results = new ArrayList<>();
                for (Future<FsResult> f : futures) {
                    results.add(get(f));
                }
                for (FsResult r : results) {
                    progress.log(console, ReportWriter.timings(r));
                }
                return new PassResult(pass, results, null);
            } finally {
                pool.shutdownNow();
            }
        } finally {
            for (Ltprobe h : helpers) {
                h.close();
            }
            rig.release(firstSpec);
        }
    }

    private static String lbsText(Pass pass) {
        return pass.lbs() == 512 ? "" : "; inodes with " + pass.lbs() + "-byte logical blocks";
    }

    private static FsResult get(Future<FsResult> f) throws IOException {
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        } catch (ExecutionException e) {
            Throwable c = e.getCause();
            if (c instanceof IOException) {
                throw (IOException) c;
            }
            if (c instanceof RuntimeException) {
                throw (RuntimeException) c;
            }
            throw new IOException(c);
        }
    }
}
