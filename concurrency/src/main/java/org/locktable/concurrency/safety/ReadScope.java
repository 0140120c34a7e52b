package org.locktable.concurrency.safety;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.locktable.concurrency.Operation;

/**
 * The small scope of a direct write racing a read, smallest first: every {@code H}/{@code U}/{@code W} block with
 * i_size 4096, 2048 and 512, every 512-byte-granular {@code aio-dio} or {@code dio} write and every {@code dio-read},
 * {@code aio-dio-read} or {@code buffered-read} inside it, in both orders (139,968 cases); then, for 2 .. {@code blocks}
 * blocks, {@code samples} distinct seeded samples each. What every read returns, bytes and length, must match some
 * serial order ({@code SerialOracle}).
 */
public record ReadScope(int blocks, int samples, long seed) {
    private static final int BS = SafetyCase.BLOCK_SIZE;
    private static final Operation.Kind[] READS = {Operation.Kind.DIO_READ, Operation.Kind.AIO_DIO_READ,
        Operation.Kind.BUFFERED_READ};

    public ReadScope {
        if (blocks < 1 || blocks > 3) {
            throw new IllegalArgumentException("the read scope has 1 to 3 blocks, got " + blocks);
        }
    }

    /** One block exhaustively, 1,500 samples of 2 and of 3 blocks. */
    public static ReadScope standard() {
        return new ReadScope(3, SafetyScope.DEFAULT_SAMPLES, SafetyScope.DEFAULT_SEED);
    }

    public List<SafetyCase> cases() {
        List<SafetyCase> out = new ArrayList<>();
        List<Operation> writes = new ArrayList<>();
        List<Operation> reads = new ArrayList<>();
        for (long off = 0; off < BS; off += 512) {
            for (long end = off + 512; end <= BS; end += 512) {
                writes.add(Operation.aio(off, end - off));
                writes.add(Operation.dio(off, end - off));
                for (Operation.Kind k : READS) {
                    reads.add(new Operation(k, off, end - off));
                }
            }
        }
        for (String l : SafetyScope.STATES) {
            for (long size : new long[] {BS, BS / 2, 512}) {
                for (Operation w : writes) {
                    for (Operation r : reads) {
                        out.add(new SafetyCase(out.size(), l, size, w, r));
                        out.add(new SafetyCase(out.size(), l, size, r, w));
                    }
                }
            }
        }
        SafetyScope.addSamples(out, blocks, samples, seed, ReadScope::sample);
        return out;
    }

    private static SafetyCase sample(Random random, int n, int index) {
        String l = SafetyScope.layout(random, n);
        long size = SafetyScope.size(random, n);
        Operation w = SafetyScope.randomWrite(random, n * BS);
        int sectors = n * BS / 512;
        int roff = random.nextInt(sectors);
        int rlen = 1 + random.nextInt(sectors - roff);
        Operation r = new Operation(READS[random.nextInt(READS.length)], roff * 512L, rlen * 512L);
        return random.nextBoolean() ? new SafetyCase(index, l, size, w, r) : new SafetyCase(index, l, size, r, w);
    }
}
