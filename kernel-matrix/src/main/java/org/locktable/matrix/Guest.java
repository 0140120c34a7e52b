package org.locktable.matrix;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.locktable.rig.EnvironmentException;
import org.locktable.rig.Sandbox;
import org.locktable.rig.Shell;

/**
 * A kernel booted under QEMU (TCG; {@code -icount shift=0,sleep=off} keeps the guest clock in step with guest
 * code, which XFS's NOWAIT timestamp check needs). Serial ports: ttyS0 the console (a file), ttyS1 the control
 * channel of {@code init.sh}, ttyS2 and ttyS3 one helper each; each port is a Unix socket this process listens
 * on and QEMU connects to. The process, its sockets and files are recorded in the {@link Sandbox}: torn down on
 * failure and on SIGTERM.
 */
public final class Guest {
    /** The helper ports, in the guest's names. */
    public static final List<String> HELPER_PORTS = List.of("ttyS2", "ttyS3");
    static final long BOOT_SECONDS = 600;

    /** One serial port's byte streams. */
    public record Port(OutputStream in, InputStream out) {
    }

    private final Process qemu;
    private final Path console;
    private final OutputStream control;
    private final BlockingQueue<String> answers;
    private final List<Port> helpers;
    private final String release;
    private final double bootSeconds;

    private Guest(Process qemu, Path console, OutputStream control, BlockingQueue<String> answers, List<Port> helpers,
            String release, double bootSeconds) {
        this.qemu = qemu;
        this.console = console;
        this.control = control;
        this.answers = answers;
        this.helpers = helpers;
        this.release = release;
        this.bootSeconds = bootSeconds;
    }

    public static String qemuBinary() throws EnvironmentException {
        String q = Shell.which("qemu-system-x86_64");
        if (q == null) {
            throw new EnvironmentException("no qemu-system-x86_64: other kernels boot under QEMU (apt-get install "
                    + "qemu-system-x86)");
        }
        return q;
    }

