package org.locktable.matrix;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

import org.locktable.conformance.Conformance;
import org.locktable.conformance.ConformanceReport;
import org.locktable.conformance.FsResult;
import org.locktable.conformance.PassResult;
import org.locktable.conformance.ReportWriter;
import org.locktable.rig.Progress;

/**
 * One kernel graded in one or two guests: the conformance report, how long the guests took to boot, their mkfs
 * options, how many there were, and the observed table of every pass and file system.
 */
public record KernelRun(KernelSpec spec, String release, double bootSeconds, String mkfs, ConformanceReport report,
                        List<Observed> observed, double wallSeconds, int guests) {

    /** The observed table of one pass on one file system. */
    public record Observed(String pass, String fs, ObservedTable table) {
    }

    /** Boots {@code spec} in {@link KernelMatrix#defaultGuests()} guests, runs {@code options}, ends them. */
    public static KernelRun run(KernelSpec spec, KernelCache cache, Conformance.Options options, PrintStream console)
            throws IOException {
        return run(spec, cache, options, console, KernelMatrix.defaultGuests());
    }

    /** Boots {@code spec} in {@code guests} guests (1 or 2: {@link GuestPool}), runs {@code options}, ends them. */
    public static KernelRun run(KernelSpec spec, KernelCache cache, Conformance.Options options, PrintStream console,
            int guests) throws IOException {
        long t0 = System.nanoTime();
        ConformanceReport r;
        String release;
        double boot;
        String mkfs;
        try (GuestPool target = KernelMatrix.open(spec, cache, console, guests);
                Progress progress = Progress.onStderr("probes")) {
            release = target.kernelRelease();
            boot = target.bootSeconds();
            mkfs = target.mkfsOptions().describe();
            r = Conformance.run(target, options, progress, console);
        }
        List<Observed> observed = new ArrayList<>();
        for (PassResult p : r.passes()) {
            for (FsResult f : p.results()) {
                observed.add(new Observed(p.pass().id(), f.spec().label(), ObservedTable.of(p.pass(), f)));
            }
        }
        double wall = (System.nanoTime() - t0) / 1e9;
        for (PassResult p : r.passes()) {
            for (FsResult f : p.results()) {
                console.println(ReportWriter.timings(f));
            }
        }
        return new KernelRun(spec, release, boot, mkfs, r, List.copyOf(observed), wall, guests);
    }

    /** {@code debian-6.1}: the spec as a file name. */
    public String slug() {
        return spec.toString().replaceAll("[^A-Za-z0-9.+-]+", "-");
    }
}
