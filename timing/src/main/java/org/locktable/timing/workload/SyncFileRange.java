package org.locktable.timing.workload;

/**
 * fio's {@code sync_file_range=FLAGS:N}: after every N writes a job calls {@code sync_file_range(2)} on the range
 * it wrote since its last call. For random writes that range spans most of the file, so the model applies the
 * call to the whole file: {@code wait_before} waits for the file's page writeback under way when the call
 * starts, {@code write} starts writeback of every dirty page of the file (its own and the other jobs'), and
 * {@code wait_after} waits for what the call started.
 *
 * @param waitBefore {@code SYNC_FILE_RANGE_WAIT_BEFORE}
 * @param write {@code SYNC_FILE_RANGE_WRITE}
 * @param waitAfter {@code SYNC_FILE_RANGE_WAIT_AFTER}
 * @param every writes between calls; 0 for no calls
 */
public record SyncFileRange(boolean waitBefore, boolean write, boolean waitAfter, int every) {
    /** No sync_file_range calls. */
    public static final SyncFileRange NONE = new SyncFileRange(false, false, false, 0);

    public SyncFileRange {
        if (every < 0) {
            throw new IllegalArgumentException("sync_file_range: every must be >= 0, got " + every);
        }
    }

    public boolean enabled() {
        return every > 0;
    }

    @Override
    public String toString() {
        if (!enabled()) {
            return "none";
        }
        StringBuilder s = new StringBuilder();
        if (waitBefore) {
            s.append("wait_before");
        }
        if (write) {
            s.append(s.length() > 0 ? "," : "").append("write");
        }
        if (waitAfter) {
            s.append(s.length() > 0 ? "," : "").append("wait_after");
        }
        return s.append(':').append(every).toString();
    }
}
