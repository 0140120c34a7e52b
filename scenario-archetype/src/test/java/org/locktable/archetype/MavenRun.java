package org.locktable.archetype;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One offline, batch-mode run of a Maven (the machine's mvn unless told otherwise) against the local repository the
 * artifacts were installed into: of mvn itself, or of the generated project's CI script on that mvn.
 */
final class MavenRun {
    private final InstalledLocktable locktable;
    private final String mvn;

    MavenRun(InstalledLocktable locktable) {
        this(locktable, locktable.mvn());
    }

    /** Runs {@code mvn} (another Maven's bin/mvn) instead of the machine's. */
    MavenRun(InstalledLocktable locktable, String mvn) {
        this.locktable = locktable;
        this.mvn = mvn;
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
        List<String> command = new ArrayList<>(List.of(mvn, "-B", "-o", "-Dmaven.repo.local=" + locktable.repository()));
        command.addAll(args);
        return execute(directory, javaHome == null ? Map.of() : Map.of("JAVA_HOME", javaHome.toString()), command);
    }

    /**
     * {@code bash ci/locktable-ci.sh args -o -Dmaven.repo.local=…} in {@code project}, as the CI files run it, with
     * this Maven as its {@code MVN}.
     */
    Result ciScript(Path project, List<String> args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("bash", "ci/locktable-ci.sh"));
        command.addAll(args);
        command.addAll(List.of("-o", "-Dmaven.repo.local=" + locktable.repository()));
        return execute(project, Map.of("MVN", mvn), command);
    }

    private static Result execute(Path directory, Map<String, String> environment, List<String> command)
            throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(command).directory(directory.toFile()).redirectErrorStream(true);
        pb.environment().putAll(environment);
        Path log = Files.createTempFile(directory, "mvn", ".log");
        pb.redirectOutput(log.toFile());
        Process p = pb.start();
        // A guard against a hung build, not a timing assertion.
        if (!p.waitFor(10, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new AssertionError("mvn did not finish in 10 minutes: " + command);
        }
        StringBuilder header = new StringBuilder("$");
        environment.forEach((name, value) -> header.append(' ').append(name).append('=').append(value));
        header.append(' ').append(String.join(" ", command));
        return new Result(p.exitValue(), header + "\n" + Files.readString(log, StandardCharsets.UTF_8));
    }
}
