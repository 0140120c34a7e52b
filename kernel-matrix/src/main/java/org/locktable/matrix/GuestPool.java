package org.locktable.matrix;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import org.locktable.conformance.FsKind;
import org.locktable.conformance.FsSpec;
import org.locktable.conformance.Ltprobe;
import org.locktable.conformance.MountedFs;
import org.locktable.conformance.ProbeTarget;

/**
 * The conformance's target over one or more guests of one kernel. With two, ext4 is made and probed in the first
 * and XFS in the second: single-threaded TCG (which {@code -icount} needs) runs a guest on one host core, so two
 * QEMU processes use two cores where one guest with two helpers shares one.
 */
public final class GuestPool implements ProbeTarget.Session {
    private final List<GuestTarget> guests;
    private final List<FsSpec> order = new ArrayList<>();

    public GuestPool(List<GuestTarget> guests) {
        if (guests.isEmpty()) {
            throw new IllegalArgumentException("no guest");
        }
        this.guests = List.copyOf(guests);
    }

    /** The guests, in boot order. */
    public List<GuestTarget> guests() {
        return guests;
    }

    /** The guest that makes file systems of {@code kind}: ext4 the first, XFS the last. */
    public GuestTarget guestFor(FsKind kind) {
        return kind == FsKind.EXT4 ? guests.get(0) : guests.get(guests.size() - 1);
    }

    /** The slowest boot, in seconds: the guests boot in parallel. */
    public double bootSeconds() {
        double max = 0;
        for (GuestTarget g : guests) {
            max = Math.max(max, g.guest().bootSeconds());
        }
        return max;
    }

    public MkfsOptions mkfsOptions() {
        return guests.get(0).mkfsOptions();
    }

    @Override
    public synchronized MountedFs fs(FsSpec spec) throws IOException {
        MountedFs fs = guestFor(spec.kind()).fs(spec);
        if (!order.contains(spec)) {
            order.add(spec);
        }
        return fs;
    }

    @Override
    public Ltprobe helper(MountedFs fs) throws IOException {
        return guestFor(fs.spec().kind()).helper(fs);
    }

    /** Unmounts {@code spec} and whatever was made after it, in whichever guest holds each. */
    @Override
    public synchronized void release(FsSpec spec) {
        int at = order.indexOf(spec);
        if (at < 0) {
            return;
        }
        for (int i = order.size() - 1; i >= at; i--) {
            FsSpec s = order.remove(i);
            guestFor(s.kind()).release(s);
        }
    }

    @Override
    public String kernelRelease() {
        return guests.get(0).kernelRelease();
    }

    @Override
    public String machine() {
        return guests.get(0).machine();
    }

    @Override
    public boolean replaysOnHost() {
        return false;
    }

    @Override
    public void close() {
        for (GuestTarget g : guests) {
            g.close();
        }
    }
}
