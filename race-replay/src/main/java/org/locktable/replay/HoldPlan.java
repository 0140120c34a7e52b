package org.locktable.replay;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.locktable.concurrency.Operation;
import org.locktable.engine.model.BlockState;
import org.locktable.engine.model.Inode;

/**
 * What the reordering device must hold back, and in which order the helper issues the operations, so that the
 * kernel follows a schedule: a bio whose completion the schedule puts after another operation's bio (both in flight
 * at once) is held until that bio has landed; one it puts after another operation's copy into the page cache is held
 * until that operation's write returned. Ranges are the file's byte offsets; the replay maps them to the disk.
 */
public record HoldPlan(List<Character> order, List<Hold> holds, boolean nomerges, String source, Optional<Gate> gate) {
    /** How long a held write waits at most: a writer that waits for its own held write (sync, FORCE_WAIT) goes on. */
    public static final int TIMEOUT_MILLIS = 500;
    /** How long the gate's write is held at most: long enough for every gated operation to queue behind it. */
    public static final int GATE_TIMEOUT_MILLIS = 3000;
    /** How long an operation run in the background is given to take its lock (or queue on it) and submit its bios. */
    static final int BACKGROUND_START_MILLIS = 100;

    /**
     * The inode lock held while {@code ops} queue on it, in this order, so that each samples what it samples before
     * the lock (i_size, in {@code xfs_file_dio_write_unaligned}) before the ones queued ahead of it run: an O_DIRECT
     * rewrite of the written block {@code [offset, offset+length)} with its own bytes, held by the device, and a
     * {@code fallocate(KEEP_SIZE)} over it that takes i_rwsem exclusively and sleeps in {@code inode_dio_wait} until
     * the device lets the rewrite go. i_rwsem hands itself to its waiters in order, a writer alone, readers together.
     */
    public record Gate(List<Character> ops, long offset, long length) {
    }
    /** The device's pattern for a zeroing bio: a write inside the range carrying zeros only, not a page written back over them. */
    static final String ONLY_ZEROS = "=0";
    private static final Pattern STEP = Pattern.compile("([A-D]): (.*)");
    private static final Pattern BIO_DONE = Pattern.compile("bio done: (data|zero \\S+|writeback) \\[(\\d+),(\\d+)\\)(?: (\\S+))?");

    /**
     * One write to hold back: the first write over {@code [start, end)} carrying a sector of {@code pats} there, until
     * a write over {@code [untilStart, untilEnd)} carrying a sector of {@code untilPats} has landed, or (when
     * {@code releaseAfter} is an operation's letter) until that operation's write returned.
     */
    public record Hold(String id, char op, String what, long start, long end, String pats, long untilStart, long untilEnd,
            String untilPats, char releaseAfter) {
        public boolean byRelease() {
            return releaseAfter != 0;
        }

        /** {@code zero eof-tail [6144,8192) of A until B's data [4096,8192) landed}. */
        public String describe() {
            if (what.equals("gate")) {
                return "an O_DIRECT rewrite of [" + start + "," + end + ") with its own bytes until the gated"
                        + " operations queued on the inode lock (fallocate KEEP_SIZE holds it in inode_dio_wait)";
            }
            return what + " [" + start + "," + end + ") of " + op + " until " + (byRelease() ? releaseAfter
                    + "'s write returned" : "a write of " + untilPats + " over [" + untilStart + "," + untilEnd + ") landed");
        }
    }

    private record Done(char op, String what, long start, long end, String pats) {
    }

