package org.locktable.xfstests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.locktable.conformance.BuildPlan;

/**
 * The shell's reading of {@code xfs_io -c "fiemap -v"} — {@code _lt_layout} and the spacer's {@code physat} — on
 * output in xfs_io's format (the first listing is a real one, ext4 on Linux 6.18: {@code W U U W} built as the
 * tests build it), under every awk on the machine: gawk is fstests' {@code $AWK_PROG}, mawk Debian's default.
 */
class LayoutAwkTest {
    private static final String W_U_U_W = "/mnt/x:\n EXT: FILE-OFFSET      BLOCK-RANGE      TOTAL FLAGS\n"
            + "   0: [0..7]:          524288..524295       8   0x0\n"
            + "   1: [8..23]:         524304..524319      16 0x800\n"
            + "   2: [24..31]:        524296..524303       8   0x1\n";
    private static final String TWO_APART = "/mnt/x:\n EXT: FILE-OFFSET      BLOCK-RANGE      TOTAL FLAGS\n"
            + "   0: [0..7]:          100..107       8   0x0\n"
            + "   1: [8..15]:         200..207       8   0x1\n";
    private static final String TWO_TOUCHING = "/mnt/x:\n EXT: FILE-OFFSET      BLOCK-RANGE      TOTAL FLAGS\n"
            + "   0: [0..7]:          100..107       8   0x0\n"
            + "   1: [8..15]:         108..115       8   0x1\n";
    private static final String WITH_HOLE = "/mnt/x:\n EXT: FILE-OFFSET      BLOCK-RANGE      TOTAL FLAGS\n"
            + "   0: [0..7]:          100..107       8   0x0\n"
            + "   1: [8..15]:         hole                8\n"
            + "   2: [16..23]:        300..307       8 0x801\n";

    @Test
    void ltLayoutRendersFiemapInTheEnginesNotation(@TempDir Path dir) throws Exception {
        for (String awk : awks()) {
            assertEquals("W U U W", layout(dir, awk, W_U_U_W, 4096, 4), awk);
            assertEquals("W U +", layout(dir, awk, W_U_U_W, 4096, 2), awk + ": blocks past the layout");
            assertEquals("W U U W H", layout(dir, awk, W_U_U_W, 4096, 5), awk);
            assertEquals("W|W", layout(dir, awk, TWO_APART, 4096, 2), awk + ": two records, apart");
            assertEquals("W!W", layout(dir, awk, TWO_TOUCHING, 4096, 2), awk + ": two records, contiguous");
            assertEquals("W H U", layout(dir, awk, WITH_HOLE, 4096, 3), awk);
            assertEquals("W W H H U U", layout(dir, awk, WITH_HOLE, 2048, 6), awk + ": 2 KiB blocks");
        }
    }

    @Test
    void theSpacersPhysatPrintsTheSectorHoldingAByte(@TempDir Path dir) throws Exception {
        String physat = BuildPlan.SPACER_FUNCTION.get(1);
        for (String awk : awks()) {
            // fiemap -v 4096 4096 lists the record holding byte 4096 first: [8..15] at 200..207, so sector 200
            String out = bash(dir, List.of("xfs_io() { printf '%s' \"$FIEMAP\"; }",
                    "awk() { command " + awk + " \"$@\"; }", physat, "physat /mnt/x 4096 4096"), TWO_APART.replace(
                    "   0: [0..7]:          100..107       8   0x0\n   1:", "   0:"));
            assertEquals("200", out, awk);
        }
    }

    private static String layout(Path dir, String awk, String fiemap, int bs, int blocks) throws Exception {
        List<String> s = new ArrayList<>();
        s.add("XFS_IO_PROG=fake_xfs_io AWK_PROG=\"" + awk + "\"");
        s.add("fake_xfs_io() { printf '%s' \"$FIEMAP\"; }");
        s.add(". " + common(dir));
        s.add("_lt_layout /mnt/x " + bs + " " + blocks);
        return bash(dir, s, fiemap);
    }

    private static Path common(Path dir) throws IOException {
        Path p = dir.resolve("common.locktable");
        if (!Files.exists(p)) {
            Files.writeString(p, XfstestsExport.common(), StandardCharsets.UTF_8);
        }
        return p;
    }

    private static String bash(Path dir, List<String> lines, String fiemap) throws Exception {
        Path script = Files.writeString(dir.resolve("t.sh"), String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
        ProcessBuilder pb = new ProcessBuilder("bash", script.toString()).redirectErrorStream(true);
        pb.environment().put("FIEMAP", fiemap);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor(30, TimeUnit.SECONDS);
        assertEquals(0, p.exitValue(), out);
        return out.strip();
    }

    /** Every awk here: gawk, mawk, busybox's, and at least the default. */
    private static List<String> awks() throws Exception {
        List<String> out = new ArrayList<>();
        for (String a : List.of("gawk", "mawk", "busybox awk", "awk")) {
            String bin = a.split(" ")[0];
            Process p = new ProcessBuilder("bash", "-c", "command -v " + bin + " && " + a + " 'BEGIN{}'")
                    .redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            if (p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0) {
                out.add(a);
            }
        }
        assertFalse(out.isEmpty(), "no awk on the machine");
        return out;
    }
}
