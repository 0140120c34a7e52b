package org.locktable.concurrency.safety;

import java.util.List;
import org.locktable.concurrency.Operation;
import org.locktable.engine.catalog.PolicyCatalog;
import org.locktable.engine.model.Inode;
import org.locktable.engine.model.InvalidInputException;
import org.locktable.engine.model.Layout;

/**
 * One race of the safety scope: a layout of {@code blocks} blocks with i_size {@code size}, the first operation A and
 * the second B, both direct writes. {@code index} is its place in the scope's order (smallest first).
 */
public record SafetyCase(int index, String layout, long size, Operation first, Operation second) {
    public static final int BLOCK_SIZE = 4096;

    public int blocks() {
        return layout.split(" ").length;
    }

    public List<Operation> ops() {
        return List.of(first, second);
    }

    public Inode inode() {
        try {
            return Inode.builder(Layout.parse(layout)).size(size).build();
        } catch (InvalidInputException e) {
            throw new IllegalStateException("the safety scope made a bad layout '" + layout + "': " + e.getMessage(), e);
        }
    }

    /** Equal for equal cases, whatever their index. */
    String key() {
        return layout + "@" + size + " " + first + " | " + second;
    }

    /** The key of the same two writes, the other one first. */
    String mirrorKey() {
        return layout + "@" + size + " " + second + " | " + first;
    }

    /** {@code `W` i_size=2048 · A = aio-dio 0+2048, B = aio-dio 0+4096}. */
    public String describe() {
        return "`" + layout + "` i_size=" + size + " · A = " + first + ", B = " + second;
    }

    /** The {@code locktable race} command that explores this case alone (with a user's policy's class path). */
    public String raceCommand(String policy) {
        return PolicyCatalog.launcherPrefix(policy) + "bin/locktable race --policy " + policy + " --layout \"" + layout + "\" --size " + size + " --op \"" + first
                + "\" --op \"" + second + "\"";
    }
}
