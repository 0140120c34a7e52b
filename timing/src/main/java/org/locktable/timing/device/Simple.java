package org.locktable.timing.device;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.locktable.timing.cost.Variability;
import org.locktable.timing.device.Station;

/**
 * A device described by a serialized service (per-command cost + bytes / bandwidth, one request at a time,
 * FIFO) followed by a pure latency that any number of requests overlap: VM disks, pmem, RAM-backed block
 * devices, or a first-order SSD. Optionally a queue-depth limit (requests beyond it wait, FIFO).
 *
 * @param latencyNs pure delay after the serialized service, ns (overlaps freely)
 * @param perCommandNs serialized cost per request, ns
 * @param bytesPerSecond serialized transfer rate; 0 = no transfer term
 * @param maxQueueDepth requests inside the device at once; 0 = unlimited
 * @param serviceCv coefficient of variation of the serialized service (0 deterministic, 1 exponential)
 * @param flushNs extra serialized cost of a FUA / flush request
 * @param hostCpu the serialized service is work on the host's cores (a loop device's worker thread): the simulator
 *                runs it there, FIFO, one request at a time; {@code maxQueueDepth} is then ignored
 * @param rmwUnitBytes the unit a write must cover whole to avoid a read-modify-write (a 512-byte-emulated disk's
 *                     4 KiB physical sector, the host page of a virtual disk over the host's page cache); 0 = none
 * @param rmwNs extra serialized service per partly covered unit of a write (the read of that unit), ns
 * @param wakeNs extra serialized service of a request that finds the device idle: the wake-up of the thread that
 *               serves it (a loop device's worker, a hypervisor's I/O thread), which a busy device's thread, still
 *               working through its queue, does not pay; 0 = none
 */
