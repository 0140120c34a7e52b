package org.locktable.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * bin/locktable's own checks, which run before it builds or starts anything (so these need neither the jar nor
 * Maven).
 */
class LauncherTest {
    @TempDir
    Path dir;

    @Test
    void aClassPathEntryThatDoesNotExistIsExitTwoNamingIt() throws Exception {
        Path jar = dir.resolve("my-policy.jar");
        Launched r = launch(dir.toString() + ":" + jar, "decide", "--help");
        assertEquals(2, r.code(), r.err());
        assertEquals("locktable: LOCKTABLE_CLASSPATH names \"" + jar + "\", which does not exist\n", r.err());
        assertEquals("", r.out());
    }

    private record Launched(int code, String out, String err) {
    }

    private static Launched launch(String classPath, String... args) throws IOException, InterruptedException {
        Path launcher = TablesTest.projectRoot().resolve("bin/locktable");
        ProcessBuilder pb = new ProcessBuilder();
        pb.command().add("bash");
        pb.command().add(launcher.toString());
        pb.command().addAll(java.util.List.of(args));
        pb.environment().put("LOCKTABLE_CLASSPATH", classPath);
        Process p = pb.start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("bin/locktable did not end");
        }
        return new Launched(p.exitValue(), out, err);
    }
}
