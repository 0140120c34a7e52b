package org.locktable.replay;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.locktable.concurrency.Operation;
import org.locktable.engine.model.Inode;
import org.locktable.rig.Sandbox;
import org.locktable.rig.Workspace;

/**
 * The live set-up of a replay run: a private directory with the two compiled programs, a tmpfs, and one
 * {@link ReorderDevice} per file system made on first use; all in one {@link Sandbox}, torn down by {@link #close()}.
 */
public final class LiveRig implements RaceRig {
    private final Sandbox sandbox;
    private final Path base;
    private final Path tmpfs;
    private final Natives.Binaries bin;
    private final Map<String, Replay> replays = new TreeMap<>();

    private LiveRig(Sandbox sandbox, Path base, Path tmpfs, Natives.Binaries bin) {
        this.sandbox = sandbox;
        this.base = base;
        this.tmpfs = tmpfs;
        this.bin = bin;
    }

    /** Checks the machine and compiles the programs; an EnvironmentException (exit 3) when the machine cannot. */
    public static LiveRig create() throws IOException {
        Natives.check();
        return Workspace.open("locktable-replay-", "1g", w -> new LiveRig(w.sandbox(), w.base(), w.tmpfs(),
                Natives.compile(w.sandbox(), w.bin())));
    }

    @Override
    public String kernelRelease() {
        return System.getProperty("os.version"); // uname -r
    }

    @Override
    public synchronized LiveResult replay(String fileSystem, Inode inode, List<Operation> ops, HoldPlan plan, String api)
            throws IOException {
        return on(fileSystem).run(inode, ops, plan, api);
    }

    /** {@link Replay#probe} on {@code fileSystem}. */
    public synchronized List<String> probe(String fileSystem, Inode inode, List<String> rules, List<String> steps)
            throws IOException {
        return on(fileSystem).probe(inode, rules, steps);
    }

    private Replay on(String fileSystem) throws IOException {
        Replay r = replays.get(fileSystem);
        if (r == null) {
            r = new Replay(ReorderDevice.start(sandbox, bin, base, tmpfs, fileSystem));
            replays.put(fileSystem, r);
        }
        return r;
    }

    @Override
    public void close() {
        sandbox.close();
    }
}
