package org.locktable.conformance;

import java.util.ArrayList;
import java.util.List;

import org.locktable.engine.model.Inode;
import org.locktable.engine.model.InvalidInputException;
import org.locktable.engine.model.Layout;
import org.locktable.engine.model.WriteRequest;

/**
 * One case of the privilege pass: a file (layout, {@code i_size}, mode) and one direct write by root or by an
 * unprivileged caller, with or without {@code RWF_NOWAIT}.
 */
public record PrivilegeCase(String layout, long size, int mode, long offset, long length, boolean unprivileged,
        boolean nowait) {
    /** The modes: set-uid, set-gid with group-exec (both never IS_NOSEC), and a plain file (IS_NOSEC on). */
    static final int[] MODES = {04755, 02775, 0644};

    /** The files and writes: where the lock decision differs (overwrite, unaligned, unwritten, hole, extending, past EOF). */
    private static final Object[][] WRITES = {
        {"W W W W", 16384L, new long[][] {{0, 8192}, {512, 4096}, {12288, 8192}, {20480, 4096}}},
        {"W U U W", 16384L, new long[][] {{4096, 8192}, {512, 14336}}},
        {"W H H W", 16384L, new long[][] {{4096, 4096}}},
    };

    /** Every case, in a fixed order: file, write, mode, caller (root first), NOWAIT first. */
    public static List<PrivilegeCase> all() {
        List<PrivilegeCase> out = new ArrayList<>();
        for (Object[] f : WRITES) {
            for (long[] w : (long[][]) f[2]) {
                for (int mode : MODES) {
                    for (boolean unprivileged : new boolean[] {false, true}) {
                        for (boolean nowait : new boolean[] {true, false}) {
                            out.add(new PrivilegeCase((String) f[0], (Long) f[1], mode, w[0], w[1], unprivileged, nowait));
                        }
                    }
                }
            }
        }
        return out;
    }

    public Inode inode() throws InvalidInputException {
        return Inode.builder(Layout.parse(layout)).size(size).mode(mode).build();
    }

    public WriteRequest request() throws InvalidInputException {
        return WriteRequest.builder(offset, length).nowait(nowait).unprivileged(unprivileged).build();
    }

    /** {@code "W U U W" i_size=16384 mode=4755, 512+14336, unprivileged, NOWAIT}. */
    @Override
    public String toString() {
        return "\"" + layout + "\" i_size=" + size + " mode=" + Inode.octal(mode) + ", " + offset + "+" + length + ", "
                + (unprivileged ? "unprivileged" : "root") + (nowait ? ", NOWAIT" : ", blocking");
    }
}
