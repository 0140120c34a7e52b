package org.locktable.replay;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.locktable.concurrency.Operation;
import org.locktable.concurrency.SerialCriterion;
import org.locktable.engine.model.BlockState;
import org.locktable.engine.model.Inode;
import org.locktable.rig.FileMap;

/**
 * One race replayed on the real kernel below a {@link ReorderDevice}: the layout built with O_DIRECT writes,
 * fallocate and ftruncate, fsync, then umount + mount (the page cache is empty and the inode read in afresh); FIEMAP
 * maps the plan's holds to the disk; the helper issues the operations in the plan's order; umount + mount, an
 * O_DIRECT read, and the model's criterion ({@link SerialCriterion}) on the file and on what each read returned, with
 * the device's write log of the run.
 */
public final class Replay {
    private static final Pattern WRITE = Pattern.compile("write (\\d+)\\+(\\d+) (\\S+)(.*)");
    private static final Pattern TIMED = Pattern.compile("((?:bg )?\\S+ \\S+ rc=-?\\d+) us=(\\d+)(.*)");
    private static final Pattern READ = Pattern.compile("(?:bg )?(?:dread|bread|reaped) [A-D] rc=(-?\\d+) us=\\d+ data=(\\S*)");
    /** Any offset: a write whose block is allocated during the run has no disk address before it. */
    private static final long ANYWHERE = 1L << 50;

    private final ReplayDevice device;
    private int cases;

    public Replay(ReplayDevice device) {
        this.device = device;
    }

    /** Runs {@code ops} on a new file of {@code inode}'s layout and size, following {@code plan}; aio-dio through {@code api} ("aio" or "uring"). */
    public LiveResult run(Inode inode, List<Operation> ops, HoldPlan plan, String api) throws IOException {
        Path file = device.mountPoint().resolve("race" + cases++);
        try {
            return runOn(file, inode, ops, plan, api);
        } finally {
            device.delete(file);
        }
    }

    private LiveResult runOn(Path file, Inode inode, List<Operation> ops, HoldPlan plan, String api) throws IOException {
        String layout = letters(inode);
        device.ltrun(List.of("build", file.toString(), Long.toString(inode.size()), Integer.toString(inode.blockSize()), layout));
        device.remount();
        primeNosec(file, layout, inode.blockSize());
        FileMap map = device.fileMap(file);
        verify(map, layout, inode.blockSize());
        device.nomerges(plan.nomerges() ? 2 : 0);
        long mark = device.logMark();
        device.command("mark start " + file.getFileName());
        List<String> holds = new ArrayList<>();
        for (HoldPlan.Hold h : plan.holds()) {
            long[] at = physical(map, h.start(), h.end(), h.pats());
            if (at == null) {
                holds.add(h.id() + " not held: " + h.describe() + " (its block is allocated during the run)");
                continue;
            }
            String rule = "hold " + h.id() + " " + at[0] + " " + at[1] + " " + h.pats() + " ";
            if (h.byRelease()) {
                rule += "release " + (h.what().equals("gate") ? HoldPlan.GATE_TIMEOUT_MILLIS : HoldPlan.TIMEOUT_MILLIS);
            } else {
                long[] until = physical(map, h.untilStart(), h.untilEnd(), h.untilPats());
                until = until != null ? until : new long[] {0, ANYWHERE};
                rule += "until " + until[0] + " " + until[1] + " " + h.untilPats() + " " + HoldPlan.TIMEOUT_MILLIS;
            }
            device.command(rule);
            holds.add(h.id() + ": " + h.describe());
        }
        List<String> run = new ArrayList<>(List.of("run", file.toString(), device.ctl().toString()));
        run.addAll(plan.helperSteps(ops, api));
        List<String> out;
        try {
            out = device.ltrun(run);
        } finally {
            device.command("clear");
            device.command("mark end");
        }
        device.remount();
        String[] read = device.ltrun(List.of("read", file.toString())).get(0).split(" ");
        long size = Long.parseLong(read[1]);
        String contents = read.length > 2 ? read[2] : "";
        List<String> log = new ArrayList<>();
        int others = translate(device.logSince(mark), device.fileMap(file), log);
        SerialCriterion criterion = new SerialCriterion(inode, ops);
        List<long[]> fileBad = criterion.badFile(size, contents);
        List<List<long[]>> readBad = new ArrayList<>();
        List<String> reads = new ArrayList<>();
        for (int r = 0; r < ops.size(); r++) {
            if (ops.get(r).read()) {
                char who = (char) ('A' + r);
                Matcher m = readResult(out, who);
                long length = m == null ? -1 : Long.parseLong(m.group(1));
                String bytes = m == null ? "" : m.group(2);
                List<long[]> bad = criterion.badRead(r, Math.max(0, length), bytes);
                readBad.add(bad);
                reads.add(who + ": " + (m == null ? "no result" : length < 0 ? "failed (" + length + ")"
                        : length + " bytes " + bytes) + (bad.isEmpty() ? "" : " — bad bytes " + LiveCriterion.text(bad)));
            }
        }
        List<long[]> bad = SerialCriterion.joined(fileBad, readBad);
        return new LiveResult(device.type(), !bad.isEmpty(), size, contents, bad, reads, log, others, holds,
                describe(out), plan.nomerges());
    }

