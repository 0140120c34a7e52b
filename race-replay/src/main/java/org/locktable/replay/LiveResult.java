package org.locktable.replay;

import java.util.List;

/**
 * One live replay: CORRUPTED (bytes no serial order explains) or INTACT, the file read back after umount + mount (a
 * character per 512-byte sector), the device's write log over the file's blocks in the order writes landed, the
 * holds and how each ended ({@code until}, {@code release}, or {@code timeout}: the writer waited for its own held
 * write, so the kernel did not let the schedule happen), what each read returned ({@code C: 4096 bytes BBBB0000}), and
 * the helper's lines (each syscall's result).
 */
public record LiveResult(String fileSystem, boolean corrupted, long size, String contents, List<long[]> badRanges,
        List<String> reads, List<String> writeLog, int otherWrites, List<String> holds, List<String> helper, boolean nomerges) {

    public static final String CORRUPTED = "CORRUPTED";
    public static final String INTACT = "INTACT";
    public static final String NOT_RUN = "NOT_RUN";

    public String word() {
        return corrupted ? CORRUPTED : INTACT;
    }

    /** How many held writes were let go by their timeout rather than by the write they waited for. */
    public long timeouts() {
        return writeLog.stream().filter(l -> l.endsWith(" timeout")).count();
    }

    /** The text report: verdict, contents, holds, the write log. */
    public String text() {
        StringBuilder b = new StringBuilder();
        b.append("live on ").append(fileSystem).append(": ").append(word());
        if (corrupted) {
            b.append(" — bad bytes ").append(LiveCriterion.text(badRanges));
        }
        b.append("\nread back after umount + mount, a letter per 512-byte sector: ").append(contents)
                .append(" (i_size ").append(size).append(")\n");
        if (!reads.isEmpty()) {
            b.append("the reads returned, a letter per 512-byte sector:\n");
            reads.forEach(r -> b.append("  ").append(r).append('\n'));
        }
        b.append("held back (nomerges=").append(nomerges ? 2 : 0).append("):").append(holds.isEmpty() ? " nothing" : "")
                .append('\n');
        holds.forEach(h -> b.append("  ").append(h).append('\n'));
        b.append("helper:\n");
        helper.forEach(h -> b.append("  ").append(h).append('\n'));
        b.append("write log, the file's blocks in the order writes landed (file offset+length, a letter per sector):\n");
        writeLog.forEach(w -> b.append("  ").append(w).append('\n'));
        b.append("  (and ").append(otherWrites).append(" writes elsewhere: journal and metadata)\n");
        return b.toString();
    }
}
