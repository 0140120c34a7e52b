package org.locktable.concurrency.safety;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.locktable.concurrency.Operation;

/**
 * The small scope of two direct writes on one inode, smallest first: every {@code H}/{@code U}/{@code W} block with
 * i_size 4096, 2048 and 512 and every ordered pair of 512-byte-granular writes inside it, each {@code aio-dio} or
 * {@code dio} (46,656 cases); then, for 2 .. {@code blocks} blocks, {@code samples} distinct seeded samples each
 * (layouts over H/U/W, i_size {@code n*bs}, {@code n*bs - bs/2}, {@code (n-1)*bs}, {@code (n-1)*bs - bs/2}, writes
 * anywhere in the blocks). One seed gives one order, so tables and diffs are deterministic.
 */
public record SafetyScope(int blocks, int samples, long seed) {
    public static final int MAX_BLOCKS = 4;
    public static final long DEFAULT_SEED = 20261201L;
    public static final int DEFAULT_SAMPLES = 1500;
    static final List<String> STATES = List.of("H", "U", "W");
    private static final int BS = SafetyCase.BLOCK_SIZE;

    public SafetyScope {
        if (blocks < 1 || blocks > MAX_BLOCKS) {
            throw new IllegalArgumentException("the safety scope has 1 to " + MAX_BLOCKS + " blocks, got " + blocks);
        }
        if (samples < 0) {
            throw new IllegalArgumentException("samples must be >= 0, got " + samples);
        }
    }

    public static SafetyScope standard() {
        return new SafetyScope(2, DEFAULT_SAMPLES, DEFAULT_SEED);
    }

    public List<SafetyCase> cases() {
        List<SafetyCase> out = new ArrayList<>();
        List<Operation> ops = everyWrite(BS);
        for (String l : STATES) {
            for (long size : new long[] {BS, BS / 2, 512}) {
                for (Operation a : ops) {
                    for (Operation b : ops) {
                        out.add(new SafetyCase(out.size(), l, size, a, b));
                    }
                }
            }
        }
        addSamples(out, blocks, samples, seed, SafetyScope::sample);
        return out;
    }

    /** One seeded sample of {@code n} blocks, numbered {@code index}. */
    interface Sampler {
        SafetyCase sample(Random random, int n, int index);
    }

    /**
     * Appends, for 2 .. {@code blocks} blocks, {@code samples} distinct cases {@code sampler} draws from one
     * {@link Random} of {@code seed} (giving up after 20 draws a sample), so that one seed gives one order.
     */
    static void addSamples(List<SafetyCase> out, int blocks, int samples, long seed, Sampler sampler) {
        Random random = new Random(seed);
        for (int n = 2; n <= blocks; n++) {
            Set<String> seen = new LinkedHashSet<>();
            int attempts = 0;
            while (seen.size() < samples && attempts++ < samples * 20) {
                SafetyCase c = sampler.sample(random, n, out.size());
                if (seen.add(c.key())) {
                    out.add(c);
                }
            }
        }
    }

    /** A layout of {@code n} H/U/W blocks, as a sample draws it. */
    static String layout(Random random, int n) {
        StringBuilder l = new StringBuilder();
        for (int b = 0; b < n; b++) {
            l.append(b == 0 ? "" : " ").append(STATES.get(random.nextInt(3)));
        }
        return l.toString();
    }

    /** An i_size for {@code n} blocks, as a sample draws it: n or n-1 blocks, whole or half a block short. */
    static long size(Random random, int n) {
        return new long[] {(long) n * BS, (long) n * BS - BS / 2, (long) (n - 1) * BS, (long) (n - 1) * BS - BS / 2}
                [random.nextInt(4)];
    }

    /** Describes the scope in one sentence. */
    public String describe() {
        String one = "every H/U/W block with i_size 4096, 2048 and 512 and every ordered pair of 512-byte-granular "
                + "aio-dio or dio writes inside it";
        return blocks == 1 ? one : one + "; then " + samples + " seeded samples of " + (blocks == 2 ? "2" : "2 .. " + blocks)
                + "-block layouts" + (blocks == 2 ? "" : " each") + " (seed " + seed + ")";
    }

    private static SafetyCase sample(Random random, int n, int index) {
        String l = layout(random, n);
        long size = size(random, n);
        return new SafetyCase(index, l, size, randomWrite(random, n * BS), randomWrite(random, n * BS));
    }

    private static List<Operation> everyWrite(int bytes) {
        List<Operation> ops = new ArrayList<>();
        for (long off = 0; off < bytes; off += 512) {
            for (long end = off + 512; end <= bytes; end += 512) {
                ops.add(Operation.aio(off, end - off));
                ops.add(Operation.dio(off, end - off));
            }
        }
        return ops;
    }

    static Operation randomWrite(Random random, int bytes) {
        int sectors = bytes / 512;
        int off = random.nextInt(sectors);
        int len = 1 + random.nextInt(sectors - off);
        return random.nextBoolean() ? Operation.aio(off * 512L, len * 512L) : Operation.dio(off * 512L, len * 512L);
    }
}
