package org.locktable.engine.scenario;

import java.util.ArrayList;
import java.util.List;

import org.locktable.engine.decision.Decision;
import org.locktable.engine.model.Inode;
import org.locktable.engine.model.WriteRequest;
import org.locktable.engine.render.Strip;

/** The text a failing check prints: the layout strip with the write marked, the decision and its trace. */
public final class DecisionReport {
    private DecisionReport() {
    }

    /** {@code S drain force-wait nowait=EAGAIN OK} — the outcome columns of a decision in one line. */
    public static String summary(Decision d) {
        return d.finalLock() + (d.drain() ? " drain" : "") + (d.forceWait() ? " force-wait" : "")
                + (d.nowait() != org.locktable.engine.decision.NowaitOutcome.NOT_APPLICABLE ? " nowait=" + d.nowait() : "")
                + " " + d.result();
    }

    public static List<String> strip(Inode inode, WriteRequest w) {
        List<String> lines = new ArrayList<>();
        lines.add(inode + "; " + w);
        lines.addAll(new Strip(inode.layout(), inode.blockSize(), inode.size(), w.offset(), w.length()).lines());
        return lines;
    }

    /** The whole report, indented for an assertion message. */
    public static String of(String headline, Inode inode, WriteRequest w, List<String> details, Decision full, String rerun) {
        StringBuilder s = new StringBuilder(headline).append('\n');
        for (String l : strip(inode, w)) {
            s.append("    ").append(l).append('\n');
        }
        for (String l : details) {
            s.append("  ").append(l).append('\n');
        }
        if (full != null) {
            s.append("  ").append(full.policy()).append(" decided ").append(summary(full)).append(", lock path ")
                    .append(full.lockPathText()).append('\n');
            s.append("  trace:\n");
            int n = 1;
            for (String t : full.trace()) {
                s.append("    ").append(n++).append(". ").append(t).append('\n');
            }
        }
        if (rerun != null && !rerun.isEmpty()) {
            s.append("  rerun: ").append(rerun).append('\n');
        }
        return s.toString();
    }
}