    /** The helper's line of read {@code who}'s result: {@code dread C rc=4096 us=80 data=BBBB0000}, or its reaped line. */
    private static Matcher readResult(List<String> out, char who) {
        for (String line : out) {
            Matcher m = READ.matcher(line);
            if (m.matches() && m.group(0).contains(" " + who + " rc=")) {
                return m;
            }
        }
        return null;
    }

    /**
     * A probe: a new file of {@code inode}'s layout built and remounted as for a race, {@code rules} sent to the
     * device, the helper's {@code steps} run (S_NOSEC primed only when the inode has it: freshly mounted, it has not);
     * returns the helper's lines with their durations ({@code us=}).
     */
    public List<String> probe(Inode inode, List<String> rules, List<String> steps) throws IOException {
        Path file = device.mountPoint().resolve("probe" + cases++);
        try {
            String layout = letters(inode);
            device.ltrun(List.of("build", file.toString(), Long.toString(inode.size()), Integer.toString(inode.blockSize()), layout));
            device.remount();
            if (inode.nosec()) {
                primeNosec(file, layout, inode.blockSize());
            }
            verify(device.fileMap(file), layout, inode.blockSize());
            device.nomerges(0);
            for (String rule : rules) {
                device.command(rule);
            }
            List<String> run = new ArrayList<>(List.of("run", file.toString(), device.ctl().toString()));
            run.addAll(steps);
            try {
                return device.ltrun(run);
            } finally {
                device.command("clear");
            }
        } finally {
            device.delete(file);
        }
    }

    /**
     * The inode is read in afresh after mount without S_NOSEC, and ext4_dio_write_checks / xfs_file_write_checks
     * then take the lock exclusively once; a write path's file_modified sets it again, and so does fallocate's
     * (KEEP_SIZE over an allocated block allocates nothing): the engine decides for an inode that has it.
     */
    private void primeNosec(Path file, String layout, int bs) throws IOException {
        int b = layout.indexOf('W') >= 0 ? layout.indexOf('W') : layout.indexOf('U');
        if (b >= 0) {
            device.xfsIo("falloc -k " + (long) b * bs + " " + bs, file);
        }
    }

    private static String letters(Inode inode) {
        StringBuilder b = new StringBuilder();
        for (long i = 0; i < inode.layout().blocks(); i++) {
            BlockState s = inode.layout().stateAt(i);
            switch (s) {
                case WRITTEN -> b.append('W');
                case UNWRITTEN -> b.append('U');
                case HOLE -> b.append('H');
                default -> throw new IllegalArgumentException("the live replay builds H, U and W blocks, not " + s);
            }
        }
        return b.toString();
    }

    private static void verify(FileMap map, String layout, int bs) throws IOException {
        StringBuilder seen = new StringBuilder();
        for (int b = 0; b < layout.length(); b++) {
            char c = 'H';
            for (FileMap.Extent e : map.extents()) {
                if (e.logical() <= (long) b * bs && (long) (b + 1) * bs <= e.logicalEnd()) {
                    c = e.unwritten() ? 'U' : 'W';
                }
            }
            seen.append(c);
        }
        if (!seen.toString().equals(layout)) {
            throw new IOException("the file was built as " + seen + ", not " + layout + " (FIEMAP: " + map + ")");
        }
    }

    /** The disk range {@code [start, start+len)} of the file's {@code [from, to)}, or null when not allocated. */
    private static long[] physical(FileMap map, long from, long to, String pats) {
        for (FileMap.Extent e : map.extents()) {
            if (e.logical() <= from && from < e.logicalEnd()) {
                return new long[] {e.physical() + from - e.logical(), Math.min(to, e.logicalEnd()) - from};
            }
        }
        // an operation's pattern is found nowhere else on the disk: match it anywhere; zeros are everywhere
        return pats.chars().allMatch(c -> c >= 'A' && c <= 'D') ? new long[] {0, ANYWHERE} : null;
    }

    /** The log's writes over the file's blocks as file offsets, in order; returns how many went elsewhere. */
    private static int translate(List<String> lines, FileMap map, List<String> out) {
        int others = 0;
        for (String line : lines) {
            if (line.startsWith("mark end")) {
                break;
            }
            Matcher m = WRITE.matcher(line);
            if (!m.matches()) {
                continue;
            }
            long off = Long.parseLong(m.group(1));
            long len = Long.parseLong(m.group(2));
            String logical = null;
            for (FileMap.Extent e : map.extents()) {
                if (e.physical() <= off && off < e.physicalEnd()) {
                    logical = (e.logical() + off - e.physical()) + "+" + len;
                }
            }
            if (logical == null) {
                others++;
            } else {
                out.add(logical + " " + m.group(3) + m.group(4));
            }
        }
        return others;
    }

    /** The helper's lines without their durations, a call that took the hold's timeout marked as waiting for it. */
    private static List<String> describe(List<String> out) {
        List<String> lines = new ArrayList<>();
        for (String line : out) {
            Matcher m = TIMED.matcher(line);
            if (m.matches()) {
                boolean waited = Long.parseLong(m.group(2)) >= HoldPlan.TIMEOUT_MILLIS * 900L;
                lines.add(m.group(1) + m.group(3) + (waited ? " (returned only when a held write was let go)" : ""));
            } else if (!line.equals("OK")) {
                lines.add(line);
            }
        }
        return lines;
    }
}
