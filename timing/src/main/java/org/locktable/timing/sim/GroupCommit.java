package org.locktable.timing.sim;

/**
 * The file system's log as O_DSYNC writes meet it: a request for a log force either starts a log write (the log
 * is idle), joins the next one (a write is in progress: the next starts when it ends and covers every request
 * made meanwhile), or joins a next one already queued. That is group commit, as in {@code xlog_cil_force_seq} /
 * {@code xlog_state_sync} (fs/xfs/xfs_log_cil.c, xfs_log.c) and jbd2's commit: n concurrent requests cost one or
 * two log writes, not n.
 *
 * <p>Requests must arrive in time order (the simulator's event order), so each request's end is known when it
 * arrives. A request made at the instant a log write starts is in it.
 */
final class GroupCommit {
    private long start = Long.MIN_VALUE;
    private long end = Long.MIN_VALUE;
    private long writes;

    /** A force requested at {@code now}; a log write takes {@code forceNs}. Returns when the request is durable. */
    long force(long now, long forceNs) {
        if (now >= end) {
            start = now;
            end = now + forceNs;
            writes++;
        } else if (now > start) {
            start = end;
            end = start + forceNs;
            writes++;
        }
        return end;
    }

    /** Log writes started so far. */
    long writes() {
        return writes;
    }
}
