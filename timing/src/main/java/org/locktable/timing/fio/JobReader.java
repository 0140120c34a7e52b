package org.locktable.timing.fio;

import java.util.List;
import java.util.Locale;

import org.locktable.timing.fio.JobSettings.Setting;
import org.locktable.timing.workload.BlockSizes;
import org.locktable.timing.workload.InitialLayout;
import org.locktable.timing.workload.JobSpec;
import org.locktable.timing.workload.SyncFileRange;
import org.locktable.timing.workload.Workload;

/** Reads one fio job's effective options into a {@link Workload}; the rules are listed on {@link FioParser}. */
final class JobReader {
    private final FioJobFile.Job job;
    private final FioEnvironment env;
    private JobSettings in;

    JobReader(FioJobFile.Job job, FioEnvironment env) {
        this.job = job;
        this.env = env;
    }

    Workload read(List<String> notes) {
        in = new JobSettings(job, env, notes);
        PatternOptions pattern = new PatternOptions(in);

        // Pattern and mix.
        PatternOptions.Rw rw = pattern.readRw();
        int readPercent = pattern.readPercent(rw);

        // Block sizes and alignment.
        BlockSizes sizes = pattern.readBlockSizes();
        long alignment = pattern.readAlignment(sizes, readPercent);

        // Files and sizes.
        FileCount files = readFiles();
        long fixedFilesize = -1;
        long region;
        Setting filesize = in.get("filesize");
        if (filesize != null) {
            long[] r = in.range(filesize);
            if (r[0] != r[1]) {
                in.warn(filesize + ": file sizes drawn from a range are not modelled; every file is "
                        + "taken as the midpoint, " + ((r[0] + r[1]) / 2) + " bytes");
            } else {
                fixedFilesize = r[0];
            }
            region = (r[0] + r[1]) / 2;
        } else {
            region = -1;
        }
        Setting sizeSetting = in.get("size");
        long size = -1;
        if (sizeSetting != null) {
            size = in.bytesOrPercentOfFilesize(sizeSetting, fixedFilesize);
        }
        if (size < 0 && region < 0) {
            if (env.defaultSize() == null) {
                throw FioParseException.at(job.origin(), "job '" + job.name() + "' gives neither size= nor "
                        + "filesize=: fio would use the size of existing files, which a job description does not "
                        + "give; add size=");
            }
            size = env.defaultSize();
            in.warn("no size= or filesize=: assumed size=" + size + " bytes per clone");
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
        Setting ioSize = in.get("io_size");
        if (ioSize != null) {
            FioValues.Amount a = in.amount(ioSize);
            long base = size >= 0 ? size : region * files.count;
            ioBytes = a.isPercent() ? base * a.percent() / 100 : a.bytes();
        } else {
            ioBytes = size >= 0 ? size : region * files.count;
        }

        long offset = in.offsetLike("offset", fixedFilesize);
        long offsetIncrement = in.offsetLike("offset_increment", fixedFilesize);

        int numjobs = 1;
        Setting nj = in.get("numjobs");
        if (nj != null) {
            numjobs = in.integer(nj);
            if (numjobs < 1) {
                throw FioParseException.at(nj.origin(), nj + ": numjobs must be at least 1");
            }
        }

        double timeBased = readTime();
        Engine engine = readEngine();
        boolean direct = in.bool("direct", false);
        boolean dsync = readSync();
        boolean writethrough = in.bool("writethrough", false);
        boolean noserial = in.bool("noserial", false);
        boolean overwrite = in.bool("overwrite", false);
        boolean fileAppend = in.bool("file_append", false);
        String fallocate = readFallocate();

        if (fileAppend && (offset != 0 || offsetIncrement != 0)) {
            in.warn("file_append=1: fio starts at the end of the file and ignores offset and "
                    + "offset_increment (filesetup.c get_start_offset); modelled from offset 0 of a new file");
            offset = 0;
            offsetIncrement = 0;
        }

        InitialLayout layout = layout(readPercent, overwrite, fileAppend, fallocate);

        SyncFileRange syncFileRange = readSyncFileRange();
        if (syncFileRange.enabled() && (direct || dsync)) {
            in.warn(in.get("sync_file_range") + ": the writes leave no dirty pages (" + (direct ? "O_DIRECT"
                    : "O_DSYNC") + "), so the calls find nothing to write back; modelled as no calls");
            syncFileRange = SyncFileRange.NONE;
        }
        JobSpec spec = new JobSpec(rw.pattern(), readPercent, sizes, offset, offsetIncrement, rw.skip(), region,
                ioBytes, timeBased, engine.engine, engine.iodepth, direct, dsync, writethrough, noserial,
                alignment, syncFileRange);
        return new Workload(job.name(), numjobs, spec, files.sharing, layout, in.warningsWithNotModelled());
    }

    private record FileCount(Workload.FileSharing sharing, int count) {
    }

    private FileCount readFiles() {
        Setting filename = in.get("filename");
        Setting nrfiles = in.get("nrfiles");
        int nr = 1;
        if (nrfiles != null) {
            nr = in.integer(nrfiles);
            if (nr < 1) {
                throw in.bad(nrfiles, "nrfiles must be at least 1");
            }
        }
        if (filename != null) {
            int n = countFileNames(filename);
            if (nrfiles != null && nr != n) {
                in.warn(nrfiles + " is ignored: " + filename.key() + " names " + n + " file"
                        + (n == 1 ? "" : "s") + " (fio ignores nrfiles when filename is given)");
            }
            return new FileCount(new Workload.FileSharing(true, n), n);
        }
        Setting format = in.get("filename_format");
        boolean shared = format != null && !in.value(format).contains("$jobnum");
        return new FileCount(new Workload.FileSharing(shared, nr), nr);
    }

    private int countFileNames(Setting s) {
        String v = in.value(s);
        int n = 0;
        StringBuilder cur = new StringBuilder();
        for (int i = 0; i < v.length(); i++) {
            char c = v.charAt(i);
            if (c == '\\' && i + 1 < v.length() && v.charAt(i + 1) == ':') {
                cur.append(':');
                i++;
            } else if (c == ':') {
                if (cur.length() == 0) {
                    throw in.bad(s, "an empty file name");
                }
                n++;
                cur.setLength(0);
            } else {
                cur.append(c);
            }
        }
        if (cur.length() == 0) {
            throw in.bad(s, "an empty file name");
        }
        return n + 1;
    }

    private double readTime() {
        boolean timeBased = in.bool("time_based", false);
        Setting runtime = in.get("runtime");
        double seconds = 0;
        if (runtime != null) {
            try {
                seconds = FioValues.seconds(in.value(runtime));
            } catch (FioValues.BadValue e) {
                throw in.bad(runtime, e.getMessage());
            }
        }
        if (timeBased && seconds <= 0) {
            Setting tb = in.get("time_based");
            throw FioParseException.at(tb.origin(), tb + ": time_based needs runtime= (fio would run until "
                    + "stopped)");
        }
        if (!timeBased && seconds > 0) {
            in.warn(runtime + " without time_based only caps a fixed-work run; not modelled (the model "
                    + "runs the job's I/O to completion)");
        }
        return timeBased ? seconds : 0;
    }

    private record Engine(JobSpec.Engine engine, int iodepth) {
    }

    private Engine readEngine() {
        Setting e = in.get("ioengine");
        String name = e == null ? "psync" : in.value(e).strip();
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
                    throw in.bad(e, "an empty engine name");
                }
                engine = JobSpec.Engine.PSYNC;
                in.warn(e + ": engine not modelled; modelled as psync (one synchronous I/O at a time)");
        }
        Setting d = in.get("iodepth");
        int depth = 1;
        if (d != null) {
            depth = in.integer(d);
            if (depth < 1) {
                throw in.bad(d, "iodepth must be at least 1");
            }
        }
        if (!engine.async()) {
            if (depth > 1) {
                in.warn(d + " has no effect on the synchronous " + name + " engine; modelled as 1");
            }
            depth = 1;
        }
        return new Engine(engine, depth);
    }

    private boolean readSync() {
        Setting s = in.get("sync");
        if (s == null) {
            return false;
        }
        switch (in.value(s).strip().toLowerCase(Locale.ROOT)) {
            case "none":
            case "0":
                return false;
            case "sync":
            case "1":
                return true;
            case "dsync":
                return true;
            default:
                throw in.bad(s, "sync is none, 0, sync, 1 or dsync");
        }
    }

    /** {@code sync_file_range=wait_before,write:16}: flags, then the number of writes between calls. */
    private SyncFileRange readSyncFileRange() {
        Setting s = in.get("sync_file_range");
        if (s == null) {
            return SyncFileRange.NONE;
        }
        String v = in.value(s).strip();
        int colon = v.lastIndexOf(':');
        if (colon < 0) {
            throw in.bad(s, "sync_file_range is FLAGS:N, as wait_before,write:16");
        }
        int every;
        try {
            every = Integer.parseInt(v.substring(colon + 1).strip());
        } catch (NumberFormatException e) {
            throw in.bad(s, "the number of writes after ':' is not an integer");
        }
        if (every < 1) {
            throw in.bad(s, "the number of writes after ':' must be at least 1");
        }
        boolean before = false;
        boolean write = false;
        boolean after = false;
        for (String flag : v.substring(0, colon).split(",")) {
            switch (flag.strip()) {
                case "wait_before" -> before = true;
                case "write" -> write = true;
                case "wait_after" -> after = true;
                default -> throw in.bad(s, "unknown flag '" + flag.strip() + "' (wait_before, write, wait_after)");
            }
        }
        return new SyncFileRange(before, write, after, every);
    }

    private String readFallocate() {
        Setting s = in.get("fallocate");
        if (s == null) {
            return "native";
        }
        String v = in.value(s).strip();
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
                throw in.bad(s, "fallocate is none, native, posix, keep or truncate (or 0/1)");
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
                in.warn("fallocate=truncate: fio sets the file size with ftruncate, so the file is all holes "
                        + "below i_size and writes fill holes without extending it");
                return InitialLayout.EMPTY;
            case "keep":
                in.warn("fallocate=keep: fio preallocates with FALLOC_FL_KEEP_SIZE, so the blocks are "
                        + "unwritten but i_size stays 0 and every write also extends the file; the layout "
                        + "model only says UNWRITTEN");
                return InitialLayout.UNWRITTEN;
            default:
                if (fileAppend) {
                    in.warn("file_append=1 with fallocate=" + fallocate + ": fio still preallocates the "
                            + "appended range (filesetup.c extend_file calls fallocate_file for append jobs too), "
                            + "so the writes land in unwritten blocks below i_size and do not extend the file; "
                            + "add fallocate=none for extending writes");
                }
                return InitialLayout.UNWRITTEN;
        }
    }

}
