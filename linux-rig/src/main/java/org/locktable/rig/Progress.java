package org.locktable.rig;

import java.io.Console;
import java.io.PrintStream;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The one progress display of a live run, on stderr: on a terminal a bar rewritten in place with {@code \r} four
 * times a second; otherwise (a log, CI) a plain line every {@value #LINE_INTERVAL_SECONDS} seconds. Counters count
 * the work of each file system; {@link #log} prints a line without tearing the bar.
 */
public final class Progress implements AutoCloseable {
    static final long LINE_INTERVAL_SECONDS = 15;
    private static final int BAR_WIDTH = 20;
    private static final long BAR_TICK_MILLIS = 250;

    /** How progress is shown. */
    public enum Mode {
        BAR, LINES, SILENT
    }

    /** One counter, e.g. the probes of one file system. */
    public static final class Counter {
        private final String label;
        private final long total;
        private final AtomicLong done = new AtomicLong();

        Counter(String label, long total) {
            this.label = label;
            this.total = total;
        }

        public void add(long n) {
            done.addAndGet(n);
        }

        public long done() {
            return done.get();
        }
    }

    private final List<Counter> counters = new ArrayList<>();
    private final PrintStream out;
    private final Mode mode;
    private final String unit;
    private final Thread thread;
    private final long start = System.nanoTime();
    private volatile boolean running = true;
    private int lastLength;

    Progress(PrintStream out, Mode mode, String unit) {
        this.out = out;
        this.mode = mode;
        this.unit = unit;
        if (mode != Mode.SILENT) {
            thread = new Thread(this::loop, "progress");
            thread.setDaemon(true);
            thread.start();
        } else {
            thread = null;
        }
    }

    /** A bar on stderr when a terminal is attached, plain lines otherwise; {@code unit} names what is counted. */
    public static Progress onStderr(String unit) {
        return new Progress(System.err, terminal() ? Mode.BAR : Mode.LINES, unit);
    }

    public static Progress silent() {
        return new Progress(null, Mode.SILENT, "");
    }

    public synchronized Counter counter(String label, long total) {
        Counter c = new Counter(label, total);
        counters.add(c);
        return c;
    }

    /**
     * True when stdin/stdout are a terminal ({@link System#console()}, and on JDK 22+ {@code Console.isTerminal()}: from
     * JDK 22 on a console exists even when the output is a pipe). Progress bars, redrawn lines and colour need one.
     */
    public static boolean terminal() {
        Console c = System.console();
        if (c == null) {
            return false;
        }
        try {
            Method m = Console.class.getMethod("isTerminal");
            return (Boolean) m.invoke(c);
        } catch (ReflectiveOperationException e) {
            return true; // before JDK 22 a console is a terminal
        }
    }

    /** Prints a line on {@code stream}, first clearing the bar when one is shown. */
    public synchronized void log(PrintStream stream, String line) {
        clear();
        stream.println(line);
        stream.flush();
    }

    /**
     * {@code [##........] ext4 120/4000  xfs 80/4000  812 probes/s  3 s}: the bar and the counts of the counters still
     * running, the rate over all of them, the time.
     */
    synchronized String render(double seconds) {
        long done = 0;
        long runningDone = 0;
        long runningTotal = 0;
        StringBuilder s = new StringBuilder();
        for (Counter c : counters) {
            long d = c.done();
            done += d;
            if (d < c.total) {
                runningDone += d;
                runningTotal += c.total;
                s.append(c.label).append(' ').append(d).append('/').append(c.total).append("  ");
            }
        }
        int filled = runningTotal == 0 ? BAR_WIDTH : (int) (BAR_WIDTH * runningDone / runningTotal);
        String bar = "[" + "#".repeat(filled) + ".".repeat(BAR_WIDTH - filled) + "] ";
        return bar + s + String.format(Locale.ROOT, "%.0f %s/s  %.0f s", seconds > 0 ? done / seconds : 0.0, unit,
                seconds);
    }

    private void loop() {
        long tick = mode == Mode.BAR ? BAR_TICK_MILLIS : LINE_INTERVAL_SECONDS * 1000;
        while (running) {
            try {
                Thread.sleep(tick);
            } catch (InterruptedException e) {
                return;
            }
            show();
        }
    }

    private synchronized void show() {
        if (counters.isEmpty() || !running) {
            return;
        }
        String line = render((System.nanoTime() - start) / 1e9);
        if (mode == Mode.BAR) {
            out.print("\r" + line + " ".repeat(Math.max(0, lastLength - line.length())));
            lastLength = line.length();
        } else {
            out.println(line);
        }
        out.flush();
    }

    private void clear() {
        if (mode == Mode.BAR && lastLength > 0) {
            out.print("\r" + " ".repeat(lastLength) + "\r");
            out.flush();
            lastLength = 0;
        }
    }

    @Override
    public void close() {
        running = false;
        if (thread != null) {
            thread.interrupt();
            try {
                thread.join(1000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            synchronized (this) {
                clear();
            }
        }
    }
}
