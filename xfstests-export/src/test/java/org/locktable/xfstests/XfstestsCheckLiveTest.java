package org.locktable.xfstests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.locktable.rig.KernelTestEnvironment;
import org.locktable.rig.LoopFsSpec;
import org.locktable.rig.Sandbox;
import org.locktable.rig.Shell;

/**
 * The export run under xfstests' own {@code check}: the tests written into the tree {@code $LOCKTABLE_XFSTESTS_DIR}
 * (built with {@code make}), TEST_DEV and SCRATCH_DEV loop devices over images on a tmpfs, a config file of this
 * run's own ({@code HOST_OPTIONS}, the tree's {@code local.config} untouched), {@code ./check -g locktable/auto}
 * with FSTYP=ext4 and then xfs: no test may fail. Skipped with the reason when the variable is unset: CI has no
 * xfstests tree (no distribution package ships one), and {@link ProbeBodyLiveTest} runs the tests' bodies there.
 */
class XfstestsCheckLiveTest {
    static final String VARIABLE = "LOCKTABLE_XFSTESTS_DIR";
    private static final Pattern PASSED = Pattern.compile("(?m)^Passed all (\\d+) tests$");
    private static final Pattern NOT_RUN = Pattern.compile("(?m)^Not run: (.*)$");

    @Test
    void everyExportedTestPassesOrIsNotRunUnderCheckOnExt4AndXfs() throws IOException, InterruptedException {
        String tree = System.getenv(VARIABLE);
        if (tree == null || tree.isBlank() || !Files.isExecutable(Path.of(tree, "check"))
                || !Files.isExecutable(Path.of(tree, "ltp", "fsstress"))) {
            Assumptions.abort(VARIABLE + " does not name a built xfstests tree (" + tree + "): the run under check "
                    + "is skipped (xfstests-export/README.md says how to build one)");
        }
        LiveRig.require();
        Path xfstests = Path.of(tree);
        ExportSet set = Exports.library();
        XfstestsExport.write(xfstests, set);
        try (Sandbox box = new Sandbox()) {
            Path dir = KernelTestEnvironment.setUp(() -> box.tmpfs("locktable-xfstests-check-", "2g"));
            String testDev = KernelTestEnvironment.setUp(() -> box.attachLoop(
                    box.image(dir.resolve("test.img"), 1L << 30), 512, false));
            String scratchDev = KernelTestEnvironment.setUp(() -> box.attachLoop(
                    box.image(dir.resolve("scratch.img"), 1L << 30), 512, false));
            Path testDir = box.mkdir(dir.resolve("test"));
            Path scratchMnt = box.mkdir(dir.resolve("scratch"));
            // check leaves TEST_DEV mounted: undone before the loop devices are detached
            box.onTeardown("umount " + testDir, () -> Shell.run(List.of("umount", testDir.toString())));
            box.onTeardown("umount " + scratchMnt, () -> Shell.run(List.of("umount", scratchMnt.toString())));
            for (String fs : List.of("ext4", "xfs")) {
                KernelTestEnvironment.setUp(() -> {
                    box.mkfs(new LoopFsSpec(fs, 1L << 30, 4096, 512, false), testDev, "TEST_DEV " + fs);
                    return null;
                });
                Path config = dir.resolve(fs + ".config");
                Files.writeString(config, "export FSTYP=" + fs + "\nexport TEST_DEV=" + testDev + "\nexport TEST_DIR="
                        + testDir + "\nexport SCRATCH_DEV=" + scratchDev + "\nexport SCRATCH_MNT=" + scratchMnt + "\n",
                        StandardCharsets.UTF_8);
                String out = check(xfstests, config, dir.resolve(fs + ".log"));
                Matcher passed = PASSED.matcher(out);
                assertTrue(passed.find(), "check on " + fs + " did not pass every test:\n" + out);
                assertEquals(set.cases().size(), Integer.parseInt(passed.group(1)), out);
                Matcher notRun = NOT_RUN.matcher(out);
                int skipped = notRun.find() ? notRun.group(1).trim().split("\\s+").length : 0;
                System.out.println("xfstests check -g locktable/auto on " + fs + ": " + set.cases().size() + " ran, "
                        + skipped + " not run, 0 failed");
                Shell.run(List.of("umount", testDir.toString()));
            }
        }
    }

    private static String check(Path xfstests, Path config, Path log) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder("./check", "-g", "locktable/auto").directory(xfstests.toFile())
                .redirectErrorStream(true).redirectOutput(log.toFile());
        pb.environment().put("HOST_OPTIONS", config.toString());
        Process p = pb.start();
        if (!p.waitFor(20, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new AssertionError("check did not finish in 20 minutes; see " + log);
        }
        return Files.readString(log, StandardCharsets.UTF_8);
    }
}
