package org.locktable.conformance;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The native helper ({@code ltprobe.c}, a resource of this module): compiled at run time with {@code cc -O2},
 * then run as one long-lived process per file system that answers one line per command (the protocol is
 * documented at the top of the C source). Commands may be pipelined: {@link #pipeline(List)} writes them all,
 * then reads one answer each.
 */
public final class Ltprobe implements AutoCloseable {
    static final String SOURCE = "ltprobe.c";

    private final Process process;
    private final BufferedWriter in;
    private final BufferedReader out;
    private final Path dir;
    private final StringBuilder stderr = new StringBuilder();

    private Ltprobe(Process process, Path dir) {
        this.process = process;
        this.dir = dir;
        this.in = new BufferedWriter(new OutputStreamWriter(process.getOutputStream(), StandardCharsets.US_ASCII), 1 << 16);
        this.out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.US_ASCII), 1 << 16);
        Thread t = new Thread(() -> drain(process.getErrorStream()), "ltprobe-stderr");
        t.setDaemon(true);
        t.start();
    }

    /** {@code cc} or {@code gcc} on the PATH, or null. */
    public static String compiler() {
        String cc = Shell.which("cc");
        return cc != null ? cc : Shell.which("gcc");
    }

    /** The helper's C source, as shipped in this module. */
    public static String source() throws IOException {
        try (InputStream s = Ltprobe.class.getResourceAsStream(SOURCE)) {
            if (s == null) {
                throw new IOException(SOURCE + " is missing from the class path");
            }
            return new String(s.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** Writes the source into {@code dir} and compiles it there; returns the binary. */
    public static Path compile(Path dir) throws IOException {
        String cc = compiler();
        if (cc == null) {
            throw new EnvironmentException("no C compiler: ltprobe needs cc or gcc (apt-get install gcc)");
        }
        Path src = dir.resolve(SOURCE);
        Path bin = dir.resolve("ltprobe");
        Files.writeString(src, source(), StandardCharsets.UTF_8);
        Shell.Result r = Shell.run(List.of(cc, "-O2", "-Wall", "-o", bin.toString(), src.toString()));
        if (!r.ok()) {
            throw new EnvironmentException("cannot compile " + SOURCE + " with " + cc + ": " + r.describe());
        }
        return bin;
    }

    /** Starts the helper on the directory {@code dir}; {@code mounts} destroys it at teardown. */
    public static Ltprobe start(Path binary, Path dir, Mounts mounts) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(binary.toString(), dir.toString());
        Process p = pb.start();
        mounts.process("ltprobe " + dir, p);
        return new Ltprobe(p, dir);
    }

    public Path dir() {
        return dir;
    }

    /** One command, one answer line. */
    public String call(String command) throws IOException {
        return pipeline(List.of(command)).get(0);
    }

    /** One command whose answer must start with {@code OK}; returns the answer. */
    public String ok(String command) throws IOException {
        String a = call(command);
        if (!a.startsWith("OK")) {
            throw new IOException("ltprobe " + command + ": " + a);
        }
        return a;
    }

    /** Sends every command, then reads one answer each, in order. */
    public List<String> pipeline(List<String> commands) throws IOException {
        try {
            for (String c : commands) {
                if (c.indexOf('\n') >= 0) {
                    throw new IllegalArgumentException("a command is one line: " + c);
                }
                in.write(c);
                in.write('\n');
            }
            in.flush();
            List<String> answers = new ArrayList<>(commands.size());
            for (int i = 0; i < commands.size(); i++) {
                String line = out.readLine();
                if (line == null) {
                    throw new IOException("ltprobe exited" + exitText() + " after \"" + commands.get(i) + "\"");
                }
                answers.add(line);
            }
            return answers;
        } catch (IOException e) {
            if (e.getMessage() != null && e.getMessage().startsWith("ltprobe exited")) {
                throw e;
            }
            throw new IOException("ltprobe on " + dir + " failed" + exitText() + ": " + e.getMessage(), e);
        }
    }

    private String exitText() {
        StringBuilder s = new StringBuilder();
        try {
            if (process.waitFor(200, java.util.concurrent.TimeUnit.MILLISECONDS)) {
                s.append(" with status ").append(process.exitValue());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        synchronized (stderr) {
            if (stderr.length() > 0) {
                s.append(" (stderr: ").append(stderr.toString().strip()).append(')');
            }
        }
        return s.toString();
    }

    private void drain(InputStream err) {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(err, StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                synchronized (stderr) {
                    if (stderr.length() < 8192) {
                        stderr.append(line).append('\n');
                    }
                }
            }
        } catch (IOException e) {
            // the process went away
        }
    }

    @Override
    public void close() {
        try {
            in.write("quit\n");
            in.flush();
        } catch (IOException e) {
            // already gone
        }
        try {
            if (!process.waitFor(5, java.util.concurrent.TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
