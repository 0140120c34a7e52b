package org.locktable.timing.sim;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.function.IntConsumer;

/**
 * O_DSYNC buffered writes to one page, by several jobs: {@code generic_write_sync} → {@code vfs_fsync_range} →
 * {@code file_write_and_wait_range} writes the range back with {@code WB_SYNC_ALL}, and a folio already under
 * writeback is waited for before it is written again ({@code writeback_iter} → {@code folio_prepare_writeback} →
 * {@code folio_wait_writeback}, mm/page-writeback.c; {@code write_cache_pages} before v6.10). So a page has at most
 * one write in flight; the writers who copied into it meanwhile wait for that write, and the first of them to get
 * the folio lock afterwards writes it once for all of them (their copies are all in the page by then). Each page is
 * a batch server, as a log's group commit is. A write whose ioend converts the page's blocks ends its writeback only
 * after that transaction (the simulator calls {@link #written} then), so the writers behind it meet written blocks.
 *
 * <p>A write is keyed by the page of its first byte (the seed workloads' O_DSYNC writes are one aligned 4 KiB page);
 * a write over several pages waits only for its first. Only pages with a write in flight are held.
 */
final class PageWriteback {
    /** One page's write in flight and the writers waiting for the next. */
    private static final class Page {
        final long key;
        int[] carried = new int[4];
        int carriedCount;
        int[] waiting = new int[4];
        int waitingCount;

        Page(long key) {
            this.key = key;
        }
    }

    private final int pageBits;
    private final Map<Long, Page> pages = new HashMap<>();
    /** Per slot: the page whose write it leads, while that write is in flight. */
    private final Page[] leading;

    PageWriteback(int slots, int pageBits) {
        this.leading = new Page[slots];
        this.pageBits = pageBits;
    }

    /**
     * Slot {@code s}'s copy into {@code file}'s page at {@code offset} is done and it syncs: it leads a write now
     * ({@code send} is called for it), or waits for the page's write in flight and goes out in the next.
     */
    void sync(int s, int file, long offset, IntConsumer send) {
        long key = (long) file << 44 | offset >>> pageBits;
        Page p = pages.get(key);
        if (p != null) {
            p.waiting = add(p.waiting, p.waitingCount++, s);
            return;
        }
        p = new Page(key);
        pages.put(key, p);
        p.carried[p.carriedCount++] = s;
        leading[s] = p;
        send.accept(s);
    }

    /**
     * The write slot {@code leader} sent is done: {@code done} is called for every writer it carried, then the
     * waiting writers' write is sent ({@code send}, for the first of them), or the page is idle.
     */
    void written(int leader, IntConsumer done, IntConsumer send) {
        Page p = leading[leader];
        leading[leader] = null;
        int[] carried = Arrays.copyOf(p.carried, p.carriedCount);
        if (p.waitingCount > 0) {
            int[] swap = p.carried;
            p.carried = p.waiting;
            p.carriedCount = p.waitingCount;
            p.waiting = swap;
            p.waitingCount = 0;
            leading[p.carried[0]] = p;
            send.accept(p.carried[0]);
        } else {
            pages.remove(p.key);
        }
        for (int c : carried) {
            done.accept(c);
        }
    }

    /** Whether slot {@code s} leads a page's write in flight. */
    boolean leads(int s) {
        return leading[s] != null;
    }

    private static int[] add(int[] a, int at, int v) {
        int[] out = at < a.length ? a : Arrays.copyOf(a, a.length * 2);
        out[at] = v;
        return out;
    }
}