    /** Boots {@code kernel} with {@code initramfs} and waits for its init to answer. */
    public static Guest boot(KernelImage kernel, Path initramfs, Sandbox sandbox, PrintStream console)
            throws IOException {
        String qemu = qemuBinary();
        Path dir = sandbox.tempDir("locktable-qemu-");
        Path log = dir.resolve("console.log");
        sandbox.file(log);
        List<String> names = List.of("ctl", "s2", "s3");
        List<ServerSocketChannel> servers = new ArrayList<>();
        List<String> cmd = new ArrayList<>(List.of(qemu, "-accel", "tcg", "-cpu", "max", "-m", "2048", "-smp", "1",
                "-icount", "shift=0,sleep=off", "-kernel", kernel.vmlinuz().toString(), "-initrd", initramfs.toString(),
                "-append", "console=ttyS0 panic=-1 quiet", "-display", "none", "-monitor", "none", "-no-reboot",
                "-nodefaults", "-serial", "file:" + log));
        for (String n : names) {
            Path sock = dir.resolve(n + ".sock");
            ServerSocketChannel s = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
            s.bind(UnixDomainSocketAddress.of(sock));
            sandbox.onTeardown("socket " + sock, () -> {
                s.close();
                Files.deleteIfExists(sock);
            });
            servers.add(s);
            cmd.addAll(List.of("-chardev", "socket,id=" + n + ",path=" + sock, "-serial", "chardev:" + n));
        }
        long t0 = System.nanoTime();
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true)
                .redirectOutput(dir.resolve("qemu.out").toFile()).start();
        sandbox.file(dir.resolve("qemu.out"));
        sandbox.process("qemu " + kernel.release(), p);
        List<Port> ports = new ArrayList<>();
        for (ServerSocketChannel s : servers) {
            SocketChannel c = accept(s, p, dir);
            sandbox.onTeardown("connection " + s.getLocalAddress(), c::close);
            ports.add(new Port(ChannelStreams.out(c), ChannelStreams.in(c)));
        }
        console.println("kernel: booting " + kernel.release() + " under QEMU (TCG)");
        BlockingQueue<String> lines = lines(ports.get(0).out());
        String ready;
        try {
            ready = readLine(lines, p, log, BOOT_SECONDS, "the guest's init to start");
        } catch (IOException e) {
            throw new EnvironmentException("the kernel did not boot: " + e.getMessage()
                    + (p.isAlive() ? "" : "; qemu: " + tail(dir.resolve("qemu.out"))));
        }
        if (!ready.startsWith("READY ")) {
            throw new IOException("the guest answered \"" + ready + "\" instead of READY");
        }
        String[] f = ready.split(" ", 3);
        double secs = (System.nanoTime() - t0) / 1e9;
        console.printf(Locale.ROOT, "kernel: %s up in %.1f s%s%n", f[1], secs,
                f.length > 2 && !f[2].isBlank() ? " (" + f[2].strip() + ")" : "");
        Guest g = new Guest(p, log, ports.get(0).in(), lines, ports.subList(1, ports.size()), f[1], secs);
        sandbox.onTeardown("guest " + f[1] + " power-off", g::powerOff);
        return g;
    }

    /** The guest's {@code uname -r}. */
    public String release() {
        return release;
    }

    public double bootSeconds() {
        return bootSeconds;
    }

    /** Helper port {@code i} (0 for ttyS2, 1 for ttyS3). */
    public Port helperPort(int i) {
        return helpers.get(i);
    }

    /** Runs a command line in the guest's shell: its status and output (on one line). */
    public synchronized Shell.Result run(String line) throws IOException {
        String a = call("run " + line, 600);
        String[] f = a.split(" ", 3);
        if (!f[0].equals("RC")) {
            throw new IOException("guest: \"" + line + "\" answered " + a);
        }
        return new Shell.Result(List.of(line), Integer.parseInt(f[1]), f.length > 2 ? f[2].strip() : "", "");
    }

    /** Runs a command line in the guest's shell: its status and its output, line for line. */
    public synchronized Shell.Result lines(String line) throws IOException {
        StringBuilder out = new StringBuilder();
        String a = call("lines " + line, 600);
        while (true) {
            if (a.startsWith("| ")) {
                out.append(a, 2, a.length()).append('\n');
            } else if (a.startsWith("RC ")) {
                return new Shell.Result(List.of(line), Integer.parseInt(a.substring(3).strip()), out.toString(), "");
            } else {
                throw new IOException("guest: \"" + line + "\" answered " + a);
            }
            a = readLine(answers, qemu, console, 600, "\"" + line + "\"");
        }
    }

    /** Starts the helper on {@code port} working in {@code dir}; returns its pid in the guest. */
    public synchronized String startHelper(String port, String dir) throws IOException {
        String a = call("helper " + port + " " + dir, 60);
        if (!a.startsWith("OK ")) {
            throw new IOException("guest: cannot start the helper on " + port + ": " + a);
        }
        return a.substring(3).strip();
    }

    /** Waits for the helper {@code pid} to exit (after its {@code quit}). */
    public synchronized void waitHelper(String pid) throws IOException {
        call("wait " + pid, 60);
    }

    private String call(String line, long seconds) throws IOException {
        control.write((line + "\n").getBytes(StandardCharsets.US_ASCII));
        control.flush();
        return readLine(answers, qemu, console, seconds, "\"" + line + "\"");
    }

    /**
     * Asks init to sync and end the guest; QEMU exits ({@code -no-reboot}). Not under the guest's lock, and the
     * request is written from its own thread: at a SIGTERM the run's thread may hold both. The teardown kills
     * QEMU next when it has not exited within 10 s.
     */
    void powerOff() {
        if (!qemu.isAlive()) {
            return;
        }
        Thread t = new Thread(() -> {
            try {
                control.write("off\n".getBytes(StandardCharsets.US_ASCII));
                control.flush();
            } catch (IOException e) {
                // the guest is gone
            }
        }, "guest-off");
        t.setDaemon(true);
        t.start();
        try {
            qemu.waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static SocketChannel accept(ServerSocketChannel s, Process p, Path dir) throws IOException {
        s.configureBlocking(false);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            SocketChannel c = s.accept();
            if (c != null) {
                c.configureBlocking(true);
                return c;
            }
            if (!p.isAlive()) {
                throw new EnvironmentException("qemu-system-x86_64 exited with status " + p.exitValue() + ": "
                        + tail(dir.resolve("qemu.out")));
            }
            sleep(20);
        }
        throw new EnvironmentException("qemu-system-x86_64 did not connect its serial ports within 60 s");
    }

    /** The control port's lines, read by a daemon thread; {@link #EOF} when the port closes. */
    private static BlockingQueue<String> lines(InputStream in) {
        BlockingQueue<String> q = new LinkedBlockingQueue<>();
        Thread t = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.US_ASCII))) {
                String l;
                while ((l = r.readLine()) != null) {
                    q.add(l.replace("\r", ""));
                }
            } catch (IOException e) {
                // closed at teardown
            }
            q.add(EOF);
        }, "guest-control");
        t.setDaemon(true);
        t.start();
        return q;
    }

    private static final String EOF = new String("EOF");

    /** One line from the guest, waiting at most {@code seconds}; a clear error when QEMU exits or times out. */
    private static String readLine(BlockingQueue<String> q, Process p, Path console, long seconds, String what)
            throws IOException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (true) {
            String l;
            try {
                l = q.poll(200, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted", e);
            }
            if (l == EOF) {
                q.add(EOF);
                throw gone(p, console, what);
            }
            if (l != null) {
                return l;
            }
            if (!p.isAlive()) {
                throw gone(p, console, what);
            }
            if (System.nanoTime() > deadline) {
                throw new IOException("the guest did not answer within " + seconds + " s waiting for " + what
                        + " (console: " + tail(console) + ")");
            }
        }
    }

    private static IOException gone(Process p, Path console, String what) {
        String status = p.isAlive() ? "closed its port" : "exited with status " + p.exitValue();
        return new IOException("the guest " + status + " waiting for " + what + " (console: " + tail(console) + ")");
    }

    /** The last meaningful console line, for an error message. */
    static String tail(Path file) {
        try {
            List<String> lines = Files.readAllLines(file, StandardCharsets.ISO_8859_1);
            for (int i = lines.size() - 1; i >= 0; i--) {
                String l = lines.get(i).strip();
                if (!l.isEmpty()) {
                    return l.length() > 300 ? l.substring(0, 300) : l;
                }
            }
            return "empty";
        } catch (IOException e) {
            return "none";
        }
    }

    private static void sleep(long ms) throws IOException {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
    }
}
