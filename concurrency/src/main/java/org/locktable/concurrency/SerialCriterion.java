package org.locktable.concurrency;

import java.util.ArrayList;
import java.util.List;

import org.locktable.engine.model.Inode;

/**
 * The model's correctness criterion ({@link SerialOracle}) for what was seen outside the model — a file read back from
 * a kernel after a live replay, and what each of its reads returned — so that a live verdict and the model's are the
 * same test. Bytes come as a character per 512-byte sector: {@code A}..{@code D} an operation's pattern, {@code o} the
 * layout's original bytes, {@code 0} zeros, anything else bytes no operation wrote (stale).
 */
public final class SerialCriterion {
    private final FileState initial;
    private final SerialOracle oracle;

    public SerialCriterion(Inode before, List<Operation> ops) {
        this.initial = FileState.initial(before, ops);
        this.oracle = new SerialOracle(initial, ops);
    }

    /** The byte ranges of a file of {@code size} bytes holding {@code sectors} that no serial order explains. */
    public List<long[]> badFile(long size, String sectors) {
        return oracle.badRanges(FileState.readBack(initial, size, values(sectors)));
    }

    /** The byte ranges of what read {@code op} returned — {@code length} bytes holding {@code sectors} — that no serial position gives it. */
    public List<long[]> badRead(int op, long length, String sectors) {
        return oracle.badRead(op, length, values(sectors));
    }

    /** The file's bad ranges and every read's, joined. */
    public static List<long[]> joined(List<long[]> file, List<List<long[]>> reads) {
        List<long[]> all = new ArrayList<>(file);
        reads.forEach(all::addAll);
        return SerialOracle.merged(all);
    }

    private static byte[] values(String sectors) {
        byte[] v = new byte[sectors.length()];
        for (int s = 0; s < v.length; s++) {
            char c = sectors.charAt(s);
            v[s] = c == 'o' ? Sector.ORIGINAL : c == '0' ? Sector.ZERO : c >= 'A' && c <= 'D' ? Sector.of(c - 'A') : Sector.STALE;
        }
        return v;
    }
}
