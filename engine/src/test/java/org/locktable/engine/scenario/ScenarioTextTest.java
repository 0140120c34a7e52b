package org.locktable.engine.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.locktable.engine.decision.Lock;
import org.locktable.engine.decision.NowaitOutcome;
import org.locktable.engine.decision.Result;
import org.locktable.engine.model.Inode;
import org.locktable.engine.model.InvalidInputException;
import org.locktable.engine.model.Layout;
import org.locktable.engine.model.WriteRequest;

/** Generated suites carry toString() text: reading it back must give the same inode, write and expectation. */
class ScenarioTextTest {

    @Test
    void everyInodeAScenarioCanDeclareReadsBack() throws Exception {
        int checked = 0;
        for (String layout : List.of("W", "H U W", "W U U W", "W|W", "U*3 H", "H")) {
            for (int bs : new int[] {512, 4096, 65536}) {
                for (int lbs : new int[] {512, 4096}) {
                    if (lbs > bs) {
                        continue;
                    }
                    Layout l = Layout.parse(layout);
                    long end = l.blocks() * bs;
                    for (long size : new long[] {0, end / 2 + 1, end, end + 513}) {
                        for (long disk : new long[] {0, size}) {
                            for (boolean nosec : new boolean[] {true, false}) {
                                Inode i = Inode.builder(l).blockSize(bs).logicalBlockSize(lbs).size(size).diskSize(disk)
                                        .nosec(nosec).build();
                                Inode back = ScenarioText.inode(i.toString());
                                assertEquals(i.toString(), back.toString());
                                assertEquals(i.dmaAlignment(), back.dmaAlignment(), i.toString());
                                checked++;
                            }
                        }
                    }
                }
            }
        }
        assertTrue(checked > 300, "checked " + checked);
    }

    @Test
    void everyWriteAScenarioCanDeclareReadsBack() throws Exception {
        for (int flags = 0; flags < 1 << 6; flags++) {
            for (long align : new long[] {1, 512, 4096, 1 << 20}) {
                WriteRequest w = WriteRequest.builder(512L * flags, 4096L + flags).direct((flags & 1) != 0)
                        .async((flags & 2) != 0).nowait((flags & 4) != 0).dsync((flags & 8) != 0)
                        .writethrough((flags & 16) != 0).noserial((flags & 32) != 0).bufferAlignment(align).build();
                WriteRequest back = ScenarioText.write(w.toString());
                assertEquals(w.toString(), back.toString());
                assertEquals(w.bufferAlignment(), back.bufferAlignment());
            }
        }
    }

    @Test
    void everyExpectationReadsBack() throws Exception {
        List<Expectation> all = new ArrayList<>();
        for (Lock lock : Lock.values()) {
            for (Boolean drain : new Boolean[] {null, true, false}) {
                for (Boolean forceWait : new Boolean[] {null, true, false}) {
                    for (NowaitOutcome nowait : withNull(NowaitOutcome.values())) {
                        for (Result result : withNull(Result.values())) {
                            all.add(new Expectation("ext4-base", lock, drain, forceWait, nowait, result));
                        }
                    }
                }
            }
        }
        for (Expectation e : all) {
            assertEquals(e, ScenarioText.expectation("ext4-base", e.describe()), e.describe());
        }
    }

    @Test
    void malformedTextNamesTheProblem() {
        assertEquals("expected layout=\"...\" first in: bs=4096",
                assertThrows(InvalidInputException.class, () -> ScenarioText.inode("bs=4096")).getMessage());
        assertEquals("unknown write flag 'RWF_HIPRI' in: O_DIRECT write offset=0 len=1 RWF_HIPRI",
                assertThrows(InvalidInputException.class,
                        () -> ScenarioText.write("O_DIRECT write offset=0 len=1 RWF_HIPRI")).getMessage());
        assertEquals("unknown Lock 'SHARD' in: SHARD, drain",
                assertThrows(InvalidInputException.class, () -> ScenarioText.expectation("p", "SHARD, drain")).getMessage());
    }

    @Test
    void aFailingCheckNamesTheRerunCommand() {
        ScenarioSuite suite = ScenarioSuite.of("demo.Edges", "Edges_LocktableTest", "layout=\"W U U W\" bs=4096 lbs=512 i_size=16384",
                "O_DIRECT write offset=512 len=14336");
        AssertionError e = assertThrows(AssertionError.class,
                () -> suite.expect("expect_ext4_base", "ext4-base", "SHARED"));
        assertTrue(e.getMessage().contains("rerun: mvn test -Dtest=Edges_LocktableTest#expect_ext4_base"), e.getMessage());
        assertTrue(e.getMessage().startsWith("demo.Edges: ext4-base does not decide as expected"), e.getMessage());
    }

    @SafeVarargs
    private static <T> List<T> withNull(T... values) {
        List<T> out = new ArrayList<>();
        out.add(null);
        out.addAll(List.of(values));
        return out;
    }
}
