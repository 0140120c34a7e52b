package org.locktable.calibration.live;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs the live calibration's commands (mount, losetup, mkfs, fio, xfs_io) and collects their output. */
final class Shell {
    private Shell() {
    }

    /** A finished command. */
    record Result(List<String> command, int exitCode, String out, String err) {
        boolean ok() {
            return exitCode == 0;
        }

        String describe() {
            String text = (err.isBlank() ? out : err).strip();
            if (text.length() > 400) {
                text = text.substring(0, 400) + "...";
            }
            return "`" + String.join(" ", command) + "` exited with " + exitCode + (text.isEmpty() ? "" : ": " + text);
        }
    }

    static Result run(List<String> command, long timeoutSeconds) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(command);
        pb.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        Process p;
        try {
            p = pb.start();
        } catch (IOException e) {
            return new Result(List.copyOf(command), 127, "", e.getMessage());
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Thread t1 = pump(p.getInputStream(), out);
        Thread t2 = pump(p.getErrorStream(), err);
        try {
            if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                p.waitFor();
                t1.join();
                t2.join();
                return new Result(List.copyOf(command), 124, out.toString(StandardCharsets.UTF_8),
                        "timed out after " + timeoutSeconds + " s");
            }
            t1.join();
            t2.join();
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while running " + String.join(" ", command), e);
        }
        return new Result(List.copyOf(command), p.exitValue(), out.toString(StandardCharsets.UTF_8),
                err.toString(StandardCharsets.UTF_8));
    }

    /** Runs the command; its standard output, or an IOException with the command, exit code and error text. */
    static String check(List<String> command, long timeoutSeconds) throws IOException {
        Result r = run(command, timeoutSeconds);
        if (!r.ok()) {
            throw new IOException(r.describe());
        }
        return r.out();
    }

    /** The executable's path on PATH (or in /sbin, /usr/sbin, which root's PATH may lack), or null. */
    static String which(String name) {
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

    /** {@link #which(String)} or the bare name (the error then names it). */
    static String tool(String name) {
        String w = which(name);
        return w != null ? w : name;
    }

    private static Thread pump(InputStream in, ByteArrayOutputStream sink) {
        Thread t = new Thread(() -> {
            try (in) {
                in.transferTo(sink);
            } catch (IOException e) {
                // the process went away; what was read is kept
            }
        }, "live-shell-pump");
        t.setDaemon(true);
        t.start();
        return t;
    }
}
