package org.locktable.timing.fio;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import org.locktable.timing.workload.BlockSizes;
import org.locktable.timing.workload.InitialLayout;
import org.locktable.timing.workload.JobSpec;
import org.locktable.timing.workload.SyncFileRange;
import org.locktable.timing.workload.Workload;

/** Reads one fio job's effective options into a {@link Workload}; the rules are listed on {@link FioParser}. */
final class JobReader {
    private static final String[] KEYWORDS = {"$pagesize", "$mb_memory", "$ncpus"};
    private static final long DEFAULT_BS = 4096;

    /** One effective option. */
    private record Setting(String key, String value, FioJobFile.Origin origin, int seq, boolean inverted) {
        @Override
        public String toString() {
            return value == null ? key : key + "=" + value;
        }
    }

    private final FioJobFile.Job job;
    private final FioEnvironment env;
    private final Map<String, Setting> settings = new LinkedHashMap<>();
    private final Set<String> unknown = new LinkedHashSet<>();
    private final List<String> warnings = new ArrayList<>();
    private int kbBase = 1024;

    JobReader(FioJobFile.Job job, FioEnvironment env) {
        this.job = job;
        this.env = env;
    }

    Workload read(List<String> notes) {
        warnings.addAll(notes);
        collect();
        kbBase = readKbBase();

        // Pattern and mix.
        Rw rw = readRw();
        int readPercent = readPercent(rw);

        // Block sizes and alignment.
        BlockSizes sizes = readBlockSizes();
        long alignment = readAlignment(sizes, readPercent);

        // Files and sizes.
        FileCount files = readFiles();
        long fixedFilesize = -1;
        long region;
        Setting filesize = settings.get("filesize");
        if (filesize != null) {
            long[] r = range(filesize);
            if (r[0] != r[1]) {
                warnings.add(filesize + ": file sizes drawn from a range are not modelled; every file is "
                        + "taken as the midpoint, " + ((r[0] + r[1]) / 2) + " bytes");
            } else {
                fixedFilesize = r[0];
            }
            region = (r[0] + r[1]) / 2;
        } else {
            region = -1;
        }
        Setting sizeSetting = settings.get("size");
        long size = -1;
        if (sizeSetting != null) {
            size = bytesOrPercentOfFilesize(sizeSetting, fixedFilesize);
        }
        if (size < 0 && region < 0) {
            if (env.defaultSize() == null) {
                throw FioParseException.at(job.origin(), "job '" + job.name() + "' gives neither size= nor "
                        + "filesize=: fio would use the size of existing files, which a job description does not "
                        + "give; add size=");
            }
            size = env.defaultSize();
            warnings.add("no size= or filesize=: assumed size=" + size + " bytes per clone");
        }
        if (region < 0) {
            region = size / files.count;
            if (region == 0) {
                throw FioParseException.at(sizeSetting != null ? sizeSetting.origin() : job.origin(),
                        "size " + size + " divided among " + files.count + " files leaves 0 bytes per file");
            }
        }
        if (region == 0) {
            throw FioParseException.at(filesize.origin(), filesize + ": a file of 0 bytes");
        }
        long ioBytes;
        Setting ioSize = settings.get("io_size");
        if (ioSize != null) {
            FioValues.Amount a = amount(ioSize);
            long base = size >= 0 ? size : region * files.count;
            ioBytes = a.isPercent() ? base * a.percent() / 100 : a.bytes();
        } else {
            ioBytes = size >= 0 ? size : region * files.count;
        }

        long offset = offsetLike("offset", fixedFilesize);
        long offsetIncrement = offsetLike("offset_increment", fixedFilesize);

        int numjobs = 1;
        Setting nj = settings.get("numjobs");
        if (nj != null) {
            numjobs = integer(nj);
            if (numjobs < 1) {
                throw FioParseException.at(nj.origin(), nj + ": numjobs must be at least 1");
            }
        }

        double timeBased = readTime();
        Engine engine = readEngine();
        boolean direct = bool("direct", false);
        boolean dsync = readSync();
        boolean writethrough = bool("writethrough", false);
        boolean noserial = bool("noserial", false);
        boolean overwrite = bool("overwrite", false);
        boolean fileAppend = bool("file_append", false);
        String fallocate = readFallocate();

        if (fileAppend && (offset != 0 || offsetIncrement != 0)) {
            warnings.add("file_append=1: fio starts at the end of the file and ignores offset and "
                    + "offset_increment (filesetup.c get_start_offset); modelled from offset 0 of a new file");
            offset = 0;
            offsetIncrement = 0;
        }

        InitialLayout layout = layout(readPercent, overwrite, fileAppend, fallocate);

        SyncFileRange syncFileRange = readSyncFileRange();
        if (syncFileRange.enabled() && (direct || dsync)) {
            warnings.add(settings.get("sync_file_range") + ": the writes leave no dirty pages (" + (direct ? "O_DIRECT"
                    : "O_DSYNC") + "), so the calls find nothing to write back; modelled as no calls");
            syncFileRange = SyncFileRange.NONE;
        }
        JobSpec spec = new JobSpec(rw.pattern, readPercent, sizes, offset, offsetIncrement, rw.skip, region,
                ioBytes, timeBased, engine.engine, engine.iodepth, direct, dsync, writethrough, noserial,
                alignment, syncFileRange);
        warnNotModelled();
        return new Workload(job.name(), numjobs, spec, files.sharing, layout, List.copyOf(warnings));
    }

