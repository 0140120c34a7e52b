package org.locktable.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.locktable.engine.catalog.PolicyCatalog;

class PoliciesTest {
    @Test
    void tableHasAlignedColumnsAndOneRowPerPolicy() {
        Cli.Run r = Cli.run("policies");
        assertEquals(0, r.code(), r::toString);
        List<String> lines = r.outLines();
        assertEquals(1 + PolicyCatalog.ids().size(), lines.size(), "header and every policy");
        String header = lines.get(0);
        assertTrue(header.matches("ID +FS +PATH +STATUS +KERNEL +SEED +LIVE KERNELS"), header);
        int fsColumn = header.indexOf("FS");
        int liveColumn = header.indexOf("LIVE KERNELS");
        String base = lines.stream().filter(l -> l.startsWith("ext4-base ")).findFirst().orElseThrow();
        assertEquals("ext4", base.substring(fsColumn, fsColumn + 4));
        assertEquals("ext4 v6.5+", base.substring(liveColumn));
        String patch = lines.stream().filter(l -> l.startsWith("ext4-patch1 ")).findFirst().orElseThrow();
        assertEquals("-", patch.substring(liveColumn));
        assertTrue(patch.contains("proposed"), patch);
        String old = lines.stream().filter(l -> l.startsWith("xfs-dio-v5.11 ")).findFirst().orElseThrow();
        assertTrue(old.contains(" xfs ") && old.contains(" direct ") && old.contains(" merged "), old);
        assertTrue(lines.stream().allMatch(l -> l.equals(l.stripTrailing())), "no trailing blanks");
    }

    @Test
    @SuppressWarnings("unchecked")
    void historyListsTheErasAndNotTheShippedPolicies() {
        Cli.Run r = Cli.run("policies", "--history");
        assertEquals(0, r.code(), r.toString());
        assertTrue(r.out().contains("ext4-v2.6.36") && r.out().contains("xfs-dio-v4.14") && r.out().contains("xfs-isize-fix"),
                r.out());
        assertFalse(r.out().lines().anyMatch(l -> l.startsWith("ext4-base ")), r.out());
        assertFalse(Cli.run("policies").out().contains("ext4-v2.6.36"));
    }

    @Test
    void jsonIsAnArrayOfPolicyInfoObjects() {
        Cli.Run r = Cli.run("policies", "--json");
        assertEquals(0, r.code(), r::toString);
        List<Object> all = (List<Object>) ParsedJson.parse(r.out());
        assertEquals(PolicyCatalog.ids().size(), all.size());
        Map<String, Object> first = (Map<String, Object>) all.get(0);
        assertEquals(List.of("id", "title", "fileSystem", "path", "kernel", "status", "seed", "live", "functions", "inferred"),
                List.copyOf(first.keySet()));
        Map<String, Object> old = (Map<String, Object>) all.stream()
                .filter(o -> ((Map<String, Object>) o).get("id").equals("xfs-dio-v5.11")).findFirst().orElseThrow();
        assertEquals("xfs", old.get("fileSystem"));
        assertEquals("DIRECT", old.get("path"));
        assertEquals("MERGED", old.get("status"));
        assertEquals(Map.of("fileSystem", "xfs", "from", "v5.5", "until", "v5.12"), old.get("live"));
        Map<String, Object> rfc = (Map<String, Object>) all.stream()
                .filter(o -> ((Map<String, Object>) o).get("id").equals("xfs-writethrough-noserial")).findFirst().orElseThrow();
        assertNull(rfc.get("live"));
        assertEquals("RFC", rfc.get("status"));
        assertTrue(((List<Object>) rfc.get("inferred")).size() > 0);
        // one policy per line between the brackets
        assertEquals(PolicyCatalog.ids().size() + 2, r.outLines().size());
    }
}
