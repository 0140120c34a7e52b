package org.locktable.concurrency;

import java.util.ArrayList;
import java.util.List;
import org.locktable.engine.decision.Lock;

/** Draws a schedule with one lane per operation: the step it takes, and {@code S}/{@code X} while it holds the lock. */
final class Timeline {
    private static final int WIDTH = 58;

    private Timeline() {
    }

    static String draw(List<Operation> ops, World start, List<Step> schedule) {
        StringBuilder out = new StringBuilder();
        out.append(String.format("%3s", "#"));
        for (int i = 0; i < ops.size(); i++) {
            out.append("  ").append(pad(Lane.letter(i) + " = " + ops.get(i)));
        }
        out.append('\n');
        World w = start;
        int n = 1;
        for (Step s : schedule) {
            out.append(String.format("%3d", n++));
            for (int i = 0; i < ops.size(); i++) {
                Lock held = (i == s.op() ? s.next() : w).ops().get(i).held();
                String mark = held == Lock.NONE ? " " : held.letter();
                out.append("  ").append(mark).append(' ').append(pad(i == s.op() ? s.label() : ""));
            }
            out.append('\n');
            w = s.next();
        }
        return out.toString().replaceAll(" +\n", "\n");
    }

    static List<String> steps(List<Step> schedule) {
        List<String> lines = new ArrayList<>();
        for (Step s : schedule) {
            lines.add(Lane.letter(s.op()) + ": " + s.label());
        }
        return lines;
    }

    /** The file after the schedule, a letter per sector: A, B, ... an operation's bytes, 0 zeros, o original, ? stale. */
    static String contents(FileState file) {
        StringBuilder b = new StringBuilder();
        for (int s = 0; (long) s * Sector.SIZE < file.size(); s++) {
            b.append(letter(file.read(s)));
        }
        return b.toString();
    }

    static char letter(byte sector) {
        byte v = Sector.value(sector);
        return v == Sector.ZERO ? '0' : v == Sector.ORIGINAL ? 'o' : v == Sector.STALE ? '?' : Sector.name(v).charAt(0);
    }

    private static String pad(String s) {
        return s.length() >= WIDTH ? s : s + " ".repeat(WIDTH - s.length());
    }
}
