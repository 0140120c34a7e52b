package org.locktable.cli;

import java.io.IOException;

import org.locktable.engine.decision.Decision;
import org.locktable.engine.decision.LockOp;
import org.locktable.engine.decision.Segment;
import org.locktable.engine.decision.Tx;
import org.locktable.engine.decision.ZeroRange;
import org.locktable.engine.model.Inode;
import org.locktable.engine.model.WriteRequest;

import com.fasterxml.jackson.core.JsonGenerator;

/** One decision as one line of JSON; the field order is fixed and documented in {@code decide --help}. */
final class DecisionJson {
    static final String FIELDS = "policy, layout, blockSize, size, offset, len, result, lockPath, initialLock, "
            + "finalLock, retry, drain, drainReason, forceWait, completion, nowait, lookups, segments, zeroRanges, "
            + "zeroKinds, transactions, trace; after len, mode (four octal digits) when --mode gave set-id bits and "
            + "unprivileged (true) when --unprivileged was given";

    private DecisionJson() {
    }

    /** Appends the object to {@code out}; {@code line > 0} adds a leading {@code "line"} field (batch mode). */
    static void write(StringBuilder out, int line, Decision d, Inode inode, WriteRequest w) {
        out.append(Json.write(g -> {
            g.writeStartObject();
            if (line > 0) {
                g.writeNumberField("line", line);
            }
            g.writeStringField("policy", d.policy());
            g.writeStringField("layout", inode.layout().toString());
            g.writeNumberField("blockSize", inode.blockSize());
            g.writeNumberField("size", inode.size());
            g.writeNumberField("offset", w.offset());
            g.writeNumberField("len", w.length());
            if ((inode.mode() & 06000) != 0) {
                g.writeStringField("mode", Inode.octal(inode.mode()));
            }
            if (w.unprivileged()) {
                g.writeBooleanField("unprivileged", true);
            }
            g.writeStringField("result", d.result().name());
            Json.stringArray(g, "lockPath", d.lockPath().stream().map(LockOp::label).toList());
            g.writeStringField("initialLock", d.initialLock().name());
            g.writeStringField("finalLock", d.finalLock().name());
            g.writeStringField("retry", d.retry().name());
            g.writeBooleanField("drain", d.drain());
            g.writeStringField("drainReason", d.drainReason().name());
            g.writeBooleanField("forceWait", d.forceWait());
            g.writeStringField("completion", d.completion().name());
            g.writeStringField("nowait", d.nowait().name());
            g.writeNumberField("lookups", d.lookups());
            Json.stringArray(g, "segments", d.segments().stream().map(Segment::toString).toList());
            zeroRanges(g, d);
            Json.stringArray(g, "zeroKinds", d.zeroRanges().stream().map(z -> z.kind().label()).toList());
            Json.stringArray(g, "transactions", d.transactions().stream().map(Tx::toString).toList());
            Json.stringArray(g, "trace", d.trace());
            g.writeEndObject();
        }));
    }

    /** {@code "zeroRanges":[[start,end],…]}. */
    private static void zeroRanges(JsonGenerator g, Decision d) throws IOException {
        g.writeArrayFieldStart("zeroRanges");
        for (ZeroRange z : d.zeroRanges()) {
            g.writeStartArray();
            g.writeNumber(z.start());
            g.writeNumber(z.end());
            g.writeEndArray();
        }
        g.writeEndArray();
    }

    /** {@code {"line":N,"error":"..."}}. */
    static void error(StringBuilder out, int line, String message) {
        out.append(Json.write(g -> {
            g.writeStartObject();
            g.writeNumberField("line", line);
            g.writeStringField("error", message);
            g.writeEndObject();
        }));
    }
}
