package org.locktable.engine.table;

import org.locktable.engine.model.BlockState;
import org.locktable.engine.model.Inode;
import org.locktable.engine.model.Layout;
import org.locktable.engine.model.WriteRequest;

/**
 * Classifies a case into the condition columns ({@link Column}) and packs the values into one int code
 * (mixed radix, column order), so tables can index and compare conditions cheaply.
 */
public final class Conditions {
    private Conditions() {
    }

    /** The code of a value tuple; {@code values[i]} indexes {@code Column.ALL[i].domain()}. */
    public static int encode(int[] values) {
        int code = 0;
        for (int i = 0; i < Column.ALL.length; i++) {
            code = code * Column.ALL[i].size() + values[i];
        }
        return code;
    }

    public static int[] decode(int code) {
        int[] values = new int[Column.ALL.length];
        for (int i = Column.ALL.length - 1; i >= 0; i--) {
            values[i] = code % Column.ALL[i].size();
            code /= Column.ALL[i].size();
        }
        return values;
    }

    /** The condition code of one case, packed in column order without an intermediate array. */
    public static int of(Inode inode, WriteRequest req) {
        Layout layout = inode.layout();
        int bits = inode.blockBits();
        long mask = inode.blockSize() - 1L;
        long pos = req.offset();
        long end = req.end();
        long first = pos >>> bits;
        long last = (end - 1) >>> bits;
        boolean head = (pos & mask) != 0;
        boolean tail = (end & mask) != 0;
        int alignment = !head && !tail ? 0 : first == last && head && tail ? 4 : head && tail ? 3 : head ? 1 : 2;
        int code = alignment;
        code = code * 3 + stateIndex(layout.stateAt(first));
        code = code * 3 + stateIndex(layout.stateAt(last));
        code = code * 8 + middle(layout, first, last);
        code = code * 3 + Math.min(records(layout, first, last), 3) - 1;
        code = code * 6 + eof(inode.size(), pos, end, mask);
        code = code * 2 + (inode.nosec() ? 0 : 1);
        code = code * 2 + (req.nowait() ? 1 : 0);
        return code * 2 + (req.async() ? 1 : 0);
    }

    private static int stateIndex(BlockState s) {
        switch (s) {
            case UNWRITTEN:
                return 1;
            case WRITTEN:
                return 2;
            default:
                return 0; // holes and delalloc reservations: nothing allocated
        }
    }

    /** Bit set H=1, U=2, W=4 of the states strictly between {@code first} and {@code last}. */
    private static int middle(Layout layout, long first, long last) {
        int bitsSeen = 0;
        long b = first + 1;
        while (b < last) {
            int i = layout.recordIndexAt(b);
            if (i < 0 || layout.recordState(i) == BlockState.DELALLOC) {
                bitsSeen |= 1;
                b = i < 0 ? layout.nextRecordStart(b) : layout.recordEnd(i);
            } else {
                bitsSeen |= layout.recordState(i) == BlockState.UNWRITTEN ? 2 : 4;
                b = layout.recordEnd(i);
            }
        }
        return bitsSeen;
    }

    private static int records(Layout layout, long first, long last) {
        int n = 0;
        long b = first;
        while (b <= last && n < 3) {
            int i = layout.recordIndexAt(b);
            b = i < 0 ? layout.nextRecordStart(b) : layout.recordEnd(i);
            n++;
        }
        return n;
    }

    /** The {@link Column#EOF} value (its domain index) of a write {@code [pos, end)} against {@code size}. */
    public static int eofIndex(long size, long pos, long end, long blockSize) {
        return eof(size, pos, end, blockSize - 1);
    }

    private static int eof(long size, long pos, long end, long mask) {
        if (end < size) {
            return 0;
        }
        if (end == size) {
            return 1;
        }
        if (pos < size) {
            return 2;
        }
        if (pos == size) {
            return 3;
        }
        long roundedSize = (size + mask) & ~mask;
        return pos < roundedSize ? 4 : 5;
    }

    /** {@code head=W tail=U ...}: the tuple as text, for messages. */
    public static String describe(int code) {
        int[] v = decode(code);
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < v.length; i++) {
            if (i > 0) {
                s.append(' ');
            }
            s.append(Column.ALL[i].header()).append('=').append(Column.ALL[i].domain().get(v[i]));
        }
        return s.toString();
    }
}