    /** The plan that makes the kernel follow a model counterexample's schedule ({@code Counterexample.steps()}). */
    public static HoldPlan following(Inode inode, List<Operation> ops, List<String> steps) {
        List<Character> order = new ArrayList<>();
        List<Hold> holds = new ArrayList<>();
        int[] submitAt = new int[ops.size()];
        int[] firstAt = new int[ops.size()];
        int[] lockAt = new int[ops.size()];
        Arrays.fill(submitAt, -1);
        Arrays.fill(firstAt, -1);
        Arrays.fill(lockAt, -1);
        List<Object> parsed = new ArrayList<>();
        for (int k = 0; k < steps.size(); k++) {
            Matcher m = STEP.matcher(steps.get(k));
            if (!m.matches()) {
                throw new IllegalArgumentException("not a schedule step: " + steps.get(k));
            }
            char op = m.group(1).charAt(0);
            String label = m.group(2);
            if (!order.contains(op)) {
                order.add(op);
                firstAt[op - 'A'] = k;
            }
            if (label.startsWith("lock ") && lockAt[op - 'A'] < 0) {
                lockAt[op - 'A'] = k;
            }
            Matcher b = BIO_DONE.matcher(label);
            if (b.matches()) {
                String what = b.group(1);
                String pats = what.equals("data") ? String.valueOf(op) : what.startsWith("zero") ? ONLY_ZEROS : pagePats(op, b.group(4));
                parsed.add(new Done(op, what, Long.parseLong(b.group(2)), Long.parseLong(b.group(3)), pats));
            } else {
                if (label.startsWith("submit ") || label.startsWith("fsync: writeback")) {
                    submitAt[op - 'A'] = k;
                }
                parsed.add(label.startsWith("copy to page cache") ? "copy" + op : label);
            }
            if (b.matches()) {
                Done d = (Done) parsed.get(k);
                Done lastOther = null;
                char copier = 0;
                for (int j = submitAt[op - 'A'] + 1; j < k; j++) {
                    char other = steps.get(j).charAt(0);
                    if (other == op) {
                        continue;
                    }
                    if (parsed.get(j) instanceof Done o) {
                        lastOther = o;
                    } else if (parsed.get(j).equals("copy" + other)) {
                        copier = other;
                    }
                }
                if (lastOther != null) {
                    holds.add(new Hold("h" + holds.size(), op, d.what(), d.start(), d.end(), d.pats(), lastOther.start(),
                            lastOther.end(), lastOther.pats(), (char) 0));
                } else if (copier != 0) {
                    holds.add(new Hold("h" + holds.size(), op, d.what(), d.start(), d.end(), d.pats(), 0, 0, "", copier));
                }
            }
        }
        List<Character> gated = gated(firstAt, lockAt);
        Optional<Gate> gate = Optional.empty();
        if (!gated.isEmpty()) {
            long at = gateBlock(inode, ops);
            gate = Optional.of(new Gate(gated, at, inode.blockSize()));
            holds.add(new Hold("gate", 'o', "gate", at, at + inode.blockSize(), "o", 0, 0, "", 'o'));
        }
        return new HoldPlan(List.copyOf(order), List.copyOf(holds), splitsAnOperation(parsed, holds),
                "the model's shortest counterexample", gate);
    }

    /**
     * The operations that must queue on the inode lock behind a gate: where an operation samples before its lock
     * (i_size) and another takes the lock between its sample and its lock, issuing them one after another cannot give
     * that order — the second would find the lock free. Those operations, in the order the schedule locks them.
     */
    private static List<Character> gated(int[] firstAt, int[] lockAt) {
        Set<Integer> gated = new TreeSet<>((a, b) -> Integer.compare(lockAt[a], lockAt[b]));
        for (int x = 0; x < firstAt.length; x++) {
            for (int y = 0; y < firstAt.length; y++) {
                if (y != x && firstAt[x] < lockAt[x] && firstAt[x] < lockAt[y] && lockAt[y] < lockAt[x]) {
                    gated.add(x);
                    gated.add(y);
                }
            }
        }
        List<Character> ops = new ArrayList<>();
        gated.forEach(i -> ops.add((char) ('A' + i)));
        return ops;
    }

    /** A written block inside i_size that no operation touches: the gate rewrites it with its own bytes. */
    private static long gateBlock(Inode inode, List<Operation> ops) {
        int bs = inode.blockSize();
        for (long b = 0; b < inode.layout().blocks() && (b + 1) * bs <= inode.size(); b++) {
            long start = b * bs;
            boolean untouched = inode.layout().stateAt(b) == BlockState.WRITTEN && ops.stream().noneMatch(o -> touches(o, start, start + bs));
            if (untouched) {
                return start;
            }
        }
        throw new IllegalArgumentException("the schedule needs operations queued on the inode lock in an order their issue"
                + " cannot give; the replay holds the lock with a rewrite of a written block inside i_size that no"
                + " operation touches, and this layout has none (add a W block before the others)");
    }

    private static boolean touches(Operation o, long start, long end) {
        return o.kind() == Operation.Kind.TRUNCATE ? o.offset() < end : o.offset() < end && start < o.end();
    }

    /**
     * For a case the model calls SAFE: the operations in the order given, and each write's bytes (its pattern, and
     * zeros) in its blocks held until the next write's bytes landed — the R4 shape, the most a schedule can reorder
     * with one hold per write. Truncate, punch, fallocate and reads run in their place, unheld.
     */
    public static HoldPlan adversarial(List<Operation> ops, int blockSize) {
        List<Character> order = new ArrayList<>();
        List<Hold> holds = new ArrayList<>();
        for (int i = 0; i < ops.size(); i++) {
            char op = (char) ('A' + i);
            order.add(op);
            Operation o = ops.get(i);
            int n = i + 1;
            while (n < ops.size() && !ops.get(n).write()) {
                n++;
            }
            if (o.write() && n < ops.size()) {
                Operation next = ops.get(n);
                long start = o.offset() / blockSize * blockSize;
                long end = (o.end() + blockSize - 1) / blockSize * blockSize;
                String nextPats = String.valueOf((char) ('A' + n));
                holds.add(new Hold("h" + holds.size(), op, o.buffered() ? "writeback" : "data", start, end,
                        String.valueOf(op), next.offset(), next.end(), nextPats, (char) 0));
                holds.add(new Hold("h" + holds.size(), op, "zero", start, end, "0", next.offset(), next.end(), nextPats,
                        (char) 0));
            }
        }
        return new HoldPlan(List.copyOf(order), List.copyOf(holds), true,
                "adversarial: every write's bytes held until the next write's landed", Optional.empty());
    }

