package org.locktable.conformance;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.locktable.rig.FileMap;
import org.locktable.rig.Sandbox;

/**
 * The native helper ({@code ltprobe.c}, a resource of this module): compiled at run time by the rig's
 * {@link org.locktable.rig.NativeHelper}, then run as one long-lived process per file system that answers one line
 * per command (the protocol is documented at the top of the C source). Commands may be pipelined: {@link #pipeline(List)} writes them all,
 * then reads one answer each.
 */
public final class Ltprobe implements AutoCloseable {
    /** The helper's name: {@code ltprobe.c} is its source, {@code ltprobe} its binary. */
    static final String NAME = "ltprobe";
    static final String SOURCE = NAME + ".c";

    /** The local process, or null for a helper reached over a channel (a guest's serial port). */
    private final Process process;
    /** What ends a helper reached over a channel, after its {@code quit}. */
    private final AutoCloseable remote;
    private final BufferedWriter in;
    private final BufferedReader out;
    private final Path dir;
    private final StringBuilder stderr = new StringBuilder();

    private Ltprobe(Process process, Path dir) {
        this(process, null, process.getOutputStream(), process.getInputStream(), dir);
        Thread t = new Thread(() -> drain(process.getErrorStream()), "ltprobe-stderr");
        t.setDaemon(true);
        t.start();
    }

    private Ltprobe(Process process, AutoCloseable remote, OutputStream commands, InputStream answers, Path dir) {
        this.process = process;
        this.remote = remote;
        this.dir = dir;
        this.in = new BufferedWriter(new OutputStreamWriter(commands, StandardCharsets.US_ASCII), 1 << 16);
        this.out = new BufferedReader(new InputStreamReader(answers, StandardCharsets.US_ASCII), 1 << 16);
    }

    /**
     * A helper running elsewhere (in a virtual machine) on its directory {@code dir} there, reached through
     * {@code commands} and {@code answers}; {@link #close()} sends {@code quit}, then closes {@code remote}.
     */
    public static Ltprobe over(OutputStream commands, InputStream answers, Path dir, AutoCloseable remote) {
        return new Ltprobe(null, remote, commands, answers, dir);
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

    /** Starts the helper on the directory {@code dir}; {@code sandbox} destroys it at teardown. */
    public static Ltprobe start(Path binary, Path dir, Sandbox sandbox) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(binary.toString(), dir.toString());
        Process p = pb.start();
        sandbox.process("ltprobe " + dir, p);
        return new Ltprobe(p, dir);
    }

    /** Parses a {@code fiemap} answer: {@code OK <size> <count> <logical>:<physical>:<length>:<flags-hex> ...}. */
    public static FileMap parseFiemap(String answer) {
        String[] f = answer.trim().split("\\s+");
        if (f.length < 3 || !f[0].equals("OK")) {
            throw new IllegalArgumentException("not a fiemap answer: " + answer);
        }
        long size = Long.parseLong(f[1]);
        int count = Integer.parseInt(f[2]);
        if (f.length != 3 + count) {
            throw new IllegalArgumentException("fiemap answer announces " + count + " extents but has "
                    + (f.length - 3) + ": " + answer);
        }
        List<FileMap.Extent> ex = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            String[] p = f[3 + i].split(":");
            if (p.length != 4) {
                throw new IllegalArgumentException("bad extent \"" + f[3 + i] + "\" in " + answer);
            }
            ex.add(new FileMap.Extent(Long.parseLong(p[0]), Long.parseLong(p[1]), Long.parseLong(p[2]),
                    Integer.parseInt(p[3], 16)));
        }
        return new FileMap(size, ex);
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
            if (process != null && process.waitFor(200, java.util.concurrent.TimeUnit.MILLISECONDS)) {
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
        if (process == null) {
            try {
                remote.close();
            } catch (Exception e) {
                // the guest is gone: its teardown stops it
            }
            return;
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