public record Simple(double latencyNs, double perCommandNs, double bytesPerSecond, int maxQueueDepth,
        double serviceCv, double flushNs, boolean hostCpu, int rmwUnitBytes, double rmwNs, double wakeNs)
        implements HostCpuDevice {

    /** A device with its own serialized service (not on the host's cores). */
    public Simple(double latencyNs, double perCommandNs, double bytesPerSecond, int maxQueueDepth, double serviceCv,
            double flushNs) {
        this(latencyNs, perCommandNs, bytesPerSecond, maxQueueDepth, serviceCv, flushNs, false);
    }

    /** Without read-modify-write. */
    public Simple(double latencyNs, double perCommandNs, double bytesPerSecond, int maxQueueDepth, double serviceCv,
            double flushNs, boolean hostCpu) {
        this(latencyNs, perCommandNs, bytesPerSecond, maxQueueDepth, serviceCv, flushNs, hostCpu, 0, 0, 0);
    }

    public Simple {
        if (!(latencyNs >= 0) || !(perCommandNs >= 0) || !(bytesPerSecond >= 0) || maxQueueDepth < 0
                || !(serviceCv >= 0) || !(flushNs >= 0) || rmwUnitBytes < 0 || !(rmwNs >= 0) || !(wakeNs >= 0)) {
            throw new IllegalArgumentException("bad Simple device parameters");
        }
    }

    /** Deterministic, unlimited queue depth, no flush cost. */
    public static Simple of(double latencyNs, double perCommandNs, double bytesPerSecond) {
        return new Simple(latencyNs, perCommandNs, bytesPerSecond, 0, 0, 0);
    }

    public Simple withServiceCv(double cv) {
        return new Simple(latencyNs, perCommandNs, bytesPerSecond, maxQueueDepth, cv, flushNs, hostCpu, rmwUnitBytes,
                rmwNs, wakeNs);
    }

    public Simple withMaxQueueDepth(int depth) {
        return new Simple(latencyNs, perCommandNs, bytesPerSecond, depth, serviceCv, flushNs, hostCpu, rmwUnitBytes,
                rmwNs, wakeNs);
    }

    public Simple withFlushNs(double ns) {
        return new Simple(latencyNs, perCommandNs, bytesPerSecond, maxQueueDepth, serviceCv, ns, hostCpu, rmwUnitBytes,
                rmwNs, wakeNs);
    }

    public Simple withHostCpu(boolean v) {
        return new Simple(latencyNs, perCommandNs, bytesPerSecond, maxQueueDepth, serviceCv, flushNs, v, rmwUnitBytes,
                rmwNs, wakeNs);
    }

    /** A read-modify-write of {@code ns} per partly covered unit of {@code unitBytes}. */
    public Simple withReadModifyWrite(int unitBytes, double ns) {
        return new Simple(latencyNs, perCommandNs, bytesPerSecond, maxQueueDepth, serviceCv, flushNs, hostCpu,
                unitBytes, ns, wakeNs);
    }

    /** A wake-up of {@code ns} for a request that finds the device idle. */
    public Simple withWakeNs(double ns) {
        return new Simple(latencyNs, perCommandNs, bytesPerSecond, maxQueueDepth, serviceCv, flushNs, hostCpu,
                rmwUnitBytes, rmwNs, ns);
    }

    /** Mean serialized service of one request, ns, without a read-modify-write. */
    @Override
    public double serviceNs(long bytes, boolean fua) {
        return perCommandNs + (bytesPerSecond > 0 ? bytes * 1e9 / bytesPerSecond : 0) + (fua ? flushNs : 0);
    }

    @Override
    public double serviceNs(long offset, long bytes, boolean write, boolean fua) {
        return serviceNs(bytes, fua) + (write ? partialUnits(offset, bytes, rmwUnitBytes) * rmwNs : 0);
    }

    /** The units of {@code unit} bytes that {@code [offset, offset + bytes)} covers only in part: 0, 1 or 2. */
    static int partialUnits(long offset, long bytes, int unit) {
        if (unit == 0 || bytes <= 0) {
            return 0;
        }
        long end = offset + bytes;
        boolean head = offset % unit != 0;
        boolean tail = end % unit != 0;
        if (head && tail && offset / unit == (end - 1) / unit) {
            return 1;
        }
        return (head ? 1 : 0) + (tail ? 1 : 0);
    }

    @Override
    public Queue open(long seed) {
        return new State(this, seed);
    }

    @Override
    public List<Station> stations(long bytes, boolean write) {
        List<Station> s = new ArrayList<>(2);
        // MVA sees a size, not an offset: a write whose size is not a multiple of the unit is taken to start on one
        s.add(Station.queue("device", serviceNs(0, bytes, write, false)));
        if (latencyNs > 0) {
            s.add(Station.delay("device latency", latencyNs));
        }
        return s;
    }

    @Override
    public String describe() {
        return String.format("simple: latency %.0f ns, %.0f ns/command, %s, qd %s, cv %.2f%s%s%s", latencyNs,
                perCommandNs,
                bytesPerSecond > 0 ? String.format("%.0f MB/s", bytesPerSecond / 1e6) : "no bandwidth limit",
                maxQueueDepth == 0 ? "unlimited" : Integer.toString(maxQueueDepth), serviceCv,
                hostCpu ? ", service on the host's cores" : "",
                rmwUnitBytes > 0 && rmwNs > 0 ? String.format(", read-modify-write %.0f ns per partial %d-byte unit",
                        rmwNs, rmwUnitBytes) : "",
                wakeNs > 0 ? String.format(", %.0f ns to wake an idle device", wakeNs) : "");
    }

    private static final class State implements Queue {
        private final Simple p;
        private final SplittableRandom rng;
        private final DepthLimit limit;
        private final Variability variability;
        private final long latency;
        private long busyUntil = Long.MIN_VALUE; // idle since forever: the first request wakes it

        State(Simple p, long seed) {
            this.p = p;
            this.rng = new SplittableRandom(seed);
            this.limit = new DepthLimit(p.maxQueueDepth);
            this.variability = Variability.of(p.serviceCv);
            this.latency = Math.round(p.latencyNs);
        }

        @Override
        public long submit(long now, long offset, long bytes, boolean write, boolean fua, int stream) {
            long admit = limit.admit(now);
            long start = Math.max(admit, busyUntil);
            double mean = p.serviceNs(offset, bytes, write, fua) + (busyUntil < start ? p.wakeNs : 0);
            busyUntil = start + Math.round(variability.sample(rng, mean));
            long done = busyUntil + latency;
            limit.occupy(done);
            return done;
        }
    }
}
