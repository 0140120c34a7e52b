package org.locktable.conformance;

import java.io.Console;
import java.io.PrintStream;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A one-line progress display, rewritten with {@code \r}, shown only when a terminal is attached
 * ({@link System#console()}, and on JDK 22+ {@code Console.isTerminal()}); silent otherwise.
 */
public final class Progress implements AutoCloseable {
    /** One counter per running file system. */
    public static final class Counter {
        private final String label;
        private final long total;
        final AtomicLong done = new AtomicLong();

        Counter(String label, long total) {
            this.label = label;
            this.total = total;
        }

        public void add(long n) {
            done.addAndGet(n);
        }
    }

    private final List<Counter> counters = new ArrayList<>();
    private final PrintStream out;
    private final Thread thread;
    private final long start = System.nanoTime();
    private volatile boolean running = true;
    private int lastLength;

    private Progress(PrintStream out) {
        this.out = out;
        if (out != null) {
            thread = new Thread(this::loop, "progress");
            thread.setDaemon(true);
            thread.start();
        } else {
            thread = null;
        }
    }

    /** Shows progress on stderr when a terminal is attached, else stays silent. */
    public static Progress onTerminal() {
        return new Progress(terminal() ? System.err : null);
    }

    public static Progress silent() {
        return new Progress(null);
    }

    public synchronized Counter counter(String label, long total) {
        Counter c = new Counter(label, total);
        counters.add(c);
        return c;
    }

    static boolean terminal() {
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

    private void loop() {
        while (running) {
            print();
            try {
                Thread.sleep(250);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /** Prints a line on {@code stream}, first clearing the progress line when one is shown. */
    public synchronized void log(PrintStream stream, String line) {
        clear();
        stream.println(line);
        stream.flush();
    }

    private void clear() {
        if (out != null && lastLength > 0) {
            out.print("\r" + " ".repeat(lastLength) + "\r");
            out.flush();
            lastLength = 0;
        }
    }

    private synchronized void print() {
        if (counters.isEmpty()) {
            return;
        }
        StringBuilder s = new StringBuilder("\r");
        long done = 0;
        for (Counter c : counters) {
            long d = c.done.get();
            done += d;
            if (d < c.total) {
                s.append(c.label).append(' ').append(d).append('/').append(c.total).append("  ");
            }
        }
        double secs = (System.nanoTime() - start) / 1e9;
        s.append(String.format(java.util.Locale.ROOT, "%.0f probes/s  %.0f s ", secs > 0 ? done / secs : 0.0, secs));
        out.print(s);
        out.flush();
        lastLength = s.length() - 1;
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
            clear();
        }
    }
}