    /**
     * The helper's steps: each operation in order (aio-dio through {@code api}), releases after the writes they wait
     * for; the gated operations queued behind the gate in their lock order, then the gate let go.
     */
    public List<String> helperSteps(List<Operation> ops, String api) {
        List<String> steps = new ArrayList<>();
        boolean gateIssued = false;
        for (char op : order) {
            Operation o = ops.get(op - 'A');
            if (gate.isPresent() && gate.get().ops().contains(op)) {
                if (!gateIssued) {
                    steps.addAll(gateSteps(ops, gate.get()));
                    gateIssued = true;
                }
                continue;
            }
            if (inBackground(o, op)) {
                steps.add("bg");
                steps.addAll(step(o, op, api));
                steps.addAll(List.of("sleep", Integer.toString(BACKGROUND_START_MILLIS)));
                continue;
            }
            steps.addAll(step(o, op, api));
            if (o.fsync()) {
                steps.add("fsync");
            }
            if (holds.stream().anyMatch(h -> h.releaseAfter() == op)) {
                steps.add("release");
            }
        }
        steps.add("join");
        steps.add("reap");
        return steps;
    }

    private List<String> gateSteps(List<Operation> ops, Gate g) {
        String off = Long.toString(g.offset());
        String len = Long.toString(g.length());
        String pause = Integer.toString(BACKGROUND_START_MILLIS);
        List<String> steps = new ArrayList<>(List.of("aio", "o", off, len, "bg", "falloc-keep", "o", off, len, "sleep", pause));
        for (char op : g.ops()) {
            steps.add("bg");
            steps.addAll(step(ops.get(op - 'A'), op, "aio")); // io_uring's queue is one thread's
            steps.addAll(List.of("sleep", pause));
        }
        steps.addAll(List.of("release", "join"));
        return steps;
    }

    /** One operation as the helper's {@code KIND X OFF LEN}. */
    private static List<String> step(Operation o, char op, String api) {
        String kind = switch (o.kind()) {
            case AIO_DIO -> api;
            case DIO -> "dio";
            case BUFFERED -> "buf";
            case TRUNCATE -> "truncate";
            case PUNCH -> "punch";
            case FALLOCATE -> "falloc";
            case DIO_READ -> "dread";
            case AIO_DIO_READ -> api + "-read";
            case BUFFERED_READ -> "bread";
        };
        return List.of(kind, String.valueOf(op), Long.toString(o.offset()), Long.toString(o.length()));
    }

    /**
     * A synchronous direct write that another operation follows runs in a thread of its own: in the kernel it sleeps
     * in {@code iomap_dio_rw} with its lock held while its bios are in flight, and the schedule may run the next
     * operation then. Issued inline, the helper would block in {@code pwrite} until the held bio timed out, and the
     * next operation could only start after it completed (the replay of such a schedule was INTACT by construction).
     * Not when a hold waits for this write to return (its release step follows the write) or it is the last one.
     */
    private boolean inBackground(Operation o, char op) {
        return o.kind() == Operation.Kind.DIO && !o.fsync() && order.indexOf(op) < order.size() - 1
                && holds.stream().noneMatch(h -> h.releaseAfter() == op);
    }

    /**
     * What identifies a writeback page on the disk: the writer's own pattern when the page carries it (other
     * operations' bytes in it landed on their own before), otherwise every letter of the page.
     */
    private static String pagePats(char op, String page) {
        String p = page == null ? "" : page;
        if (p.indexOf(op) >= 0) {
            return String.valueOf(op);
        }
        Set<Character> all = new LinkedHashSet<>();
        for (char c : p.toCharArray()) {
            all.add(c);
        }
        StringBuilder b = new StringBuilder();
        all.forEach(b::append);
        return b.toString();
    }

    /** nomerges=2 is needed when an operation has a bio held and another not: merged, they would be held together. */
    private static boolean splitsAnOperation(List<Object> parsed, List<Hold> holds) {
        for (Object p : parsed) {
            if (p instanceof Done d && holds.stream().anyMatch(h -> h.op() == d.op())
                    && holds.stream().noneMatch(h -> h.op() == d.op() && h.start() == d.start() && h.what().equals(d.what()))) {
                return true;
            }
        }
        return false;
    }
}
