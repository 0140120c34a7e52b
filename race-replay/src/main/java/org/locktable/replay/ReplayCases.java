package org.locktable.replay;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.locktable.concurrency.Exploration;
import org.locktable.concurrency.Operation;
import org.locktable.concurrency.Race;
import org.locktable.concurrency.Verdict;
import org.locktable.engine.model.Inode;
import org.locktable.engine.model.InvalidInputException;
import org.locktable.engine.model.Layout;
import org.locktable.engine.policy.Policy;

/**
 * Which races {@code race-replay-all} replays: the named races (R4 and its buffered variant and control), every
 * minimal counterexample class of a policy in the one-block space of the model's small-scope sweep (every H/U/W
 * block, i_size 4096, 2048 and 512, every ordered pair of 512-byte-granular aio-dio or dio writes; a class is the
 * layout, the size, the two kinds and the bad ranges; its first case in that order stands for it), and a seeded
 * sample of SAFE two-block cases.
 */
public final class ReplayCases {
    private static final int BS = 4096;

    /** One race and the model's verdict on it; {@code name} says where it comes from, {@code api} how aio-dio submits. */
    public record Case(String name, String layout, long size, List<Operation> ops, Verdict verdict, String api) {
        public Inode inode() {
            try {
                return Inode.builder(Layout.parse(layout)).size(size).build();
            } catch (InvalidInputException e) {
                throw new IllegalStateException(e);
            }
        }

        /** {@code W W @6144: aio-dio 5120+1024, dio 4096+4096}. */
        public String describe() {
            StringBuilder b = new StringBuilder(layout).append(" @").append(size).append(':');
            for (int i = 0; i < ops.size(); i++) {
                b.append(i == 0 ? " " : ", ").append(ops.get(i));
            }
            return b.toString();
        }
    }

    private ReplayCases() {
    }

    public static Case of(Policy policy, String name, String layout, long size, List<Operation> ops) {
        return of(policy, null, name, layout, size, ops);
    }

    /** The same with buffered operations under {@code buffered} (null: the file system's default buffered policy). */
    public static Case of(Policy policy, Policy buffered, String name, String layout, long size, List<Operation> ops) {
        try {
            Inode inode = Inode.builder(Layout.parse(layout)).size(size).build();
            Verdict v = buffered == null ? Race.explore(policy, inode, ops)
                    : Race.explore(policy, buffered, inode, ops, Exploration.FULL);
            return new Case(name, layout, size, ops, v, name.contains("io_uring") ? "uring" : "aio");
        } catch (InvalidInputException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }

    /**
     * R4 (spec §6.2) with libaio and io_uring, its buffered variant and its control (i_size 8192), as the live harness
     * ran them; R4 with a direct read after it (what the read returns judged); and the XFS three-operation truncate
     * race (generated-docs/findings/xfs-truncate-isize.md).
     */
    public static List<Case> named(Policy policy) {
        return List.of(
                of(policy, "R4", "W W", 6144, List.of(Operation.aio(5120, 1024), Operation.dio(4096, 4096))),
                of(policy, "R4 io_uring", "W W", 6144, List.of(Operation.aio(5120, 1024), Operation.dio(4096, 4096))),
                of(policy, "R4 buffered", "W W", 6144, List.of(Operation.aio(5120, 1024), Operation.buffered(6144, 1024, true))),
                of(policy, "R4 control", "W W", 8192, List.of(Operation.aio(5120, 1024), Operation.dio(4096, 4096))),
                of(policy, "R4 read", "W W", 6144, List.of(Operation.aio(5120, 1024), Operation.dio(4096, 4096),
                        new Operation(Operation.Kind.DIO_READ, 4096, 4096))),
                of(policy, XFS_TRUNCATE_RACE, "W W", 8192, List.of(Operation.aio(5120, 1024), Operation.truncate(6144),
                        Operation.dio(4096, 4096))));
    }

    /** The name of the XFS three-operation truncate race's rows. */
    public static final String XFS_TRUNCATE_RACE = "XFS truncate race";

    /** The first case of every UNSAFE class of {@code policy} in the one-block space, in enumeration order. */
    public static List<Case> minimalClasses(Policy policy) {
        Map<String, Case> classes = new LinkedHashMap<>();
        for (String layout : List.of("H", "U", "W")) {
            for (long size : new long[] {BS, BS / 2, 512}) {
                for (List<Operation> pair : everyPair()) {
                    Case c = explore(policy, "minimal class", layout, size, pair);
                    if (c != null && !c.verdict().safe()) {
                        String key = layout + "@" + size + " " + pair.get(0).kind() + " " + pair.get(1).kind() + " bad "
                                + c.verdict().counterexample().orElseThrow().badRangesText();
                        classes.putIfAbsent(key, c);
                    }
                }
            }
        }
        return List.copyOf(classes.values());
    }

    /** {@code count} SAFE two-block cases of {@code policy}, drawn with {@code seed}. */
    public static List<Case> safeSample(Policy policy, long seed, int count) {
        Random random = new Random(seed);
        List<Case> out = new ArrayList<>();
        List<String> states = List.of("H", "U", "W");
        for (int tries = 0; out.size() < count && tries < 100 * count; tries++) {
            String layout = states.get(random.nextInt(3)) + " " + states.get(random.nextInt(3));
            long size = new long[] {2 * BS, BS + BS / 2, BS, BS / 2}[random.nextInt(4)];
            List<Operation> ops = List.of(randomOp(random), randomOp(random));
            if (writtenPastEof(layout, size, BS)) {
                continue; // no file has it: truncate frees written blocks past EOF
            }
            Case c = explore(policy, "safe sample", layout, size, ops);
            if (c != null && c.verdict().safe()) {
                out.add(c);
            }
        }
        return out;
    }

    /** True when a written block starts at or past {@code size}: a layout no file has (truncate frees such blocks). */
    static boolean writtenPastEof(String layout, long size, int bs) {
        String[] blocks = layout.trim().split("\\s+");
        for (int b = 0; b < blocks.length; b++) {
            if (blocks[b].equals("W") && (long) b * bs >= size) {
                return true;
            }
        }
        return false;
    }

    private static Case explore(Policy policy, String name, String layout, long size, List<Operation> ops) {
        try {
            return of(policy, name, layout, size, ops);
        } catch (UnsupportedOperationException refused) {
            return null; // a decision that is not OK: the model races only writes that go ahead
        }
    }

    private static List<List<Operation>> everyPair() {
        List<Operation> ops = new ArrayList<>();
        for (long off = 0; off < BS; off += 512) {
            for (long end = off + 512; end <= BS; end += 512) {
                ops.add(Operation.aio(off, end - off));
                ops.add(Operation.dio(off, end - off));
            }
        }
        List<List<Operation>> pairs = new ArrayList<>();
        for (Operation a : ops) {
            for (Operation b : ops) {
                pairs.add(List.of(a, b));
            }
        }
        return pairs;
    }

    private static Operation randomOp(Random random) {
        int sectors = 2 * BS / 512;
        int off = random.nextInt(sectors);
        int len = 1 + random.nextInt(sectors - off);
        return random.nextBoolean() ? Operation.aio(off * 512L, len * 512L) : Operation.dio(off * 512L, len * 512L);
    }
}
