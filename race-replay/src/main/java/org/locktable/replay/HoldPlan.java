package org.locktable.replay;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.locktable.concurrency.Operation;

/**
 * What the reordering device must hold back, and in which order the helper issues the operations, so that the
 * kernel follows a schedule: a bio whose completion the schedule puts after another operation's bio (both in flight
 * at once) is held until that bio has landed; one it puts after another operation's copy into the page cache is held
 * until that operation's write returned. Ranges are the file's byte offsets; the replay maps them to the disk.
 */
public record HoldPlan(List<Character> order, List<Hold> holds, boolean nomerges, String source) {
    /** How long a held write waits at most: a writer that waits for its own held write (sync, FORCE_WAIT) goes on. */
    public static final int TIMEOUT_MILLIS = 500;
    /** How long a synchronous writer run in the background is given to take its lock and submit its bios. */
    static final int BACKGROUND_START_MILLIS = 100;
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
            return what + " [" + start + "," + end + ") of " + op + " until " + (byRelease() ? releaseAfter
                    + "'s write returned" : "a write of " + untilPats + " over [" + untilStart + "," + untilEnd + ") landed");
        }
    }

    private record Done(char op, String what, long start, long end, String pats) {
    }

    /** The plan that makes the kernel follow a model counterexample's schedule ({@code Counterexample.steps()}). */
    public static HoldPlan following(List<Operation> ops, List<String> steps) {
        List<Character> order = new ArrayList<>();
        List<Hold> holds = new ArrayList<>();
        int[] submitAt = new int[ops.size()];
        java.util.Arrays.fill(submitAt, -1);
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
            }
            Matcher b = BIO_DONE.matcher(label);
            if (b.matches()) {
                String what = b.group(1);
                String pats = what.equals("data") ? String.valueOf(op) : what.startsWith("zero") ? "0" : pagePats(op, b.group(4));
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
        return new HoldPlan(List.copyOf(order), List.copyOf(holds), splitsAnOperation(parsed, holds),
                "the model's shortest counterexample");
    }

    /**
     * For a case the model calls SAFE: the operations in the order given, and each one's writes (its pattern, and
     * zeros) in its blocks held until the next operation's bytes landed — the R4 shape, the most a schedule can
     * reorder with one hold per write.
     */
    public static HoldPlan adversarial(List<Operation> ops, int blockSize) {
        List<Character> order = new ArrayList<>();
        List<Hold> holds = new ArrayList<>();
        for (int i = 0; i < ops.size(); i++) {
            char op = (char) ('A' + i);
            order.add(op);
            if (i + 1 < ops.size()) {
                Operation o = ops.get(i);
                Operation next = ops.get(i + 1);
                long start = o.offset() / blockSize * blockSize;
                long end = (o.end() + blockSize - 1) / blockSize * blockSize;
                String nextPats = String.valueOf((char) (op + 1));
                holds.add(new Hold("h" + holds.size(), op, o.buffered() ? "writeback" : "data", start, end,
                        String.valueOf(op), next.offset(), next.end(), nextPats, (char) 0));
                holds.add(new Hold("h" + holds.size(), op, "zero", start, end, "0", next.offset(), next.end(), nextPats,
                        (char) 0));
            }
        }
        return new HoldPlan(List.copyOf(order), List.copyOf(holds), true,
                "adversarial: every operation's writes held until the next one's landed");
    }

    /** Whether the live replay runs operations of this kind: writes; truncate, punch and fallocate are modelled only. */
    public static boolean replays(Operation.Kind kind) {
        return switch (kind) {
            case AIO_DIO, DIO, BUFFERED -> true;
            case TRUNCATE, PUNCH, FALLOCATE, DIO_READ, AIO_DIO_READ, BUFFERED_READ -> false;
        };
    }

    /** The helper's steps: each operation in order (aio-dio through {@code api}), releases after the writes they wait for. */
    public List<String> helperSteps(List<Operation> ops, String api) {
        List<String> steps = new ArrayList<>();
        for (char op : order) {
            Operation o = ops.get(op - 'A');
            if (inBackground(o, op)) {
                steps.addAll(List.of("bg", "dio", String.valueOf(op), Long.toString(o.offset()), Long.toString(o.length()),
                        "sleep", Integer.toString(BACKGROUND_START_MILLIS)));
                continue;
            }
            String kind = switch (o.kind()) {
                case AIO_DIO -> api;
                case DIO -> "dio";
                case BUFFERED -> "buf";
                case TRUNCATE, PUNCH, FALLOCATE, DIO_READ, AIO_DIO_READ, BUFFERED_READ -> throw new IllegalArgumentException(
                        "the live replay runs direct and buffered writes, not " + o.kind().word());
            };
            steps.addAll(List.of(kind, String.valueOf(op), Long.toString(o.offset()), Long.toString(o.length())));
            if (o.fsync()) {
                steps.add("fsync");
            }
            if (holds.stream().anyMatch(h -> h.releaseAfter() == op)) {
                steps.add("release");
            }
        }
        steps.add("reap");
        steps.add("join");
        return steps;
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
