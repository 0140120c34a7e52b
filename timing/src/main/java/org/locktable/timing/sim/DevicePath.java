package org.locktable.timing.sim;

import java.util.SplittableRandom;

import org.locktable.timing.cost.Variability;
import org.locktable.timing.device.Device;
import org.locktable.timing.device.HostCpuDevice;

/**
 * How a request reaches the device and when its completion event fires: straight to the device's queue, or, for
 * a device whose service runs on the host's cores ({@code device.hostCpu}), through one worker that takes CPU
 * time like any other task.
 */
final class DevicePath {
    private final EventQueue events;
    private final Cpu cpu;
    private final Device.Queue device;
    private final int workerDoneEvent;
    /** The device's worker when its service runs on the host's cores; null otherwise. */
    private final HostWorker hostWorker;
    private final HostCpuDevice hostDevice;
    private final Variability hostVariability;
    private final SplittableRandom hostRng;
    private long commands;

    /**
     * @param root the simulation's random root; the worker's stream is drawn from it here, so after the others
     * @param workerDoneEvent the event {@link #workerDone(long)} is to be called for
     */
    DevicePath(Device model, Device.Queue device, SplittableRandom root, EventQueue events, Cpu cpu,
            int workerDoneEvent) {
        this.events = events;
        this.cpu = cpu;
        this.device = device;
        this.workerDoneEvent = workerDoneEvent;
        if (model instanceof HostCpuDevice h && h.hostCpu()) {
            this.hostDevice = h;
            this.hostWorker = new HostWorker();
            this.hostVariability = Variability.of(h.serviceCv());
            this.hostRng = new SplittableRandom(root.nextLong());
        } else {
            this.hostDevice = null;
            this.hostWorker = null;
            this.hostVariability = null;
            this.hostRng = null;
        }
    }

    /** Sends a request at {@code now}; {@code doneEvent} fires when it completes, {@code afterNs} later. */
    void submit(long now, long offset, long bytes, boolean write, boolean fua, int stream, long afterNs,
            int doneEvent) {
        commands++;
        if (hostWorker == null) {
            events.push(device.submit(now, offset, bytes, write, fua, stream) + afterNs, doneEvent);
            return;
        }
        long service = Math.round(hostVariability.sample(hostRng, hostDevice.serviceNs(offset, bytes, write, fua)));
        long delay = Math.round(hostDevice.latencyNs()) + afterNs;
        if (hostWorker.busy()) {
            hostWorker.enqueue(service, delay, doneEvent);
        } else {
            long wake = Math.round(hostDevice.wakeNs()); // the worker was asleep
            // woken while its submitter still runs, it takes that CPU when the submitter sleeps: no idle exit (a
            // 4 KiB O_DIRECT write at iodepth 1 pays one exit per I/O on this machine, not two)
            runHostBurst(now, hostWorker.start(service + wake, delay, doneEvent));
        }
    }

    /**
     * Sends one I/O at {@code now}: as the bios of {@code plan} ({@link Plan#bioBytes}, when it has more than one),
     * each at its place relative to {@code offset}, or as one command of {@code bytes}. {@code doneEvent} fires once
     * per command; returns how many.
     */
    int submitIo(long now, long offset, long bytes, Plan plan, boolean write, boolean fua, int stream, long afterNs,
            int doneEvent) {
        if (plan == null || plan.bioBytes.length <= 1) {
            submit(now, offset, bytes, write, fua, stream, afterNs, doneEvent);
            return 1;
        }
        for (int b = 0; b < plan.bioBytes.length; b++) {
            submit(now, offset + plan.bioStart[b], plan.bioBytes[b], write, fua, stream, afterNs, doneEvent);
        }
        return plan.bioBytes.length;
    }

    /** Commands sent so far. */
    long commands() {
        return commands;
    }

    /** The worker finished a request's service: its completion follows after the device's latency. */
    void workerDone(long now) {
        events.push(now + hostWorker.currentDelay(), hostWorker.currentEvent());
        long next = hostWorker.next();
        if (next >= 0) {
            runHostBurst(now, next);
        }
    }

    private void runHostBurst(long now, long serviceNs) {
        events.push(cpu.run(now, serviceNs), workerDoneEvent);
    }
}
