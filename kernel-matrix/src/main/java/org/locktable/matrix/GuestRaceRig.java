package org.locktable.matrix;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.locktable.concurrency.Operation;
import org.locktable.engine.model.Inode;
import org.locktable.replay.HoldPlan;
import org.locktable.replay.LiveResult;
import org.locktable.replay.Natives;
import org.locktable.replay.RaceRig;
import org.locktable.replay.Replay;

/**
 * The race replay on another kernel: the reordering daemon and the race helper compiled here, put in the guest's
 * initramfs with their libraries, the kernel booted under QEMU, and one {@link GuestReplayDevice} per file system
 * made in it on first use. The same {@link Replay} drives it as on this machine; no root is needed here.
 */
public final class GuestRaceRig implements RaceRig {
    private final BootedGuest booted;
    private final Map<String, Replay> replays = new TreeMap<>();

    private GuestRaceRig(BootedGuest booted) {
        this.booted = booted;
    }

    /** The kernel of {@code spec} booted for race replays; closing the rig ends the guest. */
    public static GuestRaceRig open(KernelSpec spec, KernelCache cache, PrintStream console) throws IOException {
        Guest.qemuBinary();
        Natives.checkBuild();
        return new GuestRaceRig(BootedGuest.boot(sandbox -> {
            Path bin = sandbox.tempDir("locktable-replay-bin-");
            Natives.Binaries natives = Natives.compile(sandbox, bin);
            return BootedGuest.Image.of(spec, cache, console, List.of(natives.reorder(), natives.run()));
        }, console));
    }

    @Override
    public String kernelRelease() {
        return booted.guest().release();
    }

    @Override
    public synchronized LiveResult replay(String fileSystem, Inode inode, List<Operation> ops, HoldPlan plan, String api)
            throws IOException {
        Replay r = replays.get(fileSystem);
        if (r == null) {
            r = new Replay(GuestReplayDevice.start(booted.guest(), booted.mkfs(), fileSystem));
            replays.put(fileSystem, r);
        }
        return r.run(inode, ops, plan, api);
    }

    @Override
    public void close() {
        booted.close();
    }
}
