package org.locktable.timing.sim;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** {@link Cpu#idleCore}: what the simulator takes for {@code need_resched()} being false, so a writer may spin. */
@DisplayName("Cpu: a writer may spin only while a core is idle")
class CpuIdleCoreTest {
    @Test
    @DisplayName("unlimited cores: always")
    void unlimited() {
        Cpu cpu = new Cpu(0);
        cpu.run(0, 1_000);
        assertTrue(cpu.idleCore(0));
    }

    @Test
    @DisplayName("two cores: not while both run bursts, again once one frees")
    void finite() {
        Cpu cpu = new Cpu(2);
        assertTrue(cpu.idleCore(0));
        cpu.run(0, 100);
        assertTrue(cpu.idleCore(50), "one core still idle");
        cpu.run(0, 200);
        assertFalse(cpu.idleCore(50), "both cores busy");
        assertTrue(cpu.idleCore(100), "the first burst has ended");
    }
}
