package org.locktable.engine.policy;

import java.util.ArrayList;
import java.util.List;

import org.locktable.engine.decision.MapType;
import org.locktable.engine.decision.Segment;
import org.locktable.engine.decision.Tx;
import org.locktable.engine.decision.TxKind;
import org.locktable.engine.decision.ZeroKind;
import org.locktable.engine.decision.ZeroRange;
import org.locktable.engine.model.Layout;

/**
 * fs/iomap/direct-io.c: {@code __iomap_dio_rw()} and {@code iomap_dio_bio_iter()} — the mapping loop and the
 * sub-block zeroing the lock decision protects (spec §3.2). Call it only for {@code Detail.FULL} decisions
 * ({@link DecisionBuilder#full()}), after {@link DecisionBuilder#markSubmitted()}: it records the segments and zero
 * ranges the concurrency oracle turns into data and zero bios.
 */
public final class IomapDio {
    private IomapDio() {
    }

    /** What the submission produced, for the caller's transaction codes. */
    public record Submission(List<Segment> segments, int transactions, boolean anyUnwritten) {
    }

    /** Maps {@code [from, to)} segment by segment with {@code begin}; zeroes as today's iomap DIO layer does. */
    public static Submission submit(DecisionBuilder b, IomapBegin begin, Layout layout, long from, long to) {
        return submit(b, begin, layout, from, to, DioZeroing.IOMAP);
    }

    /**
     * Maps {@code [from, to)} segment by segment with {@code begin} (the legacy engine's {@code get_block} maps the
     * same extents); zeroes partial blocks as {@code zeroing}'s engine does.
     */
    public static Submission submit(DecisionBuilder b, IomapBegin begin, Layout layout, long from, long to,
            DioZeroing zeroing) {
        List<Segment> segments = new ArrayList<>(2);
        List<ZeroRange> zeros = new ArrayList<>(2);
        long size = b.inode.size();
        long mask = b.blockMask;
        int transactions = 0;
        boolean anyUnwritten = false;
        long cur = from;
        while (cur < to) {
            Segment s = begin.begin(b, layout, cur, to);
            segments.add(s);
            if (s.transaction()) {
                transactions++;
            }
            boolean needZero = s.type() == MapType.UNWRITTEN || s.isNew()
                    || zeroing.blockAtOrBeyondEofIsNew && (s.start() & ~mask) >= size;
            anyUnwritten |= s.type() == MapType.UNWRITTEN;
            if (needZero && (s.start() & mask) != 0) {
                zeros.add(new ZeroRange(s.start() & ~mask, s.start(), ZeroKind.HEAD));
            }
            boolean lastBlockNew = needZero || zeroing.blockAtOrBeyondEofIsNew && ((s.end() - 1) & ~mask) >= size;
            if ((lastBlockNew || zeroing.zeroesTailBeyondEof && s.end() >= size) && (s.end() & mask) != 0) {
                zeros.add(new ZeroRange(s.end(), (s.end() | mask) + 1, lastBlockNew ? ZeroKind.TAIL : ZeroKind.EOF_TAIL));
            }
            cur = s.end();
        }
        b.submitted(List.copyOf(segments), List.copyOf(zeros));
        if (b.tracing()) {
            b.trace("iomap_dio_rw", "segments " + segments + (zeros.isEmpty() ? ", no sub-block zeroing" : ", zeroes " + zeros));
        }
        return new Submission(segments, transactions, anyUnwritten);
    }

    /** The bytes of {@code [size, pos)} that {@code xfs_zero_range} zeroes: written or delalloc-backed ones. */
    public static Tx xfsZeroEof(DecisionBuilder b) {
        long size = b.inode.size();
        long firstTouched = -1;
        long lastTouched = -1;
        Layout l = b.layout;
        long blk = size >>> b.bits;
        long lastBlk = (b.pos - 1) >>> b.bits;
        while (blk <= lastBlk) {
            int i = l.recordIndexAt(blk);
            if (i < 0) {
                blk = l.nextRecordStart(blk);
                continue;
            }
            long recEnd = l.recordEnd(i);
            if (l.recordState(i) != org.locktable.engine.model.BlockState.UNWRITTEN) {
                long s = Math.max(size, blk << b.bits);
                long e = Math.min(b.pos, recEnd << b.bits);
                if (firstTouched < 0) {
                    firstTouched = s;
                }
                lastTouched = e;
            }
            blk = recEnd;
        }
        return firstTouched < 0 ? Tx.range(TxKind.EOF_PAGECACHE_ZERO, size, size)
                : Tx.range(TxKind.EOF_PAGECACHE_ZERO, firstTouched, lastTouched);
    }
}
