package org.locktable.timing.sim;

import java.util.List;
import java.util.SplittableRandom;

import org.locktable.timing.workload.BlockSizes;
import org.locktable.timing.workload.JobSpec;

/**
 * The I/O sequence of one fio job clone: which file, offset, length, read or write. Sequential jobs advance by
 * {@code bs + skip} per I/O in each of their files (round robin over files); random jobs draw aligned offsets
 * (and a random file). Fixed work ends when {@code ioBytes} have been issued, or — for a sequential job
 * without an {@code io_size} beyond its region — when the next I/O would pass the end of the region, as fio
 * does; time-based jobs wrap around. {@code region} is per file ({@link JobSpec#region()}); {@code ioBytes}
 * (default region × the job's files) counts over all of them.
 */
final class JobStream {
    private final JobSpec spec;
    private final SplittableRandom rng;
    private final int[] files;
    private final long base;
    private final long regionPerFile;
    private final long[] position;
    private final boolean wrap;
    private final long byteLimit;
    private final long alignment;
    private final List<BlockSizes.Weighted> fixedList;
    private final long fixedSize;
    private int rr;
    private long issuedBytes;

    // the last I/O
    int file;
    long offset;
    long length;
    boolean read;

    JobStream(JobSpec spec, int jobIndex, int[] files, long regionPerFile, boolean timeBased, long seed) {
        this.spec = spec;
        this.rng = new SplittableRandom(seed);
        this.files = files;
        this.base = spec.offset() + jobIndex * spec.offsetIncrement();
        this.regionPerFile = regionPerFile;
        this.position = new long[files.length];
        long span = regionPerFile * files.length;
        this.byteLimit = timeBased ? Long.MAX_VALUE : spec.ioBytes() > 0 ? spec.ioBytes() : span;
        this.wrap = timeBased || byteLimit > span;
        long a = spec.alignment() > 0 ? spec.alignment() : spec.blockSizes().smallestWrite();
        this.alignment = Math.max(1, a);
        List<BlockSizes.Weighted> w = spec.blockSizes().writes();
        this.fixedList = w.size() == 1 ? w : null;
        this.fixedSize = w.size() == 1 ? w.get(0).bytes() : 0;
    }

    /** Draws the next I/O into the public fields; false when the job's work is done. */
    boolean next() {
        if (issuedBytes >= byteLimit) {
            return false;
        }
        read = spec.readPercent() >= 100 || (spec.readPercent() > 0 && rng.nextInt(100) < spec.readPercent());
        length = size(read ? spec.blockSizes().reads() : spec.blockSizes().writes());
        if (length > regionPerFile) {
            throw new IllegalArgumentException("I/O size " + length + " is larger than the region per file "
                    + regionPerFile);
        }
        int fi;
        if (files.length == 1) {
            fi = 0;
        } else if (spec.pattern() == JobSpec.Pattern.RANDOM) {
            fi = rng.nextInt(files.length);
        } else {
            fi = rr;
            rr = rr + 1 == files.length ? 0 : rr + 1;
        }
        file = files[fi];
        if (spec.pattern() == JobSpec.Pattern.RANDOM) {
            long span = regionPerFile - length;
            long r = span == 0 ? 0 : rng.nextLong(span + 1);
            offset = base + r / alignment * alignment;
        } else {
            long p = position[fi];
            if (p + length > regionPerFile) {
                if (!wrap) {
                    return false;
                }
                p = 0;
            }
            offset = base + p;
            position[fi] = p + length + spec.skip();
        }
        issuedBytes += length;
        return true;
    }

    private long size(List<BlockSizes.Weighted> sizes) {
        if (sizes == fixedList) {
            return fixedSize;
        }
        if (sizes.size() == 1) {
            return sizes.get(0).bytes();
        }
        if (spec.blockSizes().range()) {
            long min = Long.MAX_VALUE;
            long max = 0;
            for (BlockSizes.Weighted w : sizes) {
                min = Math.min(min, w.bytes());
                max = Math.max(max, w.bytes());
            }
            return min * (1 + rng.nextLong(max / min));
        }
        int total = 0;
        for (BlockSizes.Weighted w : sizes) {
            total += Math.max(0, w.percent());
        }
        if (total <= 0) {
            return sizes.get(0).bytes();
        }
        int r = rng.nextInt(total);
        for (BlockSizes.Weighted w : sizes) {
            r -= Math.max(0, w.percent());
            if (r < 0) {
                return w.bytes();
            }
        }
        return sizes.get(sizes.size() - 1).bytes();
    }
}
