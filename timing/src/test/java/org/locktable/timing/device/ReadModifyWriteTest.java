package org.locktable.timing.device;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.locktable.timing.cost.CostModel;
import org.locktable.timing.sim.SimConfig;
import org.locktable.timing.sim.SimResult;
import org.locktable.timing.sim.Simulator;
import org.locktable.timing.workload.JobSpec;
import org.locktable.timing.workload.Workload;

/**
 * A 512-byte-emulated disk or a virtual disk over a host page cache reads a unit it must modify in part: each
 * partly covered unit of a write adds R to the serialized service. Expected values by hand.
 */
@DisplayName("Read-modify-write: R per partly covered unit of a write")
class ReadModifyWriteTest {
    static final double P = 3_000;
    static final double R = 5_000;
    static final double L = 4_000;

    @Test
    @DisplayName("partial units: exhaustive over offsets and lengths against a unit-by-unit count")
    void partialUnitsExhaustive() {
        for (int unit : new int[] {1, 2, 8}) {
            for (long off = 0; off < 4L * unit; off++) {
                for (long len = 1; len <= 4L * unit; len++) {
                    int expected = 0;
                    for (long u = off / unit; u * unit < off + len; u++) {
                        long covered = Math.min(off + len, (u + 1) * unit) - Math.max(off, u * unit);
                        expected += covered < unit ? 1 : 0;
                    }
                    assertEquals(expected, Simple.partialUnits(off, len, unit), "unit " + unit + " [" + off + ", "
                            + (off + len) + ")");
                }
            }
        }
        assertEquals(0, Simple.partialUnits(512, 512, 0), "no unit, no read-modify-write");
    }

    @Test
    @DisplayName("one queue: aligned writes and reads pay P, a write inside a unit P + R, across two partial units P + 2R")
    void serviceByHand() {
        Device.Queue q = Simple.of(0, P, 0).withReadModifyWrite(4096, R).open(1);
        long t = 0;
        t = expect(q, t, 0, 4096, true, P);
        t = expect(q, t, 512, 512, true, P + R);
        t = expect(q, t, 512, 512, false, P);
        t = expect(q, t, 512, 14336, true, P + 2 * R); // [512, 14848): pages 0 and 3 in part
        expect(q, t, 8192, 8192, true, P);
    }

    private static long expect(Device.Queue q, long now, long offset, long bytes, boolean write, double service) {
        long done = q.submit(now, offset, bytes, write, false, 0);
        assertEquals(now + Math.round(service), done, "[" + offset + ", " + (offset + bytes) + ") "
                + (write ? "write" : "read"));
        return done;
    }

    @Test
    @DisplayName("simulated psync, one job: seed 000 Test 1 at 1/(2P+L), Test 2 at 1/(3P+2R+L)")
    void seed000ShapesByHand() {
        Simple device = Simple.of(L, P, 0).withReadModifyWrite(4096, R);
        SimResult t1 = Simulator.run(SimConfig.of(psync(seed000("seed000-test1")), "ext4-patch1", device,
                CostModel.ZERO));
        // [W U] or [U W]: two segments, two whole-unit commands sent together
        assertEquals(1e9 / (2 * P + L), t1.iops(), 1e-9 * t1.iops());
        SimResult t2 = Simulator.run(SimConfig.of(psync(seed000("seed000-test2")), "ext4-patch1", device,
                CostModel.ZERO));
        // [512, 4096) W, [4096, 12288) U U, [12288, 14848) W: three commands, the outer two in part of a unit
        assertEquals(1e9 / (3 * P + 2 * R + L), t2.iops(), 1e-9 * t2.iops());
    }

    private static Workload seed000(String name) {
        Workload w = org.locktable.timing.seed.SeedWorkloads.get(name);
        JobSpec j = w.job();
        JobSpec small = new JobSpec(j.pattern(), j.readPercent(), j.blockSizes(), j.offset(), j.offsetIncrement(),
                j.skip(), 1L << 20, 1L << 20, 0, j.engine(), j.iodepth(), j.direct(), j.dsync(), j.writethrough(),
                j.noserial(), j.alignment());
        return new Workload(w.name(), 1, small, w.files(), w.initialLayout(), w.warnings());
    }

    private static Workload psync(Workload w) {
        JobSpec j = w.job();
        JobSpec p = new JobSpec(j.pattern(), j.readPercent(), j.blockSizes(), j.offset(), j.offsetIncrement(), j.skip(),
                j.region(), j.ioBytes(), j.timeBasedSeconds(), JobSpec.Engine.PSYNC, 1, j.direct(), j.dsync(),
                j.writethrough(), j.noserial(), j.alignment());
        return new Workload(w.name(), w.jobs(), p, w.files(), w.initialLayout(), w.warnings());
    }
}
