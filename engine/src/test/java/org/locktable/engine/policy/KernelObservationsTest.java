package org.locktable.engine.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.locktable.engine.catalog.PolicyCatalog;
import org.locktable.engine.decision.Decision;
import org.locktable.engine.model.Inode;
import org.locktable.engine.model.Layout;
import org.locktable.engine.model.WriteRequest;
import org.locktable.engine.policy.PolicyInfo.WritePath;

/**
 * What Linux 6.18 did with RWF_NOWAIT direct writes on real ext4 and XFS files
 * ({@code kernel/observed-linux-6.18.tsv}, recorded with xfs_io on loop devices): the policy the catalog
 * assigns to that kernel must predict every answer. The live replay itself belongs to kernel-conformance.
 */
class KernelObservationsTest {

    @TestFactory
    Stream<DynamicTest> engineAgreesWithTheRecordedKernel() throws Exception {
        KernelVersion linux = KernelVersion.parse("6.18.44");
        List<DynamicTest> tests = new ArrayList<>();
        for (Map<String, String> r : rows()) {
            String fs = r.get("fs");
            Policy policy = PolicyCatalog.forKernel(FileSystem.valueOf(fs.toUpperCase(java.util.Locale.ROOT)), linux, WritePath.DIRECT).orElseThrow();
            tests.add(DynamicTest.dynamicTest(r.get("id") + " " + fs + " (" + policy.id() + ")", () -> {
                Inode inode = Inode.builder(Layout.parse(r.get("layout")))
                        .blockSize(Integer.parseInt(r.get("blockSize")))
                        .logicalBlockSize(Integer.parseInt(r.get("lbs")))
                        .size(Long.parseLong(r.get("iSize")))
                        .nosec(Boolean.parseBoolean(r.get("nosec")))
                        .build();
                WriteRequest w = WriteRequest.builder(Long.parseLong(r.get("pos")), Long.parseLong(r.get("len")))
                        .nowait(true).bufferAlignment(Long.parseLong(r.get("bufAlign"))).build();
                Decision d = policy.decide(inode, w);
                assertEquals(r.get("observed"), d.result().name(), () -> "kernel answered " + r.get("observed")
                        + "; engine trace:\n  " + String.join("\n  ", d.trace()));
            }));
        }
        return tests.stream();
    }

    @org.junit.jupiter.api.Test
    void runningKernelMapsToTheMainlinePolicies() throws Exception {
        KernelVersion linux = KernelVersion.parse("6.18.44-fc-v669");
        assertEquals("ext4-base", PolicyCatalog.forKernel(FileSystem.EXT4, linux, WritePath.DIRECT).orElseThrow().id());
        assertEquals("xfs-dio", PolicyCatalog.forKernel(FileSystem.XFS, linux, WritePath.DIRECT).orElseThrow().id());
        assertEquals("xfs-dio-v5.11", PolicyCatalog.forKernel(FileSystem.XFS, KernelVersion.parse("5.10.0"), WritePath.DIRECT)
                .orElseThrow().id());
        assertEquals("xfs-buffered", PolicyCatalog.forKernel(FileSystem.XFS, linux, WritePath.BUFFERED).orElseThrow().id());
        for (String lts : new String[] {"5.10.0", "5.15.160", "6.1.90", "6.3.13"}) {
            assertEquals("ext4-v5.10", PolicyCatalog.forKernel(FileSystem.EXT4, KernelVersion.parse(lts), WritePath.DIRECT)
                    .orElseThrow().id(), lts);
        }
        assertEquals("ext4-v6.4", PolicyCatalog.forKernel(FileSystem.EXT4, KernelVersion.parse("6.4.16"), WritePath.DIRECT)
                .orElseThrow().id(), "v6.4 is an era of its own (the history)");
        assertEquals("ext4-base", PolicyCatalog.forKernel(FileSystem.EXT4, KernelVersion.parse("6.6.30"), WritePath.DIRECT)
                .orElseThrow().id());
    }

    static List<Map<String, String>> rows() throws IOException {
        List<Map<String, String>> rows = Tsv.read("/kernel/observed-linux-6.18.tsv");
        assertEquals(74, rows.size());
        return rows;
    }
}
