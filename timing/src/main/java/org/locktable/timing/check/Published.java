package org.locktable.timing.check;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.locktable.timing.seed.Cell;
import org.locktable.timing.seed.Column;
import org.locktable.timing.seed.SeedCells;

/**
 * The published seed cells ({@link SeedCells}) that belong in a {@link TimingSpec}'s table, as IOPS: the cells of
 * the spec's seed workload on the spec's device profile, for the spec's policies and job counts. Columns with a
 * cost adjustment (seed 001's "before") are left out: the spec's policy alone does not model them. MiB/s and MB/s
 * figures are turned into IOPS with the workload's mean I/O size; fio's READ and WRITE lines add up.
 */
public final class Published {
    private Published() {
    }

    /** Per policy, in the spec's order, published IOPS by job count; empty when the seed publishes none. */
    public static Map<String, Map<Integer, Double>> iops(TimingSpec spec) {
        if (spec.workload().isEmpty()) {
            return Map.of();
        }
        double bytes = TimingSpec.meanSize(spec.baseWorkload().job());
        Map<String, Map<Integer, Double>> out = new LinkedHashMap<>();
        for (String p : spec.policies()) {
            Map<Integer, Double> points = new TreeMap<>();
            for (Cell c : SeedCells.published()) {
                Column col = c.column();
                if (!col.workload().equals(spec.workload()) || !col.profile().equals(spec.device())
                        || !col.policy().equals(p) || col.adjustment() != Column.Adjustment.NONE
                        || !spec.jobs().contains(c.jobs())) {
                    continue;
                }
                points.merge(c.jobs(), iops(c, bytes), Double::sum);
            }
            if (!points.isEmpty()) {
                out.put(p, Collections.unmodifiableMap(points));
            }
        }
        return Collections.unmodifiableMap(out);
    }

    /**
     * The seed tables behind {@link #iops(TimingSpec)}, one line each with its columns:
     * {@code seed 000 Test 1 (aligned 8K, W U U W): base = ext4-base, +patch 1 = ext4-patch1}.
     */
    public static List<String> sources(TimingSpec spec) {
        if (spec.workload().isEmpty()) {
            return List.of();
        }
        Map<String, java.util.LinkedHashSet<String>> tables = new LinkedHashMap<>();
        for (Cell c : SeedCells.published()) {
            Column col = c.column();
            if (col.workload().equals(spec.workload()) && col.profile().equals(spec.device())
                    && spec.policies().contains(col.policy()) && col.adjustment() == Column.Adjustment.NONE
                    && spec.jobs().contains(c.jobs())) {
                tables.computeIfAbsent("seed " + col.seed() + " " + col.table(), k -> new java.util.LinkedHashSet<>())
                        .add(col.label() + " = " + col.policy());
            }
        }
        List<String> out = new java.util.ArrayList<>();
        for (Map.Entry<String, java.util.LinkedHashSet<String>> e : tables.entrySet()) {
            out.add(e.getKey() + ": " + String.join(", ", e.getValue()));
        }
        return List.copyOf(out);
    }

    private static double iops(Cell c, double bytes) {
        switch (c.metric()) {
            case IOPS:
                return c.published();
            case MB_S:
                return c.published() * 1e6 / bytes;
            default: // MiB/s, READ MiB/s, WRITE MiB/s
                return c.published() * 1048576.0 / bytes;
        }
    }
}
