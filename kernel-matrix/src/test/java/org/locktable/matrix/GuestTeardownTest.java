package org.locktable.matrix;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.locktable.rig.KernelTestEnvironment;

/** SIGTERM to a JVM with a booted guest: QEMU is ended and its directory (console log, sockets) removed. */
class GuestTeardownTest {
    @Test
    void sigtermEndsTheGuestAndRemovesItsFiles() throws Exception {
        KernelTestEnvironment.live();
        List<Path> before = qemuDirs();
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process child = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), HoldGuest.class.getName())
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String ready;
        try (BufferedReader r = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
            ready = r.readLine();
        }
        if (ready == null || ready.startsWith("UNAVAILABLE ")) {
            child.waitFor(60, TimeUnit.SECONDS);
            KernelTestEnvironment.unavailable(ready == null ? "the child could not boot a guest (exit "
                    + child.exitValue() + ")" : ready.substring("UNAVAILABLE ".length()));
        }
        assertTrue(ready.startsWith("READY "), "child said " + ready);
        long qemu = Long.parseLong(ready.split(" ")[1]);
        List<Path> ours = qemuDirs().stream().filter(d -> !before.contains(d)).toList();
        assertTrue(ProcessHandle.of(qemu).map(ProcessHandle::isAlive).orElse(false), "qemu running");
        child.destroy(); // SIGTERM
        assertTrue(child.waitFor(90, TimeUnit.SECONDS), "the child did not exit");
        assertFalse(ProcessHandle.of(qemu).map(ProcessHandle::isAlive).orElse(false), "qemu outlived the JVM");
        for (Path d : ours) {
            assertFalse(Files.exists(d), d + " left behind");
        }
    }

    private static List<Path> qemuDirs() throws Exception {
        try (Stream<Path> s = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            return s.filter(p -> p.getFileName().toString().startsWith("locktable-qemu-")).toList();
        }
    }
}
