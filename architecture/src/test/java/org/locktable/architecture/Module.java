package org.locktable.architecture;

import java.util.Arrays;
import java.util.Comparator;
import java.util.Optional;
import java.util.Set;

/**
 * The module graph of ARCHITECTURE.md: each Maven module, the package it owns, and the modules its main code may
 * import. Imports flow one way, from the front door (cli) and the harnesses down to the engine and the DSL.
 */
enum Module {
    DSL_ANNOTATIONS("dsl-annotations", "org.locktable.dsl"),
    ENGINE("engine", "org.locktable.engine"),
    TIMING("timing", "org.locktable.timing", ENGINE),
    CONCURRENCY("concurrency", "org.locktable.concurrency", ENGINE),
    DSL_READER("dsl-reader", "org.locktable.dsl.reader", DSL_ANNOTATIONS, ENGINE, TIMING, CONCURRENCY),
    PROCESSOR("processor", "org.locktable.processor", DSL_ANNOTATIONS, ENGINE, DSL_READER, TIMING, CONCURRENCY),
    LINUX_RIG("linux-rig", "org.locktable.rig", ENGINE),
    KERNEL_CONFORMANCE("kernel-conformance", "org.locktable.conformance", DSL_ANNOTATIONS, ENGINE, DSL_READER, LINUX_RIG),
    RACE_REPLAY("race-replay", "org.locktable.replay", ENGINE, LINUX_RIG, CONCURRENCY),
    KERNEL_MATRIX("kernel-matrix", "org.locktable.matrix", ENGINE, CONCURRENCY, LINUX_RIG, KERNEL_CONFORMANCE,
            RACE_REPLAY),
    TIMING_CALIBRATION("timing-calibration", "org.locktable.calibration", ENGINE, TIMING, LINUX_RIG),
    XFSTESTS_EXPORT("xfstests-export", "org.locktable.xfstests", ENGINE, DSL_READER, KERNEL_CONFORMANCE),
    DOCS("docs", "org.locktable.docs", ENGINE, TIMING, CONCURRENCY, LINUX_RIG, KERNEL_CONFORMANCE, RACE_REPLAY,
            TIMING_CALIBRATION),
    CLI("cli", "org.locktable.cli", ENGINE, TIMING, TIMING_CALIBRATION, LINUX_RIG, KERNEL_CONFORMANCE, KERNEL_MATRIX,
            CONCURRENCY, RACE_REPLAY, XFSTESTS_EXPORT, DOCS),
    BENCHMARKS("benchmarks", "org.locktable.benchmarks", DSL_ANNOTATIONS, ENGINE, TIMING, CONCURRENCY, DSL_READER, PROCESSOR);

    final String directory;
    final String rootPackage;
    private final Set<Module> mayImport;

    Module(String directory, String rootPackage, Module... mayImport) {
        this.directory = directory;
        this.rootPackage = rootPackage;
        this.mayImport = Set.of(mayImport); // not an EnumSet: the enum is not initialised yet
    }

    boolean mayImport(Module other) {
        return other == this || mayImport.contains(other);
    }

    /** The module owning {@code packageName}: the one with the longest matching root package. */
    static Optional<Module> owning(String packageName) {
        return Arrays.stream(values())
                .filter(m -> packageName.equals(m.rootPackage) || packageName.startsWith(m.rootPackage + "."))
                .max(Comparator.comparingInt(m -> m.rootPackage.length()));
    }
}
