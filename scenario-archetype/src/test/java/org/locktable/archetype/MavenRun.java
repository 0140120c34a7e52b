package org.locktable.archetype;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** One offline, batch-mode run of the machine's mvn against the local repository the artifacts were installed into. */
final class MavenRun {
    private final InstalledLocktable locktable;

    MavenRun(InstalledLocktable locktable) {
        this.locktable = locktable;
    }

    record Result(int exitCode, String log) {
        /** The command and the log's last lines, for an assertion message. */
        String tail() {
            List<String> lines = log.lines().toList();
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 60), lines.size()));
        }
    }

    /** {@code mvn -B -o -Dmaven.repo.local=… args} in {@code directory}, on {@code javaHome} (null: the inherited one). */
    Result run(Path directory, Path javaHome, List<String> args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(locktable.mvn(), "-B", "-o",
                "-Dmaven.repo.local=" + locktable.repository()));
        command.addAll(args);
        ProcessBuilder pb = new ProcessBuilder(command).directory(directory.toFile()).redirectErrorStream(true);
        if (javaHome != null) {
            pb.environment().put("JAVA_HOME", javaHome.toString());
        }
        Path log = Files.createTempFile(directory, "mvn", ".log");
        pb.redirectOutput(log.toFile());
        Process p = pb.start();
        // A guard against a hung build, not a timing assertion.
        if (!p.waitFor(10, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new AssertionError("mvn did not finish in 10 minutes: " + command);
        }
        String header = "$ " + String.join(" ", command) + (javaHome == null ? "" : "   (JAVA_HOME=" + javaHome + ")");
        return new Result(p.exitValue(), header + "\n" + Files.readString(log, StandardCharsets.UTF_8));
    }
}
