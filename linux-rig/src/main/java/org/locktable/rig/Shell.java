package org.locktable.rig;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The one process runner of the rig: runs a command (mount, losetup, mkfs, cc, fio, xfs_io, bash) with stdin from
 * {@code /dev/null}, collects its output and exit code, and kills it when it outlives its timeout.
 */
public final class Shell {
    /** The timeout of {@link #run(List)}: set-up commands finish in seconds. */
    public static final long DEFAULT_TIMEOUT_SECONDS = 120;
    /** Exit code of a command that could not be started (as a shell reports it). */
    public static final int NOT_STARTED = 127;
    /** Exit code of a command killed at its timeout (as {@code timeout(1)} reports it). */
    public static final int TIMED_OUT = 124;
    private static final int DESCRIBE_MAX = 400;

    private Shell() {
    }

    /** A finished command. */
    public record Result(List<String> command, int exitCode, String out, String err) {
        public boolean ok() {
            return exitCode == 0;
        }

        /** {@code `cmd args` exited with N: <stderr, or stdout when stderr is empty>}, shortened. */
        public String describe() {
            String text = (err.isBlank() ? out : err).strip();
            if (text.length() > DESCRIBE_MAX) {
                text = text.substring(0, DESCRIBE_MAX) + "...";
            }
            return "`" + String.join(" ", command) + "` exited with " + exitCode + (text.isEmpty() ? "" : ": " + text);
        }
    }

    public static Result run(List<String> command) throws IOException {
        return run(command, DEFAULT_TIMEOUT_SECONDS);
    }

    public static Result run(List<String> command, long timeoutSeconds) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(command);
        pb.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        Process p;
        try {
            p = pb.start();
        } catch (IOException e) {
            return new Result(List.copyOf(command), NOT_STARTED, "", e.getMessage());
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Thread t1 = pump(p.getInputStream(), out);
        Thread t2 = pump(p.getErrorStream(), err);
        try {
            boolean finished = p.waitFor(timeoutSeconds, TimeUnit.SECONDS);
            if (!finished) {
                p.destroyForcibly();
                p.waitFor();
            }
            t1.join();
            t2.join();
            if (!finished) {
                return new Result(List.copyOf(command), TIMED_OUT, text(out), "timed out after " + timeoutSeconds + " s");
            }
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while running " + String.join(" ", command), e);
        }
        return new Result(List.copyOf(command), p.exitValue(), text(out), text(err));
    }

    /** Runs the command and returns its standard output, or throws with the command, exit code and error text. */
    public static String check(List<String> command) throws IOException {
        return check(command, DEFAULT_TIMEOUT_SECONDS);
    }

    public static String check(List<String> command, long timeoutSeconds) throws IOException {
        Result r = run(command, timeoutSeconds);
        if (!r.ok()) {
            throw new IOException(r.describe());
        }
        return r.out();
    }

    /** {@code bash -c script}. */
    public static Result bash(String script) throws IOException {
        return run(List.of("bash", "-c", script));
    }

    /** The executable's path on the PATH (or in /usr/local/sbin, /usr/sbin, /sbin, which root's PATH may lack), or null. */
    public static String which(String name) {
        String path = System.getenv().getOrDefault("PATH", "") + ":/usr/local/sbin:/usr/sbin:/sbin";
        for (String dir : path.split(":")) {
            if (dir.isEmpty()) {
                continue;
            }
            File f = new File(dir, name);
            if (f.isFile() && f.canExecute()) {
                return f.getPath();
            }
        }
        return null;
    }

    /** {@link #which(String)}, or the bare name (a failure to start it then names it). */
    public static String tool(String name) {
        String w = which(name);
        return w != null ? w : name;
    }

    private static String text(ByteArrayOutputStream bytes) {
        return bytes.toString(StandardCharsets.UTF_8);
    }

    private static Thread pump(InputStream in, ByteArrayOutputStream sink) {
        Thread t = new Thread(() -> {
            try (in) {
                in.transferTo(sink);
            } catch (IOException e) {
                // the process went away; what was read is kept
            }
        }, "rig-shell-pump");
        t.setDaemon(true);
        t.start();
        return t;
    }
}
