package org.locktable.timing.sim;

/**
 * The worker thread of a device whose service is host CPU work ({@code device.HostCpuDevice}): requests wait in
 * FIFO order and are served one at a time, each as a burst on the simulator's cores, started at event time so
 * that the cores see every burst in time order. Each request carries the event to deliver when it is done and
 * the pure delay between the end of its burst and that event.
 */
final class HostWorker {
    private long[] serviceNs = new long[16];
    private long[] delayNs = new long[16];
    private int[] event = new int[16];
    private int head;
    private int size;
    private boolean busy;
    private int currentEvent;
    private long currentDelay;

    boolean busy() {
        return busy;
    }

    /** Queues a request behind the one in service. */
    void enqueue(long service, long delay, int doneEvent) {
        if (size == serviceNs.length) {
            grow();
        }
        int i = (head + size++) % serviceNs.length;
        serviceNs[i] = service;
        delayNs[i] = delay;
        event[i] = doneEvent;
    }

    /** Marks a request in service; returns its burst length. */
    long start(long service, long delay, int doneEvent) {
        busy = true;
        currentEvent = doneEvent;
        currentDelay = delay;
        return service;
    }

    int currentEvent() {
        return currentEvent;
    }

    long currentDelay() {
        return currentDelay;
    }

    /** The request in service is done: starts the next queued one and returns its burst length, or -1 when idle. */
    long next() {
        if (size == 0) {
            busy = false;
            return -1;
        }
        int i = head;
        head = (head + 1) % serviceNs.length;
        size--;
        return start(serviceNs[i], delayNs[i], event[i]);
    }

    private void grow() {
        int n = serviceNs.length;
        long[] s = new long[n * 2];
        long[] d = new long[n * 2];
        int[] e = new int[n * 2];
        for (int k = 0; k < size; k++) {
            int i = (head + k) % n;
            s[k] = serviceNs[i];
            d[k] = delayNs[i];
            e[k] = event[i];
        }
        serviceNs = s;
        delayNs = d;
        event = e;
        head = 0;
    }
}
