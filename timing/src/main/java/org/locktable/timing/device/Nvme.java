package org.locktable.timing.device;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.locktable.timing.cost.Variability;
import org.locktable.timing.device.Station;

/**
 * An NVMe SSD in the MQSim spirit, first order: submission queues with a depth limit, a controller that
 * processes commands one at a time (per-command cost), a host link (bandwidth), and {@code units} parallel
 * flash units (channels × dies). A request is split into pages; a write page goes to the unit that frees up
 * first (dynamic allocation), a read page to the unit its address stripes to. Media times vary with a seeded
 * RNG. Completion = last page done (+ link transfer for reads) + a fixed completion latency.
 *
 * <p>Queue mapping: stream (job) {@code s} uses submission queue {@code s % queues}, like per-CPU blk-mq
 * queues. A full queue holds its requests back (FIFO per queue) while other queues go on. The controller, the
 * two link directions and each unit are non-preemptive servers scheduled by reservation ({@link Calendar}):
 * FCFS when requests reach them in order, and no head-of-line blocking when a full queue or a slow unit
 * reorders them.
 *
 * @param queues submission queues (≥ 1)
 * @param queueDepth outstanding commands per queue; 0 = unlimited
 * @param perCommandNs controller cost per command, serialized
 * @param bytesPerSecond host link rate, serialized; 0 = unlimited
 * @param units parallel flash units
 * @param pageBytes bytes one unit handles per media operation
 * @param readNs media time per page read, mean
 * @param writeNs media time per page program (or cache write), mean
 * @param mediaCv coefficient of variation of media times
 * @param fuaNs extra controller cost of a FUA / flush command
 * @param latencyNs fixed completion latency (interrupt, completion queue), overlaps freely
 */
public record Nvme(int queues, int queueDepth, double perCommandNs, double bytesPerSecond, int units, long pageBytes,
        double readNs, double writeNs, double mediaCv, double fuaNs, double latencyNs) implements Device {

    public Nvme {
        if (queues < 1 || queueDepth < 0 || units < 1 || pageBytes < 1 || !(perCommandNs >= 0)
                || !(bytesPerSecond >= 0) || !(readNs >= 0) || !(writeNs >= 0) || !(mediaCv >= 0) || !(fuaNs >= 0)
                || !(latencyNs >= 0)) {
            throw new IllegalArgumentException("bad Nvme device parameters");
        }
    }

    public double linkNs(long bytes) {
        return bytesPerSecond > 0 ? bytes * 1e9 / bytesPerSecond : 0;
    }

    public long pages(long bytes) {
        return Math.max(1, (bytes + pageBytes - 1) / pageBytes);
    }

    @Override
    public Queue open(long seed) {
        return new State(this, seed);
    }

    @Override
    public List<Station> stations(long bytes, boolean write) {
        List<Station> s = new ArrayList<>(4);
        s.add(Station.queue("nvme controller", perCommandNs));
        s.add(Station.queue("nvme link", linkNs(bytes)));
        s.add(Station.multi("nvme units", pages(bytes) * (write ? writeNs : readNs), units));
        if (latencyNs > 0) {
            s.add(Station.delay("nvme latency", latencyNs));
        }
        return s;
    }

    @Override
    public String describe() {
        return String.format("nvme: %d queues x qd %d, %.0f ns/command, %.0f MB/s, %d units x %d B pages, "
                + "read %.0f ns, write %.0f ns, cv %.2f", queues, queueDepth, perCommandNs, bytesPerSecond / 1e6, units,
                pageBytes, readNs, writeNs, mediaCv);
    }

    private static final class State implements Queue {
        private final Nvme p;
        private final SplittableRandom rng;
        private final DepthLimit[] sq;
        private final Calendar controller = new Calendar();
        private final Calendar linkIn = new Calendar();
        private final Calendar linkOut = new Calendar();
        private final Calendar[] units;
        private final long[] unitLast;
        private final long latency;
        private final Variability variability;

        State(Nvme p, long seed) {
            this.p = p;
            this.rng = new SplittableRandom(seed);
            this.sq = new DepthLimit[p.queues];
            for (int i = 0; i < sq.length; i++) {
                sq[i] = new DepthLimit(p.queueDepth);
            }
            this.units = new Calendar[p.units];
            for (int i = 0; i < units.length; i++) {
                units[i] = new Calendar();
            }
            this.unitLast = new long[p.units];
            this.latency = Math.round(p.latencyNs);
            this.variability = Variability.of(p.mediaCv);
        }

        @Override
        public long submit(long now, long offset, long bytes, boolean write, boolean fua, int stream) {
            controller.prune(now);
            linkIn.prune(now);
            linkOut.prune(now);
            DepthLimit q = sq[Math.floorMod(stream, sq.length)];
            long admit = q.admit(now);
            long t = controller.reserve(admit, Math.round(p.perCommandNs + (fua ? p.fuaNs : 0)));
            long link = Math.round(p.linkNs(bytes));
            long pages = p.pages(bytes);
            long done;
            if (write) {
                t = linkIn.reserve(t, link);
                done = t;
                for (long i = 0; i < pages; i++) {
                    int u = earliestUnit();
                    units[u].prune(now);
                    long end = units[u].reserve(t, Math.round(variability.sample(rng, p.writeNs)));
                    unitLast[u] = Math.max(unitLast[u], end);
                    done = Math.max(done, end);
                }
            } else {
                long media = t;
                long first = offset / p.pageBytes;
                for (long i = 0; i < pages; i++) {
                    int u = (int) Math.floorMod(first + i, (long) units.length);
                    units[u].prune(now);
                    long end = units[u].reserve(t, Math.round(variability.sample(rng, p.readNs)));
                    unitLast[u] = Math.max(unitLast[u], end);
                    media = Math.max(media, end);
                }
                done = linkOut.reserve(media, link);
            }
            done += latency;
            q.occupy(done);
            return done;
        }

        /** The unit whose booked work ends first (dynamic write allocation). */
        private int earliestUnit() {
            int best = 0;
            long bestT = unitLast[0];
            for (int i = 1; i < unitLast.length; i++) {
                if (unitLast[i] < bestT) {
                    bestT = unitLast[i];
                    best = i;
                }
            }
            return best;
        }
    }
}
