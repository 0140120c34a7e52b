package org.locktable.timing.device;

/**
 * A device whose serialized service is work on the host's own CPUs, such as a loop device whose worker thread
 * copies each request into a file on tmpfs. When {@link #hostCpu()} is true the simulator runs that service as a
 * burst on its cores, one request at a time in FIFO order, so the device and the jobs compete for the same cores.
 */
public interface HostCpuDevice extends Device {
    /** Whether the serialized service runs on the host's cores. */
    boolean hostCpu();

    /** Mean serialized service of one request, ns. */
    double serviceNs(long bytes, boolean fua);

    /** Mean serialized service of one request at {@code offset}, ns: a device may charge for where a write lands. */
    default double serviceNs(long offset, long bytes, boolean write, boolean fua) {
        return serviceNs(bytes, fua);
    }

    /** Coefficient of variation of the service. */
    double serviceCv();

    /** Extra service of a request that finds the device's worker idle (its wake-up), ns. */
    default double wakeNs() {
        return 0;
    }

    /** Pure delay after the service, ns. */
    double latencyNs();
}