    // ----------------------------------------------------------------------------------------- collection

    private void collect() {
        int seq = 0;
        for (FioJobFile.Option o : job.options()) {
            String key = o.key();
            if (FioOptions.COMMAND_ONLY.contains(key)) {
                continue;
            }
            if (!FioOptions.known(key)) {
                unknown.add(key);
                continue;
            }
            String canonical = FioOptions.canonical(key);
            String value = substitute(o.value(), o.origin(), key);
            boolean inverted = false;
            if (canonical.equals("buffered")) {
                canonical = "direct";
                inverted = true;
            }
            settings.remove(canonical);
            settings.put(canonical, new Setting(key, value, o.origin(), seq++, inverted));
        }
        if (!unknown.isEmpty()) {
            List<String> described = new ArrayList<>();
            for (String u : unknown) {
                String near = FioOptions.closestOption(u);
                described.add(near == null ? u : u + " (did you mean " + near + "?)");
            }
            warnings.add("unknown options, ignored (not fio options): " + String.join(", ", described));
        }
    }

    /** fio's {@code ${VAR}} substitution, then {@code $pagesize}/{@code $mb_memory}/{@code $ncpus} with math. */
    private String substitute(String value, FioJobFile.Origin origin, String key) {
        if (value == null) {
            return null;
        }
        StringBuilder out = new StringBuilder();
        int i = 0;
        while (i < value.length()) {
            if (value.startsWith("${", i)) {
                int end = value.indexOf('}', i + 2);
                if (end > i + 2) {
                    String name = value.substring(i + 2, end);
                    out.append(env.variables().getOrDefault(name, ""));
                    i = end + 1;
                    continue;
                }
            }
            out.append(value.charAt(i));
            i++;
        }
        String v = out.toString();
        boolean replaced = false;
        for (String kw : KEYWORDS) {
            if (v.contains(kw)) {
                v = v.replace(kw, keywordValue(kw));
                replaced = true;
            }
        }
        // fio (options.c bc_calc) evaluates a value with a keyword and + - * / as integer arithmetic.
        if (replaced && !v.startsWith("(") && v.chars().anyMatch(c -> c == '+' || c == '-' || c == '*'
                || c == '/') && v.indexOf('\'') < 0) {
            try {
                FioExpression.Result r = FioExpression.evaluate("(" + v + ")", FioExpression.Kind.PLAIN, kbBase);
                v = Long.toString(r.asLong());
            } catch (FioValues.BadValue e) {
                throw FioParseException.at(origin, key + "=" + value + ": " + e.getMessage());
            }
        }
        return v;
    }

    private String keywordValue(String kw) {
        switch (kw) {
            case "$pagesize":
                return Long.toString(env.pagesize());
            case "$mb_memory":
                return Long.toString(env.mbMemory());
            default:
                return Integer.toString(env.ncpus());
        }
    }

    // ------------------------------------------------------------------------------------------- helpers

    private FioParseException bad(Setting s, String problem) {
        return FioParseException.at(s.origin(), s + ": " + problem);
    }

    private String value(Setting s) {
        if (s.value() == null) {
            throw FioParseException.at(s.origin(), s.key() + " needs a value (" + s.key() + "=...)");
        }
        return s.value();
    }

