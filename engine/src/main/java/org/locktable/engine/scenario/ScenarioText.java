package org.locktable.engine.scenario;

import java.util.Locale;

import org.locktable.engine.decision.Lock;
import org.locktable.engine.decision.NowaitOutcome;
import org.locktable.engine.decision.Result;
import org.locktable.engine.model.Inode;
import org.locktable.engine.model.InvalidInputException;
import org.locktable.engine.model.Layout;
import org.locktable.engine.model.WriteRequest;

/**
 * Reads back the text forms a generated suite carries: {@link Inode#toString()}, {@link WriteRequest#toString()}
 * and {@link Expectation#describe()}. Each {@code parse} is the exact inverse of its {@code toString} for what a
 * scenario can declare, so a suite is a few string constants rather than builder code javac must compile.
 */
public final class ScenarioText {
    private static final String LAYOUT = "layout=\"";

    private ScenarioText() {
    }

    /** {@code layout="W U U W" bs=4096 lbs=512 i_size=16384 [i_disksize=N] [mode=4755] [!IS_NOSEC]}. */
    public static Inode inode(String text) throws InvalidInputException {
        if (!text.startsWith(LAYOUT) || text.indexOf('"', LAYOUT.length()) < 0) {
            throw new InvalidInputException("inode", "expected layout=\"...\" first in: " + text);
        }
        int close = text.indexOf('"', LAYOUT.length());
        Inode.Builder b = Inode.builder(Layout.parse(text.substring(LAYOUT.length(), close)));
        for (String token : tokens(text.substring(close + 1))) {
            if (token.equals("!IS_NOSEC")) {
                b.nosec(false);
                continue;
            }
            if (token.startsWith("mode=")) {
                try {
                    b.mode(Integer.parseInt(token.substring("mode=".length()), 8));
                } catch (NumberFormatException e) {
                    throw new InvalidInputException("inode", "not an octal mode: '" + token + "'");
                }
                continue;
            }
            long value = number(token, "inode");
            switch (key(token)) {
                case "bs" -> b.blockSize(Math.toIntExact(value));
                case "lbs" -> b.logicalBlockSize(Math.toIntExact(value));
                case "i_size" -> b.size(value);
                case "i_disksize" -> b.diskSize(value);
                default -> throw new InvalidInputException("inode", "unknown inode field '" + token + "' in: " + text);
            }
        }
        return b.build();
    }

    /** {@code O_DIRECT write offset=512 len=14336 [async] [RWF_NOWAIT] [O_DSYNC] ... [buffer-align=N]}. */
    static WriteRequest write(String text) throws InvalidInputException {
        String[] head = text.split(" ", 3);
        if (head.length < 2 || !(head[0].equals("O_DIRECT") || head[0].equals("buffered")) || !head[1].equals("write")) {
            throw new InvalidInputException("write", "expected 'O_DIRECT write' or 'buffered write' first in: " + text);
        }
        long offset = -1;
        long length = -1;
        String[] rest = tokens(head.length > 2 ? head[2] : "");
        for (String token : rest) {
            if (token.startsWith("offset=")) {
                offset = number(token, "write");
            } else if (token.startsWith("len=")) {
                length = number(token, "write");
            }
        }
        if (offset < 0 || length < 0) {
            throw new InvalidInputException("write", "expected offset= and len= in: " + text);
        }
        WriteRequest.Builder b = WriteRequest.builder(offset, length).direct(head[0].equals("O_DIRECT"));
        for (String token : rest) {
            switch (token.contains("=") ? key(token) : token) {
                case "offset", "len" -> { }
                case "async" -> b.async(true);
                case "RWF_NOWAIT" -> b.nowait(true);
                case "O_DSYNC" -> b.dsync(true);
                case "RWF_WRITETHROUGH" -> b.writethrough(true);
                case "RWF_NOSERIAL" -> b.noserial(true);
                case "unprivileged" -> b.unprivileged(true);
                case "buffer-align" -> b.bufferAlignment(number(token, "write"));
                default -> throw new InvalidInputException("write", "unknown write flag '" + token + "' in: " + text);
            }
        }
        return b.build();
    }

    /** {@code EXCLUSIVE, drain, no force-wait, NOWAIT EAGAIN, result OK}: the lock, then only what is expected. */
    static Expectation expectation(String policy, String text) throws InvalidInputException {
        String[] parts = text.split(", ");
        Expectation e = Expectation.lock(policy, value(Lock.class, parts[0], text));
        for (int i = 1; i < parts.length; i++) {
            String p = parts[i];
            if (p.equals("drain") || p.equals("no drain")) {
                e = e.withDrain(p.equals("drain"));
            } else if (p.equals("force-wait") || p.equals("no force-wait")) {
                e = e.withForceWait(p.equals("force-wait"));
            } else if (p.startsWith("NOWAIT ")) {
                e = e.withNowait(value(NowaitOutcome.class, p.substring("NOWAIT ".length()), text));
            } else if (p.startsWith("result ")) {
                e = e.withResult(value(Result.class, p.substring("result ".length()), text));
            } else {
                throw new InvalidInputException("expectation", "unknown expectation part '" + p + "' in: " + text);
            }
        }
        return e;
    }

    private static String[] tokens(String s) {
        String t = s.strip();
        return t.isEmpty() ? new String[0] : t.split(" +");
    }

    private static String key(String token) {
        int eq = token.indexOf('=');
        return eq < 0 ? token : token.substring(0, eq);
    }

    private static long number(String token, String field) throws InvalidInputException {
        try {
            return Long.parseLong(token.substring(token.indexOf('=') + 1));
        } catch (NumberFormatException e) {
            throw new InvalidInputException(field, "not a number: '" + token + "'");
        }
    }

    private static <E extends Enum<E>> E value(Class<E> type, String name, String text) throws InvalidInputException {
        try {
            return Enum.valueOf(type, name.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new InvalidInputException("expectation", "unknown " + type.getSimpleName() + " '" + name + "' in: " + text);
        }
    }
}
