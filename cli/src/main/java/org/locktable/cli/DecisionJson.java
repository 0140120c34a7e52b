package org.locktable.cli;

import org.locktable.engine.decision.Decision;
import org.locktable.engine.decision.LockOp;
import org.locktable.engine.decision.Segment;
import org.locktable.engine.decision.Tx;
import org.locktable.engine.decision.ZeroRange;
import org.locktable.engine.model.Inode;
import org.locktable.engine.model.WriteRequest;

/** One decision as one line of JSON; the field order is fixed and documented in {@code decide --help}. */
final class DecisionJson {
    static final String FIELDS = "policy, layout, blockSize, size, offset, len, result, lockPath, initialLock, "
            + "finalLock, retry, drain, drainReason, forceWait, completion, nowait, lookups, segments, zeroRanges, "
            + "zeroKinds, transactions, trace";

    private DecisionJson() {
    }

    /** Appends the object to {@code out}; {@code line > 0} adds a leading {@code "line"} field (batch mode). */
    static void write(StringBuilder out, int line, Decision d, Inode inode, WriteRequest w) {
        JsonWriter j = new JsonWriter(out).beginObject();
        if (line > 0) {
            j.field("line", line);
        }
        j.field("policy", d.policy())
                .field("layout", inode.layout().toString())
                .field("blockSize", inode.blockSize())
                .field("size", inode.size())
                .field("offset", w.offset())
                .field("len", w.length())
                .field("result", d.result().name());
        j.name("lockPath").beginArray();
        for (LockOp op : d.lockPath()) {
            j.value(op.label());
        }
        j.endArray();
        j.field("initialLock", d.initialLock().name())
                .field("finalLock", d.finalLock().name())
                .field("retry", d.retry().name())
                .field("drain", d.drain())
                .field("drainReason", d.drainReason().name())
                .field("forceWait", d.forceWait())
                .field("completion", d.completion().name())
                .field("nowait", d.nowait().name())
                .field("lookups", d.lookups());
        j.name("segments").beginArray();
        for (Segment s : d.segments()) {
            j.value(s.toString());
        }
        j.endArray();
        j.name("zeroRanges").beginArray();
        for (ZeroRange z : d.zeroRanges()) {
            j.beginArray().value(z.start()).value(z.end()).endArray();
        }
        j.endArray();
        j.name("zeroKinds").beginArray();
        for (ZeroRange z : d.zeroRanges()) {
            j.value(z.kind().label());
        }
        j.endArray();
        j.name("transactions").beginArray();
        for (Tx t : d.transactions()) {
            j.value(t.toString());
        }
        j.endArray();
        j.field("trace", d.trace());
        j.endObject();
    }

    /** {@code {"line":N,"error":"..."}}. */
    static void error(StringBuilder out, int line, String message) {
        new JsonWriter(out).beginObject().field("line", line).field("error", message).endObject();
    }
}