    private long bytes(Setting s) {
        try {
            return FioValues.bytes(value(s), kbBase);
        } catch (FioValues.BadValue e) {
            throw bad(s, e.getMessage());
        }
    }

    private long bytes(Setting s, String part) {
        try {
            return FioValues.bytes(part, kbBase);
        } catch (FioValues.BadValue e) {
            throw bad(s, e.getMessage());
        }
    }

    private FioValues.Amount amount(Setting s) {
        try {
            return FioValues.amount(value(s), kbBase);
        } catch (FioValues.BadValue e) {
            throw bad(s, e.getMessage());
        }
    }

    private long[] range(Setting s) {
        return range(s, value(s));
    }

    private long[] range(Setting s, String part) {
        try {
            return FioValues.range(part, kbBase);
        } catch (FioValues.BadValue e) {
            throw bad(s, e.getMessage());
        }
    }

    private int integer(Setting s) {
        try {
            return FioValues.integer(value(s), kbBase);
        } catch (FioValues.BadValue e) {
            throw bad(s, e.getMessage());
        }
    }

    private boolean bool(String key, boolean dflt) {
        Setting s = settings.get(key);
        if (s == null) {
            return dflt;
        }
        boolean v;
        if (s.value() == null) {
            if (!FioOptions.flag(s.key())) {
                throw FioParseException.at(s.origin(), s.key() + " needs a value (" + s.key() + "=0 or "
                        + s.key() + "=1)");
            }
            v = true;
        } else {
            try {
                v = FioValues.bool(s.value());
            } catch (FioValues.BadValue e) {
                throw bad(s, e.getMessage());
            }
        }
        return s.inverted() ? !v : v;
    }

    private long bytesOrPercentOfFilesize(Setting s, long fixedFilesize) {
        FioValues.Amount a = amount(s);
        if (!a.isPercent()) {
            return a.bytes();
        }
        if (fixedFilesize < 0) {
            throw bad(s, "a percentage of the file's real size needs a fixed filesize= (a job description "
                    + "alone does not give the size of an existing file)");
        }
        return fixedFilesize * a.percent() / 100;
    }

    private long offsetLike(String key, long fixedFilesize) {
        Setting s = settings.get(key);
        return s == null ? 0 : bytesOrPercentOfFilesize(s, fixedFilesize);
    }

    /** fio's per-direction fill rule: "a" → a,a,a; "a,b" → a,b,b; "a,b," → a,b,(default); ",b" → (default),b,b. */
    private String[] perDirection(Setting s) {
        String[] parts = value(s).split(",", -1);
        if (parts.length > 3) {
            throw bad(s, "at most three comma-separated values (reads, writes, trims)");
        }
        String[] out = new String[3];
        for (int i = 0; i < 3; i++) {
            out[i] = (i < parts.length ? parts[i] : parts[parts.length - 1]).strip();
        }
        return out;
    }

    // -------------------------------------------------------------------------------------------- options

    private int readKbBase() {
        Setting s = settings.get("kb_base");
        if (s == null) {
            return 1024;
        }
        String v = value(s).strip();
        if (v.equals("1024")) {
            return 1024;
        }
        if (v.equals("1000")) {
            return 1000;
        }
        throw bad(s, "kb_base is 1024 or 1000");
    }

    private record Rw(JobSpec.Pattern pattern, boolean reads, boolean writes, long skip) {
    }

