package org.locktable.replay;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.locktable.concurrency.Operation;
import org.locktable.engine.decision.Completion;
import org.locktable.engine.decision.Decision;
import org.locktable.engine.decision.Detail;
import org.locktable.engine.decision.Lock;
import org.locktable.engine.model.Inode;
import org.locktable.engine.policy.Policy;

/**
 * Grades a decision's final lock, drain and FORCE_WAIT on the kernel by what waits while the reordering device
 * holds a write back (issue 11 item 10), for an async direct write W:
 * <ul>
 * <li>forceWait: W's own writes held; W's {@code io_submit} returns only when they are let go iff W waits
 *     (FORCE_WAIT, {@code Completion.WAITED});
 * <li>drain: an earlier aligned AIO overwrite B of another written block queued with its write held; W's
 *     {@code io_submit} waits for it iff W drains ({@code inode_dio_wait});
 * <li>finalLock: a sync aligned overwrite B of another written block, in a thread, holding the lock shared while
 *     its write is held; W waits iff W locks exclusively (graded only when W does not drain, which waits too).
 * </ul>
 */
public final class LockProbe {
    /** How long the device holds a probe's write; a call that takes {@link #WAITED_MILLIS} or more waited for it. */
    static final int HOLD_MILLIS = 400;
    static final int WAITED_MILLIS = 250;
    private static final long ANYWHERE = 1L << 50;
    private static final Pattern LINE = Pattern.compile("(\\S+) (\\S) rc=(-?\\d+) us=(\\d+)");

    /** One field graded: what the engine says, what the kernel did, or why it could not be graded. */
    public record Grade(String field, String engine, String live, String note) {
        public boolean graded() {
            return note.isEmpty();
        }

        public boolean agrees() {
            return graded() && engine.equals(live);
        }
    }

    /** A case and its three grades. */
    public record Result(String policy, String layout, long size, Operation write, List<Grade> grades) {
        public String describe() {
            return layout + " @" + size + ": " + write;
        }
    }

    private LockProbe() {
    }

    /** Probes {@code write} (aio-dio) on {@code inode} under {@code policy}, on its file system. */
    public static Result probe(LiveRig rig, Policy policy, Inode inode, Operation write) throws IOException {
        String fs = RaceRig.fileSystem(policy);
        Decision d = policy.decide(inode, write.request(), Detail.LOCK);
        List<Grade> grades = new ArrayList<>();
        List<String> aio = List.of("aio", "A", Long.toString(write.offset()), Long.toString(write.length()));

        List<String> steps = new ArrayList<>(aio);
        steps.addAll(List.of("release", "reap"));
        long usA = micros(rig.probe(fs, inode, List.of(hold("f", "A")), steps), "aio");
        grades.add(new Grade("forceWait", yes(d.completion() == Completion.WAITED), yes(usA >= WAITED_MILLIS * 1000L), ""));

        Optional<Long> other = LockProbeSample.otherWrittenBlock(inode, write.offset(), write.end());
        if (!inode.nosec()) {
            String why = "without IS_NOSEC: the earlier write's file_remove_privs would set it before W";
            grades.add(new Grade("drain", yes(d.drain()), "-", why));
            grades.add(new Grade("finalLock", d.finalLock().letter(), "-", why));
            return new Result(policy.id(), inode.layout().toString(), inode.size(), write, grades);
        }
        if (other.isEmpty()) {
            grades.add(new Grade("drain", yes(d.drain()), "-", "no other written block inside i_size"));
            grades.add(new Grade("finalLock", d.finalLock().letter(), "-", "no other written block inside i_size"));
            return new Result(policy.id(), inode.layout().toString(), inode.size(), write, grades);
        }
        String ob = Long.toString(other.get() * inode.blockSize());
        String bs = Integer.toString(inode.blockSize());
        steps = new ArrayList<>(List.of("aio", "B", ob, bs));
        steps.addAll(aio);
        steps.addAll(List.of("release", "reap"));
        List<String> out = rig.probe(fs, inode, List.of(hold("d", "B")), steps);
        if (micros(out, "aio", 'B') >= WAITED_MILLIS * 1000L) {
            grades.add(new Grade("drain", yes(d.drain()), "-", "the earlier overwrite itself waited"));
        } else {
            grades.add(new Grade("drain", yes(d.drain()), yes(micros(out, "aio", 'A') >= WAITED_MILLIS * 1000L), ""));
        }

        steps = new ArrayList<>(List.of("bg", "dio", "B", ob, bs, "sleep", "100"));
        steps.addAll(aio);
        steps.addAll(List.of("release", "join", "reap"));
        long waited = micros(rig.probe(fs, inode, List.of(hold("q", "B")), steps), "aio", 'A');
        if (d.drain()) {
            grades.add(new Grade("finalLock", d.finalLock().letter(), waited >= (WAITED_MILLIS - 100) * 1000L ? "X or drain"
                    : "S", "a draining write waits for the holder's write either way"));
        } else {
            grades.add(new Grade("finalLock", d.finalLock().letter(),
                    waited >= (WAITED_MILLIS - 100) * 1000L ? Lock.EXCLUSIVE.letter() : Lock.SHARED.letter(), ""));
        }
        return new Result(policy.id(), inode.layout().toString(), inode.size(), write, grades);
    }

    private static String hold(String id, String letter) {
        return "hold " + id + " 0 " + ANYWHERE + " " + letter + " release " + HOLD_MILLIS;
    }

    private static String yes(boolean b) {
        return b ? "yes" : "no";
    }

    private static long micros(List<String> lines, String step) {
        return micros(lines, step, 'A');
    }

    private static long micros(List<String> lines, String step, char who) {
        for (String line : lines) {
            Matcher m = LINE.matcher(line);
            if (m.matches() && m.group(1).equals(step) && m.group(2).charAt(0) == who) {
                return Long.parseLong(m.group(4));
            }
        }
        throw new IllegalStateException("the helper printed no " + step + " " + who + " line: " + lines);
    }
}
