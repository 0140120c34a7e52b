package org.locktable.docs;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.locktable.concurrency.safety.FixCost;
import org.locktable.concurrency.safety.SafetyReport;
import org.locktable.timing.check.TimingProfiles;
import org.locktable.timing.check.TimingSpec;
import org.locktable.timing.check.TimingTable;
import org.locktable.timing.fio.FioEnvironment;
import org.locktable.timing.fio.FioParser;
import org.locktable.timing.seed.SeedWorkloads;
import org.locktable.timing.sim.WaitRules;
import org.locktable.timing.workload.Workload;

/**
 * What {@code locktable simulate} says the candidate fix costs against ext4-base: the seed workloads of direct writes
 * on their seed's device, and the EOF workloads of {@code eof-workloads.fio} on seed 004's, each cut to
 * {@link TimingSpec#DEFAULT_IOS_PER_JOB} I/Os per job (seed 1), for safety.md.
 */
public final class SafetyFixCost {
    static final String RESOURCE = "eof-workloads.fio";
    private static final List<Integer> EOF_JOBS = List.of(1, 4, 16);
    private static final String EOF_DEVICE = "seed004-vm";

    /** Replications per cell, as {@code locktable simulate} runs by default and the timing report predicts. */
    static final int RUNS = 4;

    private SafetyFixCost() {
    }

    public static FixCost simulate() {
        return simulate(SafetyReport.BASE, SafetyReport.FIX);
    }

    /**
     * What {@code policy} costs against {@code base} on the same workloads and devices (the price section of
     * {@code locktable review}).
     */
    public static FixCost simulate(String base, String policy) {
        List<String> ids = List.of(base, policy);
        List<FixCost.Row> rows = new ArrayList<>();
        for (String name : SeedWorkloads.names()) {
            Workload w = SeedWorkloads.get(name);
            if (w.job().direct()) {
                add(rows, device(name), name, name, w, SeedWorkloads.jobCounts(name), ids);
            }
        }
        for (Workload w : eofWorkloads()) {
            add(rows, EOF_DEVICE, w.name(), RESOURCE, w, EOF_JOBS, ids);
        }
        return new FixCost(base, policy, "bin/locktable simulate --device DEVICE --policy "
                + base + "," + policy + " --workload NAME (or --fio docs/src/main/resources/"
                + "org/locktable/docs/" + RESOURCE + " --job NAME) --jobs N --ios-per-job " + TimingSpec.DEFAULT_IOS_PER_JOB,
                rows);
    }

    private static void add(List<FixCost.Row> rows, String device, String name, String what, Workload w,
            List<Integer> jobs, List<String> ids) {
        TimingProfiles.Resolved p = TimingProfiles.get(device);
        TimingTable t = TimingTable.run(p.name(), name, p.device(), p.cost(),
                TimingSpec.scale(w, TimingSpec.DEFAULT_IOS_PER_JOB), ids, jobs, 1, RUNS, WaitRules.COMMITTED,
                (done, total, policy, n) -> { });
        for (int n : jobs) {
            rows.add(new FixCost.Row(device, name, what, n, t.iops(ids.get(0), n), t.iops(ids.get(1), n)));
        }
    }

    /** seed000-* on seed000-vm, seed001-* on seed001-pmem, seed004-* on seed004-vm. */
    private static String device(String workload) {
        String seed = workload.substring(0, 7);
        for (String name : TimingProfiles.names()) {
            if (name.startsWith(seed)) {
                return name;
            }
        }
        throw new IllegalStateException("no device profile for " + workload);
    }

    public static List<Workload> eofWorkloads() {
        try (InputStream in = SafetyFixCost.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is not on the class path");
            }
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            return new FioParser(FioEnvironment.defaults().withIncludes(Map.of())).parseJobFile(text, RESOURCE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + RESOURCE, e);
        }
    }
}