    private Rw readRw() {
        Setting s = settings.get("rw");
        if (s == null) {
            return new Rw(JobSpec.Pattern.SEQUENTIAL, true, false, 0);
        }
        String v = value(s).strip();
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
                throw bad(s, "trims are not modelled");
            default:
                throw bad(s, "unknown I/O pattern '" + base + "' (read, write, rw, readwrite, randread, randwrite, "
                        + "randrw)");
        }
        long skip = 0;
        if (postfix != null) {
            if (postfix.isEmpty()) {
                throw bad(s, "nothing after ':'");
            }
            long n = bytes(s, postfix);
            if (pattern == JobSpec.Pattern.SEQUENTIAL) {
                skip = n;
            } else if (n == 0) {
                throw bad(s, "the number of I/Os per random offset must be at least 1");
            } else if (n != 1) {
                warnings.add(s + ": " + n + " I/Os per random offset (rw_sequencer) are not modelled; every "
                        + "I/O is modelled at a new random offset");
            }
        }
        return new Rw(pattern, reads, writes, skip);
    }

    private int readPercent(Rw rw) {
        if (!rw.writes) {
            return 100;
        }
        if (!rw.reads) {
            return 0;
        }
        Setting r = settings.get("rwmixread");
        Setting w = settings.get("rwmixwrite");
        if (r == null && w == null) {
            return 50;
        }
        boolean useWrite = w != null && (r == null || w.seq() > r.seq());
        Setting s = useWrite ? w : r;
        int pct = integer(s);
        if (pct > 100) {
            throw bad(s, "a percentage from 0 to 100");
        }
        return useWrite ? 100 - pct : pct;
    }

    private BlockSizes readBlockSizes() {
        Setting split = settings.get("bssplit");
        Setting range = settings.get("bsrange");
        Setting bs = settings.get("bs");
        if (split != null && (range != null || bs != null)) {
            warnings.add(split + " overrides " + (range != null ? range : bs));
        } else if (range != null && bs != null) {
            warnings.add(range + " overrides " + bs);
        }
        if (split != null) {
            String[] dirs = perDirection(split);
            List<BlockSizes.Weighted> reads = splitOne(split, dirs[0], "reads");
            List<BlockSizes.Weighted> writes = splitOne(split, dirs[1], "writes");
            return new BlockSizes(writes, reads, false);
        }
        if (range != null) {
            String v = value(range);
            String[] dirs = v.indexOf(',') < 0 && v.indexOf('/') >= 0
                    ? perDirection(new Setting(range.key(), v.replace('/', ','), range.origin(), range.seq(), false))
                    : perDirection(range);
            long[] r = dirs[0].isEmpty() ? new long[] {DEFAULT_BS, DEFAULT_BS} : range(range, dirs[0]);
            long[] w = dirs[1].isEmpty() ? new long[] {DEFAULT_BS, DEFAULT_BS} : range(range, dirs[1]);
            positive(range, r[0]);
            positive(range, w[0]);
            boolean isRange = r[0] != r[1] || w[0] != w[1];
            return new BlockSizes(bounds(w), bounds(r), isRange);
        }
        if (bs != null) {
            String[] dirs = perDirection(bs);
            long r = dirs[0].isEmpty() ? DEFAULT_BS : bytes(bs, dirs[0]);
            long w = dirs[1].isEmpty() ? DEFAULT_BS : bytes(bs, dirs[1]);
            positive(bs, r);
            positive(bs, w);
            return new BlockSizes(List.of(new BlockSizes.Weighted(w, 100)), List.of(new BlockSizes.Weighted(r, 100)),
                    false);
        }
        return BlockSizes.fixed(DEFAULT_BS);
    }

    private void positive(Setting s, long b) {
        if (b <= 0) {
            throw bad(s, "a block size must be positive");
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
                throw bad(s, "an empty block size entry in '" + text + "'");
            }
            int slash = e.indexOf('/');
            long size = bytes(s, slash < 0 ? e : e.substring(0, slash));
            positive(s, size);
            long pct = -1;
            if (slash >= 0) {
                String p = e.substring(slash + 1).strip();
                if (!p.isEmpty()) {
                    if (!p.matches("[0-9]+")) {
                        throw bad(s, "'" + p + "' is not a percentage in '" + e + "'");
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
            throw bad(s, "the " + direction + " percentages add up to " + sum + "%, more than 100%");
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
                warnings.add(s + ": the " + direction + " shares add up to " + total + "%; fio gives the other "
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

    private long readAlignment(BlockSizes sizes, int readPercent) {
        Setting ba = settings.get("ba");
        long smallest = readPercent == 100
                ? sizes.reads().stream().mapToLong(BlockSizes.Weighted::bytes).min().orElse(DEFAULT_BS)
                : sizes.smallestWrite();
        if (ba == null) {
            return smallest;
        }
        String[] dirs = perDirection(ba);
        String part = readPercent == 100 ? dirs[0] : dirs[1];
        if (part.isEmpty()) {
            return smallest;
        }
        long a = bytes(ba, part);
        positive(ba, a);
        return a;
    }

    private record FileCount(Workload.FileSharing sharing, int count) {
    }

    private FileCount readFiles() {
        Setting filename = settings.get("filename");
        Setting nrfiles = settings.get("nrfiles");
        int nr = 1;
        if (nrfiles != null) {
            nr = integer(nrfiles);
            if (nr < 1) {
                throw bad(nrfiles, "nrfiles must be at least 1");
            }
        }
        if (filename != null) {
            int n = countFileNames(filename);
            if (nrfiles != null && nr != n) {
                warnings.add(nrfiles + " is ignored: " + filename.key() + " names " + n + " file"
                        + (n == 1 ? "" : "s") + " (fio ignores nrfiles when filename is given)");
            }
            return new FileCount(new Workload.FileSharing(true, n), n);
        }
        Setting format = settings.get("filename_format");
        boolean shared = format != null && !value(format).contains("$jobnum");
        return new FileCount(new Workload.FileSharing(shared, nr), nr);
    }

    private int countFileNames(Setting s) {
        String v = value(s);
        int n = 0;
        StringBuilder cur = new StringBuilder();
        for (int i = 0; i < v.length(); i++) {
            char c = v.charAt(i);
            if (c == '\\' && i + 1 < v.length() && v.charAt(i + 1) == ':') {
                cur.append(':');
                i++;
            } else if (c == ':') {
                if (cur.length() == 0) {
                    throw bad(s, "an empty file name");
                }
                n++;
                cur.setLength(0);
            } else {
                cur.append(c);
            }
        }
        if (cur.length() == 0) {
            throw bad(s, "an empty file name");
        }
        return n + 1;
    }

    private double readTime() {
        boolean timeBased = bool("time_based", false);
        Setting runtime = settings.get("runtime");
        double seconds = 0;
        if (runtime != null) {
            try {
                seconds = FioValues.seconds(value(runtime));
            } catch (FioValues.BadValue e) {
                throw bad(runtime, e.getMessage());
            }
        }
        if (timeBased && seconds <= 0) {
            Setting tb = settings.get("time_based");
            throw FioParseException.at(tb.origin(), tb + ": time_based needs runtime= (fio would run until "
                    + "stopped)");
        }
        if (!timeBased && seconds > 0) {
            warnings.add(runtime + " without time_based only caps a fixed-work run; not modelled (the model "
                    + "runs the job's I/O to completion)");
        }
        return timeBased ? seconds : 0;
    }

    private record Engine(JobSpec.Engine engine, int iodepth) {
    }

    private Engine readEngine() {
        Setting e = settings.get("ioengine");
        String name = e == null ? "psync" : value(e).strip();
        JobSpec.Engine engine;
        switch (name) {
            case "psync":
            case "sync":
            case "pvsync":
            case "pvsync2":
                engine = JobSpec.Engine.PSYNC;
                break;
            case "libaio":
                engine = JobSpec.Engine.LIBAIO;
                break;
            case "io_uring":
                engine = JobSpec.Engine.IO_URING;
                break;
            default:
                if (name.isEmpty()) {
                    throw bad(e, "an empty engine name");
                }
                engine = JobSpec.Engine.PSYNC;
                warnings.add(e + ": engine not modelled; modelled as psync (one synchronous I/O at a time)");
        }
        Setting d = settings.get("iodepth");
        int depth = 1;
        if (d != null) {
            depth = integer(d);
            if (depth < 1) {
                throw bad(d, "iodepth must be at least 1");
            }
        }
        if (!engine.async()) {
            if (depth > 1) {
                warnings.add(d + " has no effect on the synchronous " + name + " engine; modelled as 1");
            }
            depth = 1;
        }
        return new Engine(engine, depth);
    }

    private boolean readSync() {
        Setting s = settings.get("sync");
        if (s == null) {
            return false;
        }
        switch (value(s).strip().toLowerCase(Locale.ROOT)) {
            case "none":
            case "0":
                return false;
            case "sync":
            case "1":
                return true;
            case "dsync":
                return true;
            default:
                throw bad(s, "sync is none, 0, sync, 1 or dsync");
        }
    }

    /** {@code sync_file_range=wait_before,write:16}: flags, then the number of writes between calls. */
    private SyncFileRange readSyncFileRange() {
        Setting s = settings.get("sync_file_range");
        if (s == null) {
            return SyncFileRange.NONE;
        }
        String v = value(s).strip();
        int colon = v.lastIndexOf(':');
        if (colon < 0) {
            throw bad(s, "sync_file_range is FLAGS:N, as wait_before,write:16");
        }
        int every;
        try {
            every = Integer.parseInt(v.substring(colon + 1).strip());
        } catch (NumberFormatException e) {
            throw bad(s, "the number of writes after ':' is not an integer");
        }
        if (every < 1) {
            throw bad(s, "the number of writes after ':' must be at least 1");
        }
        boolean before = false;
        boolean write = false;
        boolean after = false;
        for (String flag : v.substring(0, colon).split(",")) {
            switch (flag.strip()) {
                case "wait_before" -> before = true;
                case "write" -> write = true;
                case "wait_after" -> after = true;
                default -> throw bad(s, "unknown flag '" + flag.strip() + "' (wait_before, write, wait_after)");
            }
        }
        return new SyncFileRange(before, write, after, every);
    }

    private String readFallocate() {
        Setting s = settings.get("fallocate");
        if (s == null) {
            return "native";
        }
        String v = value(s).strip();
        switch (v) {
            case "none":
            case "0":
                return "none";
            case "native":
                return "native";
            case "posix":
            case "1":
                return "posix";
            case "keep":
                return "keep";
            case "truncate":
                return "truncate";
            default:
                throw bad(s, "fallocate is none, native, posix, keep or truncate (or 0/1)");
        }
    }

    private InitialLayout layout(int readPercent, boolean overwrite, boolean fileAppend, String fallocate) {
        boolean reads = readPercent > 0;
        if (reads || (overwrite && !fileAppend)) {
            return InitialLayout.WRITTEN;
        }
        switch (fallocate) {
            case "none":
                return InitialLayout.EMPTY;
            case "truncate":
                warnings.add("fallocate=truncate: fio sets the file size with ftruncate, so the file is all holes "
                        + "below i_size and writes fill holes without extending it");
                return InitialLayout.EMPTY;
            case "keep":
                warnings.add("fallocate=keep: fio preallocates with FALLOC_FL_KEEP_SIZE, so the blocks are "
                        + "unwritten but i_size stays 0 and every write also extends the file; the layout "
                        + "model only says UNWRITTEN");
                return InitialLayout.UNWRITTEN;
            default:
                if (fileAppend) {
                    warnings.add("file_append=1 with fallocate=" + fallocate + ": fio still preallocates the "
                            + "appended range (filesetup.c extend_file calls fallocate_file for append jobs too), "
                            + "so the writes land in unwritten blocks below i_size and do not extend the file; "
                            + "add fallocate=none for extending writes");
                }
                return InitialLayout.UNWRITTEN;
        }
    }

    // ------------------------------------------------------------------------------------------ warnings

    private void warnNotModelled() {
        for (Setting s : settings.values()) {
            String key = FioOptions.canonical(s.key());
            if (key.equals("buffered")) {
                continue;
            }
            if (FioOptions.PATCHED.contains(key)) {
                warnings.add(s + ": not an upstream fio option (the patched fio of seed 002, "
                        + (key.equals("writethrough") ? "RWF_WRITETHROUGH" : "RWF_NOSERIAL")
                        + "); modelled as given");
                continue;
            }
            if (FioOptions.MODELLED.contains(key) || FioOptions.COSMETIC.contains(key) || key.equals("direct")) {
                continue;
            }
            warnings.add(notModelled(s, key));
        }
    }

    private static String notModelled(Setting s, String key) {
        switch (key) {
            case "ramp_time":
                return s + ": not modelled (fio leaves the lead-in out of its statistics and runs that much "
                        + "longer; the model measures the whole run)";
            case "norandommap":
                return s + ": not modelled (fio draws random offsets without tracking coverage)";
            case "randrepeat":
            case "randseed":
                return s + ": not modelled";
            case "fsync":
            case "fdatasync":
            case "end_fsync":
            case "fsync_on_close":
            case "end_syncfs":
                return s + ": the extra sync calls are not modelled";
            case "invalidate":
                return s + ": page cache invalidation before the run is not modelled";
            case "file_service_type":
                return s + ": how a clone picks among its files is not modelled";
            case "bs_unaligned":
                return s + ": sizes off multiples of the minimum are not modelled";
            case "rw_sequencer":
                return s + ": not modelled";
            case "thinktime":
            case "rate":
            case "rate_iops":
                return s + ": pacing is not modelled (the model's jobs issue I/O back to back)";
            default:
                return s + ": read but not modelled";
        }
    }
}
