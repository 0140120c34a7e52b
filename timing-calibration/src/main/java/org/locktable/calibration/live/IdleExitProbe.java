package org.locktable.calibration.live;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

import org.locktable.rig.EnvironmentException;

/**
 * Measures what a wake-up costs when the woken thread's CPU had gone idle: the {@code cost.idleExitNs} and
 * {@code cost.idlePollNs} of a profile with a finite core count.
 *
 * <p>One thread parks; its CPU has nothing else to run and goes idle. The other spins for an idle time d, then
 * unparks it ({@code futex} wake, as a completion wakes a sleeping writer) and spins until the woken thread has
 * read the clock: the wake-up latency. Each d is measured with the CPUs as they are and with every CPU held out of
 * its idle states ({@link PollingIdle}), in alternating rounds; the difference of the medians is the idle exit at
 * d. E is the exit at {@value #REFERENCE_IDLE_US} µs of idle (a lone synchronous writer's CPU idles about that long
 * per I/O on a loop device); P, the poll window, is the longest idle time measured whose exit is under half of E
 * (0 when none is). A machine without idle exits (bare metal with polling, or cpuidle off) measures E near 0.
 *
 * <p>On one CPU the woken thread would share the waker's CPU, which never goes idle: the probe needs 2 or more.
 */
public final class IdleExitProbe {
    /** Idle times measured, µs. */
    static final int[] IDLE_US = {2, 5, 10, 20, 50, 100, 200};
    /** The idle time whose exit is E. */
    static final int REFERENCE_IDLE_US = 50;

    private IdleExitProbe() {
    }

    /**
     * Sizes of a probe.
     *
     * @param samples wake-ups per idle time, mode and round
     * @param rounds rounds, alternating which mode goes first; the median over the rounds is used
     */
    public record Plan(int samples, int rounds) {
        public static Plan full() {
            return new Plan(2000, 5);
        }

        public static Plan tiny() {
            return new Plan(200, 1);
        }
    }

    /** One idle time: the median wake-up latency with the CPUs as they are and polling, ns. */
    public record Point(int idleUs, double latencyNs, double pollingLatencyNs) {
        public double exitNs() {
            return Math.max(0, latencyNs - pollingLatencyNs);
        }
    }

    /** The outcome: every point, and E and P read from them. */
    public record Result(List<Point> points, double idleExitNs, double idlePollNs, int cpus) {
    }

    /** Runs the probe; an {@link EnvironmentException} without a writable PM QoS device. */
    public static Result run(Plan plan) throws IOException {
        int cpus = Runtime.getRuntime().availableProcessors();
        if (cpus < 2) {
            throw new EnvironmentException("one CPU: the woken thread would share the waker's CPU, "
                    + "which never goes idle");
        }
        double[][] idle = new double[IDLE_US.length][plan.rounds()];
        double[][] polling = new double[IDLE_US.length][plan.rounds()];
        try (Pair pair = new Pair()) {
            pair.measure(IDLE_US[IDLE_US.length - 1], plan.samples()); // warm-up: compiled code, threads placed
            for (int r = 0; r < plan.rounds(); r++) {
                for (int first = 0; first < 2; first++) {
                    boolean poll = (r + first) % 2 == 1;
                    for (int i = 0; i < IDLE_US.length; i++) {
                        if (poll) {
                            try (PollingIdle held = PollingIdle.hold()) {
                                polling[i][r] = pair.measure(IDLE_US[i], plan.samples());
                            }
                        } else {
                            idle[i][r] = pair.measure(IDLE_US[i], plan.samples());
                        }
                    }
                }
            }
        }
        List<Point> points = new ArrayList<>();
        for (int i = 0; i < IDLE_US.length; i++) {
            points.add(new Point(IDLE_US[i], median(idle[i]), median(polling[i])));
        }
        return result(points, cpus);
    }

    /** E and P from measured points. */
    static Result result(List<Point> points, int cpus) {
        double e = points.stream().filter(p -> p.idleUs() == REFERENCE_IDLE_US).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no point at " + REFERENCE_IDLE_US + " µs"))
                .exitNs();
        double poll = 0;
        for (Point p : points) {
            if (p.idleUs() <= REFERENCE_IDLE_US && p.exitNs() < e / 2) {
                poll = Math.max(poll, p.idleUs() * 1000.0);
            }
        }
        return new Result(List.copyOf(points), Math.round(e), poll, cpus);
    }

    static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        int n = s.length;
        return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
    }

    /** The two threads: this one wakes, the other sleeps. */
    private static final class Pair implements AutoCloseable {
        private volatile boolean parked;
        private volatile boolean go;
        private volatile long seen;
        private volatile boolean done;
        private final Thread sleeper = new Thread(this::sleep, "idle-exit-probe");

        Pair() {
            sleeper.setDaemon(true);
            sleeper.start();
        }

        private void sleep() {
            while (!done) {
                parked = true;
                while (!go && !done) {
                    LockSupport.park(this);
                }
                parked = false;
                go = false;
                seen = System.nanoTime();
            }
        }

        /** The median latency, ns, of {@code samples} wake-ups after {@code idleUs} µs of the sleeper's CPU idle. */
        double measure(int idleUs, int samples) {
            long[] lat = new long[samples];
            for (int i = 0; i < samples; i++) {
                while (!parked) {
                    Thread.onSpinWait();
                }
                spin(idleUs * 1000L);
                seen = 0;
                long sent = System.nanoTime();
                go = true;
                LockSupport.unpark(sleeper);
                long t;
                while ((t = seen) == 0) {
                    Thread.onSpinWait();
                }
                lat[i] = t - sent;
            }
            Arrays.sort(lat);
            return lat[samples / 2];
        }

        private static void spin(long ns) {
            long t0 = System.nanoTime();
            while (System.nanoTime() - t0 < ns) {
                Thread.onSpinWait();
            }
        }

        @Override
        public void close() {
            done = true;
            LockSupport.unpark(sleeper);
        }
    }
}
