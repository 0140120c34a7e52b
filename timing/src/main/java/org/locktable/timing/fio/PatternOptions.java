package org.locktable.timing.fio;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.locktable.timing.fio.JobSettings.Setting;
import org.locktable.timing.workload.BlockSizes;
import org.locktable.timing.workload.JobSpec;

/** What each I/O of a job is: the pattern ({@code rw}), the read/write mix, the block sizes and their alignment. */
final class PatternOptions {
    private static final long DEFAULT_BS = 4096;

    private final JobSettings in;

    PatternOptions(JobSettings in) {
        this.in = in;
    }

    record Rw(JobSpec.Pattern pattern, boolean reads, boolean writes, long skip) {
    }

    Rw readRw() {
        Setting s = in.get("rw");
        if (s == null) {
            return new Rw(JobSpec.Pattern.SEQUENTIAL, true, false, 0);
        }
        String v = in.value(s).strip();
        String base = v;
        String postfix = null;
        int colon = v.indexOf(':');
        if (colon >= 0) {
            base = v.substring(0, colon).strip();
            postfix = v.substring(colon + 1).strip();
        }
        JobSpec.Pattern pattern;
        boolean reads;
        boolean writes;
        switch (base) {
            case "read":
                pattern = JobSpec.Pattern.SEQUENTIAL;
                reads = true;
                writes = false;
                break;
            case "write":
                pattern = JobSpec.Pattern.SEQUENTIAL;
                reads = false;
                writes = true;
                break;
            case "rw":
            case "readwrite":
                pattern = JobSpec.Pattern.SEQUENTIAL;
                reads = true;
                writes = true;
                break;
            case "randread":
                pattern = JobSpec.Pattern.RANDOM;
                reads = true;
                writes = false;
                break;
            case "randwrite":
                pattern = JobSpec.Pattern.RANDOM;
                reads = false;
                writes = true;
                break;
            case "randrw":
                pattern = JobSpec.Pattern.RANDOM;
                reads = true;
                writes = true;
                break;
            case "trim":
            case "randtrim":
            case "trimwrite":
            case "randtrimwrite":
                throw in.bad(s, "trims are not modelled");
            default:
                throw in.bad(s, "unknown I/O pattern '" + base + "' (read, write, rw, readwrite, randread, randwrite, "
                        + "randrw)");
        }
        long skip = 0;
        if (postfix != null) {
            if (postfix.isEmpty()) {
                throw in.bad(s, "nothing after ':'");
            }
            long n = in.bytes(s, postfix);
            if (pattern == JobSpec.Pattern.SEQUENTIAL) {
                skip = n;
            } else if (n == 0) {
                throw in.bad(s, "the number of I/Os per random offset must be at least 1");
            } else if (n != 1) {
                in.warn(s + ": " + n + " I/Os per random offset (rw_sequencer) are not modelled; every "
                        + "I/O is modelled at a new random offset");
            }
        }
        return new Rw(pattern, reads, writes, skip);
    }

    int readPercent(Rw rw) {
        if (!rw.writes) {
            return 100;
        }
        if (!rw.reads) {
            return 0;
        }
        Setting r = in.get("rwmixread");
        Setting w = in.get("rwmixwrite");
        if (r == null && w == null) {
            return 50;
        }
        boolean useWrite = w != null && (r == null || w.seq() > r.seq());
        Setting s = useWrite ? w : r;
        int pct = in.integer(s);
        if (pct > 100) {
            throw in.bad(s, "a percentage from 0 to 100");
        }
        return useWrite ? 100 - pct : pct;
    }

    BlockSizes readBlockSizes() {
        Setting split = in.get("bssplit");
        Setting range = in.get("bsrange");
        Setting bs = in.get("bs");
        if (split != null && (range != null || bs != null)) {
            in.warn(split + " overrides " + (range != null ? range : bs));
        } else if (range != null && bs != null) {
            in.warn(range + " overrides " + bs);
        }
        if (split != null) {
            String[] dirs = in.perDirection(split);
            List<BlockSizes.Weighted> reads = splitOne(split, dirs[0], "reads");
            List<BlockSizes.Weighted> writes = splitOne(split, dirs[1], "writes");
            return new BlockSizes(writes, reads, false);
        }
        if (range != null) {
            String v = in.value(range);
            String[] dirs = v.indexOf(',') < 0 && v.indexOf('/') >= 0
                    ? in.perDirection(new Setting(range.key(), v.replace('/', ','), range.origin(), range.seq(), false))
                    : in.perDirection(range);
            long[] r = dirs[0].isEmpty() ? new long[] {DEFAULT_BS, DEFAULT_BS} : in.range(range, dirs[0]);
            long[] w = dirs[1].isEmpty() ? new long[] {DEFAULT_BS, DEFAULT_BS} : in.range(range, dirs[1]);
            positive(range, r[0]);
            positive(range, w[0]);
            boolean isRange = r[0] != r[1] || w[0] != w[1];
            return new BlockSizes(bounds(w), bounds(r), isRange);
        }
        if (bs != null) {
            String[] dirs = in.perDirection(bs);
            long r = dirs[0].isEmpty() ? DEFAULT_BS : in.bytes(bs, dirs[0]);
            long w = dirs[1].isEmpty() ? DEFAULT_BS : in.bytes(bs, dirs[1]);
            positive(bs, r);
            positive(bs, w);
            return new BlockSizes(List.of(new BlockSizes.Weighted(w, 100)), List.of(new BlockSizes.Weighted(r, 100)),
                    false);
        }
        return BlockSizes.fixed(DEFAULT_BS);
    }

