package org.locktable.concurrency.safety;

import java.util.List;
import java.util.Locale;
import org.locktable.engine.text.MarkdownTable;

/**
 * What the candidate fix costs, as the timing simulator predicts it: IOPS under the baseline and the fix per workload
 * and job count (computed by the caller, which has the simulator; this module does not).
 */
public record FixCost(String baseline, String fix, String command, List<Row> rows) {
    /** One simulated cell pair. */
    public record Row(String device, String workload, String what, int jobs, double baselineIops, double fixIops) {
        public double ratio() {
            return fixIops / baselineIops;
        }
    }

    public String toMarkdown() {
        MarkdownTable t = new MarkdownTable().left("workload", "device", "from").right("jobs").right(baseline + " IOPS")
                .right(fix + " IOPS").right("fix / base");
        for (Row r : rows) {
            t.row(r.workload(), r.device(), r.what(), Integer.toString(r.jobs()), iops(r.baselineIops()),
                    iops(r.fixIops()), String.format(Locale.ROOT, "%.2fx", r.ratio()));
        }
        return t.render();
    }

    /** The smallest and largest ratio over the rows whose workload name starts with {@code prefix}. */
    public double[] range(String prefix) {
        double lo = Double.MAX_VALUE;
        double hi = -Double.MAX_VALUE;
        for (Row r : rows) {
            if (r.workload().startsWith(prefix)) {
                lo = Math.min(lo, r.ratio());
                hi = Math.max(hi, r.ratio());
            }
        }
        return new double[] {lo, hi};
    }

    private static String iops(double v) {
        return String.format(Locale.ROOT, "%,d", Math.round(v));
    }
}
