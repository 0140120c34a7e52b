package org.locktable.cli;

import java.io.PrintWriter;
import java.util.function.LongSupplier;

import org.locktable.timing.check.TimingTable;

/** A one-line bar on stderr, shown on a terminal once the run has taken more than a second. */
final class SimulateProgress implements TimingTable.Progress {
    private static final int WIDTH = 30;
    private final TerminalLine line;
    private final boolean enabled;
    private final LongSupplier clock;
    private final long start;

    SimulateProgress(PrintWriter err, boolean enabled, LongSupplier clock) {
        this.line = new TerminalLine(err);
        this.enabled = enabled;
        this.clock = clock;
        this.start = enabled ? clock.getAsLong() : 0;
    }

    @Override
    public void cellDone(int done, int total, String policy, int jobs) {
        if (!enabled || done >= total || clock.getAsLong() - start < SimulateCommand.PROGRESS_AFTER_NS) {
            return;
        }
        int filled = (int) ((long) WIDTH * done / total);
        line.show("simulating [" + "#".repeat(filled) + ".".repeat(WIDTH - filled) + "] " + done + "/" + total
                + " cells (last: " + policy + ", " + jobs + " job" + (jobs == 1 ? "" : "s") + ")");
    }

    /** Erases the bar, if one was shown. */
    void clear() {
        line.clear();
    }
}