    private void positive(Setting s, long b) {
        if (b <= 0) {
            throw in.bad(s, "a block size must be positive");
        }
    }

    private static List<BlockSizes.Weighted> bounds(long[] r) {
        if (r[0] == r[1]) {
            return List.of(new BlockSizes.Weighted(r[0], 100));
        }
        return List.of(new BlockSizes.Weighted(r[0], 50), new BlockSizes.Weighted(r[1], 50));
    }

    /** One direction of {@code bssplit}: {@code 4k/10:64k/50:32k/} with fio's filling of blank shares. */
    private List<BlockSizes.Weighted> splitOne(Setting s, String text, String direction) {
        if (text.isEmpty()) {
            return List.of(new BlockSizes.Weighted(DEFAULT_BS, 100));
        }
        List<long[]> entries = new ArrayList<>(); // {bytes, percent or -1}
        for (String entry : text.split(":", -1)) {
            String e = entry.strip();
            if (e.isEmpty()) {
                throw in.bad(s, "an empty block size entry in '" + text + "'");
            }
            int slash = e.indexOf('/');
            long size = in.bytes(s, slash < 0 ? e : e.substring(0, slash));
            positive(s, size);
            long pct = -1;
            if (slash >= 0) {
                String p = e.substring(slash + 1).strip();
                if (!p.isEmpty()) {
                    if (!p.matches("[0-9]+")) {
                        throw in.bad(s, "'" + p + "' is not a percentage in '" + e + "'");
                    }
                    pct = Math.min(100, Long.parseLong(p.length() > 4 ? "100" : p));
                    if (pct == 0) {
                        pct = -1; // fio: a zero share counts as blank
                    }
                }
            }
            entries.add(new long[] {size, pct});
        }
        long sum = 0;
        int missing = 0;
        for (long[] e : entries) {
            if (e[1] < 0) {
                missing++;
            } else {
                sum += e[1];
            }
        }
        if (sum > 100) {
            throw in.bad(s, "the " + direction + " percentages add up to " + sum + "%, more than 100%");
        }
        if (missing > 0) {
            long each = entries.size() == 1 ? 100 : (100 - sum) / missing;
            for (long[] e : entries) {
                if (e[1] < 0) {
                    e[1] = each;
                }
            }
        }
        long total = 0;
        for (long[] e : entries) {
            total += e[1];
        }
        if (total < 100) {
            // fio (io_u.c get_next_buflen) sorts by share and gives a draw past the sum to the largest share.
            long[] top = entries.stream().max(Comparator.comparingLong(e -> e[1])).orElseThrow();
            if (missing == 0) {
                in.warn(s + ": the " + direction + " shares add up to " + total + "%; fio gives the other "
                        + (100 - total) + "% to the most frequent size, " + top[0] + " bytes");
            }
            top[1] += 100 - total;
        }
        List<BlockSizes.Weighted> out = new ArrayList<>();
        for (long[] e : entries) {
            out.add(new BlockSizes.Weighted(e[0], (int) e[1]));
        }
        return List.copyOf(out);
    }

    long readAlignment(BlockSizes sizes, int readPercent) {
        Setting ba = in.get("ba");
        long smallest = readPercent == 100
                ? sizes.reads().stream().mapToLong(BlockSizes.Weighted::bytes).min().orElse(DEFAULT_BS)
                : sizes.smallestWrite();
        if (ba == null) {
            return smallest;
        }
        String[] dirs = in.perDirection(ba);
        String part = readPercent == 100 ? dirs[0] : dirs[1];
        if (part.isEmpty()) {
            return smallest;
        }
        long a = in.bytes(ba, part);
        positive(ba, a);
        return a;
    }

}
