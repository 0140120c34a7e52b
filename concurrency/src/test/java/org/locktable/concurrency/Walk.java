package org.locktable.concurrency;

import java.util.ArrayList;
import java.util.List;

import org.locktable.engine.catalog.PolicyCatalog;
import org.locktable.engine.model.Inode;
import org.locktable.engine.model.InvalidInputException;
import org.locktable.engine.model.Layout;

/** One schedule taken by hand: each {@link #take} picks the enabled step whose lane-prefixed label starts so. */
final class Walk {
    private final KernelSteps kernel;
    private World world;
    private final List<String> taken = new ArrayList<>();

    private Walk(KernelSteps kernel, World world) {
        this.kernel = kernel;
        this.world = world;
    }

    static Walk of(String policy, String layout, long size, Operation... ops) {
        try {
            Inode inode = Inode.builder(Layout.parse(layout)).size(size).build();
            KernelSteps k = new KernelSteps(PolicyCatalog.builtIn(policy), inode, List.of(ops));
            long bytes = inode.layout().blocks() * inode.blockSize();
            for (Operation op : ops) {
                bytes = Math.max(bytes, op.end());
            }
            List<OpState> start = new ArrayList<>();
            for (int i = 0; i < ops.length; i++) {
                start.add(k.start(i));
            }
            return new Walk(k, new World(FileState.initial(inode, (bytes + 4095) / 4096), List.copyOf(start)));
        } catch (InvalidInputException e) {
            throw new IllegalStateException(e);
        }
    }

    List<String> enabled() {
        List<String> labels = new ArrayList<>();
        for (Step s : kernel.enabled(world)) {
            labels.add(Lane.letter(s.op()) + ": " + s.label());
        }
        return labels;
    }

    Walk take(String prefix) {
        for (Step s : kernel.enabled(world)) {
            String label = Lane.letter(s.op()) + ": " + s.label();
            if (label.startsWith(prefix)) {
                taken.add(label);
                world = s.next();
                return this;
            }
        }
        throw new AssertionError("no step '" + prefix + "…' after " + taken + "; enabled: " + enabled());
    }

    /** Takes {@code prefix} as often as it is enabled. */
    Walk all(String prefix) {
        while (enabled().stream().anyMatch(l -> l.startsWith(prefix))) {
            take(prefix);
        }
        return this;
    }

    World world() {
        return world;
    }
}
