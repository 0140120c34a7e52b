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
 * The first waiting writer holds the page's folio lock while it waits, so a copy into the page (under the inode's
 * IOLOCK_EXCL, for XFS) waits for that write too ({@link #locked}); it is asleep, so it sends the next write and
 * releases the lock only once it has been woken and runs ({@link #awake}).
 *
 * <p>A page is the kernel's smallest folio ({@code cost.pageBytes}, at least a block: 64 KiB on ppc64le, so sixteen
 * 4 KiB blocks share one writeback and one lock). A write is keyed by the page of its first byte (the seed workloads'
 * O_DSYNC writes are one aligned 4 KiB block); a write over several pages waits only for its first, and a batch's
 * device write is sized as its first writer's. Only pages with a write in flight are held.
 */
final class PageWriteback {
    /** One page's write in flight and the writers waiting for the next. */
    private static final class Page {
        final long key;
        int[] carried = new int[4];
        int carriedCount;
        int[] waiting = new int[4];
        int waitingCount;
        /** Writers whose copy into the page waits for its folio lock, held by the first waiting writer. */
        int[] copying = new int[4];
        int copyingCount;
        /** The next write's leader has been woken and still holds the folio lock until it has sent the write. */
        boolean waking;

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
        long key = key(file, offset);
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
     * Whether a copy into {@code file}'s page at {@code offset} has to wait for the folio lock: a writer waiting
     * for the page's write in flight holds it ({@code writeback_iter} takes the folio lock, then
     * {@code folio_prepare_writeback} → {@code folio_wait_writeback}), and a buffered write takes it to copy
     * ({@code iomap_write_begin} → {@code __filemap_get_folio} with {@code FGP_LOCK}).
     */
    boolean locked(int file, long offset) {
        Page p = pages.get(key(file, offset));
        return p != null && (p.waitingCount > 0 || p.waking);
    }

    /** Slot {@code s}'s copy into a {@link #locked} page waits until the page's write in flight is done. */
    void waitForLock(int s, int file, long offset) {
        Page p = pages.get(key(file, offset));
        p.copying = add(p.copying, p.copyingCount++, s);
    }

    /**
     * The write slot {@code leader} sent is done: the first of the waiting writers is woken ({@code wake}; it holds
     * the folio lock until {@link #awake}), then {@code done} is called for every writer the finished write carried.
     * With no writer waiting the page is idle.
     */
    void written(int leader, IntConsumer done, IntConsumer wake) {
        Page p = leading[leader];
        leading[leader] = null;
        int[] carried = Arrays.copyOf(p.carried, p.carriedCount);
        if (p.waitingCount > 0) {
            int[] swap = p.carried;
            p.carried = p.waiting;
            p.carriedCount = p.waitingCount;
            p.waiting = swap;
            p.waitingCount = 0;
            p.waking = true;
            leading[p.carried[0]] = p;
            wake.accept(p.carried[0]);
        } else {
            pages.remove(p.key);
        }
        for (int c : carried) {
            done.accept(c);
        }
    }

    /**
     * The woken leader {@code s} runs: its write is sent ({@code send}) for every writer it carries, and the folio
     * lock it held is released, so every copy that waited for it goes on ({@code unlocked}).
     */
    void awake(int s, IntConsumer send, IntConsumer unlocked) {
        Page p = leading[s];
        p.waking = false;
        send.accept(s);
        int[] copiers = Arrays.copyOf(p.copying, p.copyingCount);
        p.copyingCount = 0;
        for (int c : copiers) {
            unlocked.accept(c);
        }
    }

    private long key(int file, long offset) {
        return (long) file << 44 | offset >>> pageBits;
    }

    /** How many writers the write led by slot {@code leader} carries. */
    int carriedCount(int leader) {
        return leading[leader].carriedCount;
    }

    /** The {@code i}-th writer the write led by slot {@code leader} carries. */
    int carried(int leader, int i) {
        return leading[leader].carried[i];
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
