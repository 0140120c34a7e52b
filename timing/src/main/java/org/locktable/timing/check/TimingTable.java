package org.locktable.timing.check;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiFunction;
import java.util.stream.IntStream;

import org.locktable.timing.cost.CostModel;
import org.locktable.timing.device.Device;
import org.locktable.timing.profile.Profile;
import org.locktable.timing.sim.SimConfig;
import org.locktable.timing.sim.SimResult;
import org.locktable.timing.sim.Simulator;
import org.locktable.timing.sim.WaitRules;
import org.locktable.timing.workload.Workload;

/**
 * A simulated table in the seeds' shape: one row per job count, one IOPS column per policy, and the speedup of
 * each policy over the first. Deterministic: the same inputs give an equal table.
 *
 * @param device the device profile's name
 * @param workload the workload's label
 * @param policies the columns, in order; the first is the baseline
 * @param jobs the rows, in order
 * @param results per policy, one result per row
 * @param rules the kernel's waiting rules every cell was simulated under
 */
public record TimingTable(String device, String workload, List<String> policies, List<Integer> jobs,
        Map<String, List<SimResult>> results, WaitRules rules) {

    /** Told after each simulated cell. */
    @FunctionalInterface
    public interface Progress {
        void cellDone(int done, int total, String policy, int jobs);
    }

    public TimingTable {
        policies = List.copyOf(policies);
        jobs = List.copyOf(jobs);
        Map<String, List<SimResult>> copy = new LinkedHashMap<>();
        for (String p : policies) {
            copy.put(p, List.copyOf(results.get(p)));
        }
        results = java.util.Collections.unmodifiableMap(copy);
    }

    /**
     * Simulates every (policy, job count) cell, in parallel.
     *
     * @throws IllegalArgumentException for an unknown policy, or a workload the simulator refuses
     */
    public static TimingTable run(String deviceName, String workloadLabel, Device device, CostModel cost,
            Workload workload, List<String> policies, List<Integer> jobs, long seed, Progress progress) {
        return run(deviceName, workloadLabel, device, cost, workload, policies, jobs, seed, WaitRules.COMMITTED,
                progress);
    }

    /** As {@link #run(String, String, Device, CostModel, Workload, List, List, long, Progress)}, under {@code rules}. */
    public static TimingTable run(String deviceName, String workloadLabel, Device device, CostModel cost,
            Workload workload, List<String> policies, List<Integer> jobs, long seed, WaitRules rules,
            Progress progress) {
        return run(deviceName, workloadLabel, device, cost, workload, policies, jobs, seed, 1, rules, progress);
    }

    /**
     * As {@link #run(String, String, Device, CostModel, Workload, List, List, long, WaitRules, Progress)}, each cell
     * the mean of {@code runs} independent replications with seeds {@code seed}, {@code seed + 1}, ...
     * ({@link SimResult#mean}), as the timing report predicts.
     */
    public static TimingTable run(String deviceName, String workloadLabel, Device device, CostModel cost,
            Workload workload, List<String> policies, List<Integer> jobs, long seed, int runs, WaitRules rules,
            Progress progress) {
        if (runs < 1) {
            throw new IllegalArgumentException("runs must be at least 1, got " + runs);
        }
        int total = policies.size() * jobs.size();
        AtomicInteger done = new AtomicInteger();
        // cells in parallel: each replication is deterministic in its own seed, so the table does not depend on the
        // order cells finish in
        List<SimResult> cells;
        try {
            cells = IntStream.range(0, total).parallel().mapToObj(i -> {
                String p = policies.get(i / jobs.size());
                int n = jobs.get(i % jobs.size());
                SimConfig base = SimConfig.of(workload, p, device, cost).withRules(rules).withJobs(n);
                List<SimResult> replications = new ArrayList<>(runs);
                for (int r = 0; r < runs; r++) {
                    replications.add(Simulator.run(base.withSeed(seed + r)));
                }
                SimResult mean = SimResult.mean(replications);
                if (progress != null) {
                    synchronized (done) {
                        progress.cellDone(done.incrementAndGet(), total, p, n);
                    }
                }
                return mean;
            }).toList();
        } catch (RuntimeException e) {
            throw thrown(e);
        }
        Map<String, List<SimResult>> out = new LinkedHashMap<>();
        for (int k = 0; k < policies.size(); k++) {
            out.put(policies.get(k), cells.subList(k * jobs.size(), (k + 1) * jobs.size()));
        }
        return new TimingTable(deviceName, workloadLabel, policies, jobs, out, rules);
    }

    /**
     * What a cell threw: a parallel stream rethrows a worker thread's exception as a copy whose message is the
     * original's {@code toString()}; the original, for a message that reads as the simulator wrote it.
     */
    public static RuntimeException thrown(RuntimeException e) {
        return e.getCause() instanceof RuntimeException c && c.getClass() == e.getClass() ? c : e;
    }

    /** The same table (policies, rows, waiting rules) simulated from {@code p} on {@code w} with seed {@code seed}. */
    public TimingTable rerun(Profile p, Workload w, long seed) {
        return run(device, workload, p.device(), p.cost(), w, policies, jobs, seed, rules, null);
    }

    public SimResult cell(String policy, int jobCount) {
        List<SimResult> column = results.get(policy);
        int row = jobs.indexOf(jobCount);
        if (column == null || row < 0) {
            throw new IllegalArgumentException("no cell for " + policy + " at " + jobCount + " jobs in this table ("
                    + policies + " x " + jobs + ")");
        }
        return column.get(row);
    }

    public double iops(String policy, int jobCount) {
        return cell(policy, jobCount).iops();
    }

    /** IOPS of {@code policy} / IOPS of {@code over} at {@code jobCount} jobs (NaN when {@code over} did nothing). */
    public double speedup(String policy, String over, int jobCount) {
        double base = iops(over, jobCount);
        return base > 0 ? iops(policy, jobCount) / base : Double.NaN;
    }

    /**
     * The table as the seeds print theirs:
     * <pre>
     *   JOBS    ext4-base  ext4-patch1  speedup
     *   ----    ---------  -----------  -------
     *      1       42,322       43,329    1.02x
     * </pre>
     * With more than two policies, one {@code speedup POLICY} column per policy after the first.
     */
    public String text() {
        return table((p, n) -> iopsText(iops(p, n)), (p, n) -> speedupText(speedup(p, policies.get(0), n)));
    }

    /**
     * This table's shape with other cells: JOBS, then {@code iopsCell} of each policy and, unless
     * {@code speedupCell} is null, {@code speedupCell} of each policy after the first (over the first).
     */
    public String table(BiFunction<String, Integer, String> iopsCell, BiFunction<String, Integer, String> speedupCell) {
        List<String> header = new ArrayList<>();
        header.add("JOBS");
        header.addAll(policies);
        List<String> extra = speedupCell == null ? List.of() : policies.subList(1, policies.size());
        for (String p : extra) {
            header.add(extra.size() == 1 ? "speedup" : "speedup " + p);
        }
        List<List<String>> rows = new ArrayList<>();
        for (int n : jobs) {
            List<String> r = new ArrayList<>();
            r.add(Integer.toString(n));
            for (String p : policies) {
                r.add(iopsCell.apply(p, n));
            }
            for (String p : extra) {
                r.add(speedupCell.apply(p, n));
            }
            rows.add(r);
        }
        return columns(header, rows);
    }

    /** A header, a rule and the rows, each column right-aligned to its widest cell. */
    static String columns(List<String> header, List<List<String>> rows) {
        int[] width = new int[header.size()];
        for (int c = 0; c < width.length; c++) {
            width[c] = header.get(c).length();
            for (List<String> r : rows) {
                width[c] = Math.max(width[c], r.get(c).length());
            }
        }
        StringBuilder s = new StringBuilder();
        line(s, header, width);
        List<String> rule = new ArrayList<>();
        for (String h : header) {
            rule.add("-".repeat(h.length()));
        }
        line(s, rule, width);
        for (List<String> r : rows) {
            line(s, r, width);
        }
        return s.toString();
    }

    private static void line(StringBuilder s, List<String> cells, int[] width) {
        StringBuilder l = new StringBuilder();
        for (int c = 0; c < cells.size(); c++) {
            l.append(c == 0 ? "  " : "    ");
            l.append(" ".repeat(width[c] - cells.get(c).length())).append(cells.get(c));
        }
        s.append(l.toString().stripTrailing()).append('\n');
    }

    /** {@code 42,322}. */
    public static String iopsText(double iops) {
        return String.format(Locale.ROOT, "%,d", Math.round(iops));
    }

    /** {@code 1.94x}. */
    public static String speedupText(double speedup) {
        return Double.isNaN(speedup) ? "n/a" : String.format(Locale.ROOT, "%.2fx", speedup);
    }
}
