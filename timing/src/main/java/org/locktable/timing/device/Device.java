package org.locktable.timing.device;

import java.util.ArrayList;
import java.util.List;

/**
 * A storage device model. Implementations are immutable parameter records ({@link Simple}, {@link Nvme},
 * {@link Rotational}); {@link #open(long)} creates the stateful {@link Queue} one simulation run uses.
 *
 * <p>The simulator hands requests to the queue in non-decreasing submission time and gets each request's
 * completion time back at once: every stage inside a device is FIFO, so the completion time is known at
 * submission. Concurrency (several requests in flight) is the device's business: parallel units, a pure
 * latency term, a queue-depth limit.
 */
public interface Device {
    /** A fresh, idle device for one run; {@code seed} drives its variability. */
    Queue open(long seed);

    /**
     * The device as stations of a closed queueing network ({@link org.locktable.timing.mva.Mva}) for one request
     * of {@code bytes}: FCFS stations for the serialized parts, delays for pure latencies. Exact only for
     * exponential service; an approximation otherwise.
     */
    List<Station> stations(long bytes, boolean write);

    /**
     * As {@link #stations(long, boolean)} for one write sent as several commands at once ({@code bios}, their
     * sizes): each serialized station's demand is the sum of the commands' (every command pays it), each delay
     * is the longest of theirs (they wait in parallel).
     */
    default List<Station> stations(long[] bios, boolean write) {
        List<Station> merged = new ArrayList<>(stations(bios[0], write));
        for (int b = 1; b < bios.length; b++) {
            List<Station> next = stations(bios[b], write);
            for (int i = 0; i < merged.size(); i++) {
                Station m = merged.get(i);
                Station n = next.get(i);
                double demand = m.kind() == Station.Kind.DELAY ? Math.max(m.demandNs(), n.demandNs())
                        : m.demandNs() + n.demandNs();
                merged.set(i, new Station(m.name(), m.kind(), demand, m.servers(), m.handoffNs()));
            }
        }
        return merged;
    }

    /** One line for reports. */
    String describe();

    /** The stateful side of a device during one run. */
    interface Queue {
        /**
         * Submits one request and returns its completion time.
         *
         * @param now submission time, ns; non-decreasing across calls
         * @param offset byte offset on the device (file offsets are used as device offsets)
         * @param bytes request length
         * @param write write (true) or read
         * @param fua forced unit access / flush: the request is durable when it completes (O_DSYNC)
         * @param stream the submitting job, for per-stream locality and queue mapping
         * @return completion time, ns, {@code >= now}
         */
        long submit(long now, long offset, long bytes, boolean write, boolean fua, int stream);
    }
}
