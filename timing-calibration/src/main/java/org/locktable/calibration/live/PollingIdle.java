package org.locktable.calibration.live;

import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;

import org.locktable.rig.EnvironmentException;

/**
 * A CPU latency request of 0 µs, in force while open: kernel/power/qos.c, {@code cpu_latency_qos_write} takes a
 * 4-byte value and drops the request when the file is closed. cpuidle then picks no state with an exit latency,
 * so an idle CPU polls instead of halting.
 */
final class PollingIdle implements AutoCloseable {
    /** The PM QoS device. */
    static final Path CPU_DMA_LATENCY = Path.of("/dev/cpu_dma_latency");

    private final FileOutputStream request;

    private PollingIdle(FileOutputStream request) {
        this.request = request;
    }

    /** Holds every CPU out of its idle states until closed; an {@link EnvironmentException} when it cannot. */
    static PollingIdle hold() throws IOException {
        if (!Files.isWritable(CPU_DMA_LATENCY)) {
            throw new EnvironmentException("no writable " + CPU_DMA_LATENCY + ": cannot hold the CPUs out of their "
                    + "idle states");
        }
        FileOutputStream out = new FileOutputStream(CPU_DMA_LATENCY.toFile());
        out.write(ByteBuffer.allocate(4).order(ByteOrder.nativeOrder()).putInt(0).array());
        out.flush();
        return new PollingIdle(out);
    }

    @Override
    public void close() throws IOException {
        request.close();
    }
}
