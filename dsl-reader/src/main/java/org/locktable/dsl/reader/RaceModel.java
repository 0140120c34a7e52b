package org.locktable.dsl.reader;

import java.util.List;
import java.util.Locale;

import org.locktable.engine.model.Inode;

/**
 * A validated {@code @Concurrent} race: the file, its one to four {@code @Op}s in lane order, and one expectation per
 * policy, in source order. Plain data; the processor hands the operations to the concurrency oracle as text.
 *
 * @param site the {@code @Concurrent} annotation
 */
public record RaceModel(Inode inode, List<RaceOp> ops, List<RaceExpectation> expectations, Site site) {

    public RaceModel {
        ops = List.copyOf(ops);
        expectations = List.copyOf(expectations);
    }

    /** The operations as the oracle parses them: {@code aio-dio 5120+1024}, {@code buffered 6144+1024 fsync}. */
    public List<String> opTexts() {
        return ops.stream().map(RaceOp::text).toList();
    }

    /** One {@code @Op}: {@code kind} is the DSL constant's name ({@code AIO_DIO}, {@code DIO}, {@code BUFFERED}). */
    public record RaceOp(String kind, long offset, long len, boolean fsync, Site site) {
        public String text() {
            if (kind.equals("TRUNCATE")) {
                return "truncate " + offset;
            }
            return kind.toLowerCase(Locale.ROOT).replace("_", "-") + " " + offset + "+" + len
                    + (fsync ? " fsync" : "");
        }
    }

    /**
     * {@code @ExpectSafe} or {@code @ExpectUnsafe} for one policy.
     *
     * @param badRanges the shortest counterexample's bad ranges as the oracle prints them ({@code [4096,4608) [5120,8192)});
     *                  empty when not stated
     */
    public record RaceExpectation(String policy, boolean safe, String badRanges, Site site) {
        /** {@code SAFE}, {@code UNSAFE} or {@code UNSAFE, bad [6144,8192)}. */
        public String describe() {
            return safe ? "SAFE" : badRanges.isEmpty() ? "UNSAFE" : "UNSAFE, bad " + badRanges;
        }
    }
}
