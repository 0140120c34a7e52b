package org.locktable.engine.policy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;

import org.locktable.engine.decision.LockOp;

/** Interned immutable lock paths: few distinct paths exist, so a decision shares one list per path. */
final class LockPaths {
    private static final ConcurrentHashMap<Long, List<LockOp>> CACHE = new ConcurrentHashMap<>();
    private static final LockOp[] OPS = LockOp.values();
    private static final List<LockOp>[] SHORT = shortPaths();

    private LockPaths() {
    }

    static List<LockOp> of(long packed, int count) {
        if (packed < SHORT.length) {
            return SHORT[(int) packed];
        }
        return CACHE.computeIfAbsent(packed, p -> decode(p));
    }

    @SuppressWarnings("unchecked")
    private static List<LockOp>[] shortPaths() {
        List<LockOp>[] out = new List[1 << 12]; // every path of up to 4 ops
        for (int p = 0; p < out.length; p++) {
            out[p] = decode(p);
        }
        return out;
    }

    private static List<LockOp> decode(long packed) {
        List<LockOp> ops = new ArrayList<>();
        for (long p = packed; p != 0; p >>>= 3) {
            int code = (int) (p & 7);
            ops.add(code >= 1 && code <= OPS.length ? OPS[code - 1] : LockOp.UNLOCK);
        }
        return List.copyOf(ops);
    }
}
