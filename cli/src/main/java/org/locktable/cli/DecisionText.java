package org.locktable.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.stream.Collectors;

import org.locktable.engine.decision.Decision;
import org.locktable.engine.decision.Segment;
import org.locktable.engine.decision.Tx;
import org.locktable.engine.decision.ZeroRange;
import org.locktable.engine.model.Inode;
import org.locktable.engine.model.WriteRequest;
import org.locktable.engine.policy.Policy;
import org.locktable.engine.render.Strip;

/** The readable form of {@code locktable decide}: the request and strip once, then one block per policy. */
final class DecisionText {
    private static final int KEY = 14;

    private DecisionText() {
    }

    static void printRequest(PrintWriter out, Inode inode, WriteRequest w) {
        out.println(key("inode") + inode);
        out.println(key("request") + w);
        out.println(key("range") + Strip.describeRange(inode.blockSize(), w.offset(), w.length()));
        out.println();
        for (String line : new Strip(inode.layout(), inode.blockSize(), inode.size(), w.offset(), w.length()).lines()) {
            out.println(line);
        }
        out.println(Strip.legend());
    }

    static void printDecision(PrintWriter out, Policy policy, Decision d) {
        out.println(key("policy") + policy.id() + " (" + policy.info().title() + ")");
        out.println(key("result") + d.result());
        out.println(key("lock path") + d.lockPathText());
        out.println(key("initial lock") + d.initialLock());
        out.println(key("final lock") + d.finalLock());
        out.println(key("retry") + d.retry());
        out.println(key("drain") + (d.drain() ? "yes (" + d.drainReason() + ")" : "no"));
        out.println(key("force wait") + (d.forceWait() ? "yes" : "no"));
        out.println(key("completion") + d.completion());
        out.println(key("NOWAIT") + d.nowait());
        out.println(key("lookups") + d.lookups());
        out.println(key("segments") + orNone(d.segments().stream().map(Segment::toString).collect(Collectors.toList()), " "));
        out.println(key("zero ranges") + orNone(d.zeroRanges().stream().map(ZeroRange::toString).collect(Collectors.toList()), ", "));
        out.println(key("transactions") + orNone(d.transactions().stream().map(Tx::toString).collect(Collectors.toList()), " "));
        if (d.trace().isEmpty()) {
            out.println(key("trace") + "none");
            return;
        }
        out.println("trace");
        int width = Integer.toString(d.trace().size()).length();
        int n = 1;
        for (String step : d.trace()) {
            String number = Integer.toString(n++);
            out.println("  " + " ".repeat(width - number.length()) + number + ". " + step);
        }
    }

    private static String orNone(List<String> items, String separator) {
        return items.isEmpty() ? "none" : String.join(separator, items);
    }

    private static String key(String k) {
        return k + " ".repeat(Math.max(1, KEY - k.length()));
    }
}
