package org.locktable.timing.device;

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
