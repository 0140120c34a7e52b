package org.locktable.timing.fio;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import org.locktable.timing.workload.BlockSizes;
import org.locktable.timing.workload.InitialLayout;
import org.locktable.timing.workload.JobSpec;
import org.locktable.timing.workload.Workload;

/**
 * fio job files and command lines to {@link Workload}s: one per job section, with fio's defaults, units and
 * file setup rules.
 *
 * <pre>{@code
 * FioParser fio = new FioParser(FioEnvironment.defaults().withVariable("SIZE", "1g"));
 * List<Workload> a = fio.parseFile(Path.of("randrw.fio"));
 * List<Workload> b = fio.parseCommandLine("fio --name=w --rw=randwrite --bs=4k --size=2G --ioengine=libaio");
 * }</pre>
 *
 * <p>What each key becomes, following the fio HOWTO (3.42) and, where the HOWTO is silent, fio's source
 * (axboe/fio f5344384: options.c, filesetup.c, io_u.c):
 *
 * <ul>
 *   <li>{@code rw}/{@code readwrite}: read, write, rw/readwrite (sequential mix), randread, randwrite, randrw;
 *       default read. {@code :N} on a sequential pattern adds N bytes after each I/O ({@link JobSpec#skip()});
 *       on a random one it is a count of I/Os per random offset (not modelled, warned). Trims are rejected.</li>
 *   <li>{@code rwmixread}/{@code rwmixwrite}: mixed patterns only, default 50/50, the later one wins.</li>
 *   <li>{@code bs} (default 4096), {@code bs=r,w[,t]}, {@code bsrange} and {@code bssplit} by direction with
 *       fio's fill rule (a value not followed by a comma applies to the later directions); {@code bssplit}
 *       overrides {@code bsrange}, which overrides {@code bs}. A range is stored as its two bounds with
 *       {@link BlockSizes#range()} set (fio draws multiples of the minimum uniformly between them).</li>
 *   <li>{@code ba}/{@code blockalign}: the write alignment; default the smallest block size.</li>
 *   <li>{@code size}: per clone, divided among the clone's files unless {@code filesize} is given;
 *       {@link JobSpec#region()} is the bytes of <em>each file</em> a clone works in, {@link JobSpec#ioBytes()}
 *       {@code io_size}, else {@code size} (else {@code filesize} × files).</li>
 *   <li>{@code offset}, {@code offset_increment}: bytes, or a percentage of a fixed {@code filesize}.</li>
 *   <li>{@code filename} (colon separated, {@code \:} escapes a colon): every clone shares the file(s),
 *       {@code nrfiles} is ignored. Otherwise {@code filename_format} (default
 *       {@code $jobname.$jobnum.$filenum}): each clone has its own {@code nrfiles} files when the format
 *       contains {@code $jobnum}, shared ones otherwise.</li>
 *   <li>{@code time_based} + {@code runtime}: {@link JobSpec#timeBasedSeconds()}; {@code runtime} alone caps a
 *       fixed-work job (warned, not modelled); {@code ramp_time} is warned.</li>
 *   <li>{@code ioengine}: psync (default), sync, pvsync, pvsync2 → PSYNC; libaio; io_uring; anything else is
 *       warned and modelled as PSYNC. {@code iodepth} (default 1) is kept for async engines only.</li>
 *   <li>{@code direct}/{@code buffered} (inverse, the later wins); {@code sync=none|0|sync|1|dsync};
 *       the patched-fio {@code writethrough} and {@code noserial} (warned: not upstream fio).</li>
 *   <li>{@link InitialLayout}, fio's {@code filesetup.c} ({@code extend_file}): a job with reads, or a write
 *       job with {@code overwrite=1} and no {@code file_append}, gets its file written in full first: WRITTEN.
 *       Any other write job has its file preallocated by {@code fallocate} (default {@code native}, or
 *       {@code posix}): UNWRITTEN; {@code fallocate=none}: EMPTY (writes extend the file);
 *       {@code truncate}: EMPTY (holes below i_size, warned); {@code keep}: UNWRITTEN beyond i_size (warned).
 *       {@code file_append=1} does <em>not</em> skip the preallocation: fio preallocates the appended range
 *       too, so with the default {@code fallocate} appends land in unwritten blocks below i_size and do not
 *       extend the file (warned); only with {@code fallocate=none} do they extend it.</li>
 * </ul>
 *
 * <p>Keys the model does not read end up in {@link Workload#warnings()}: one warning per known fio key that is
 * ignored (with what that loses), one warning listing the unknown keys. Malformed input throws
 * {@link FioParseException} with the file and line, or the command line argument.
 */
public final class FioParser {
    private final FioEnvironment environment;

    /** With {@link FioEnvironment#defaults()}. */
    public FioParser() {
        this(FioEnvironment.defaults());
    }

    public FioParser(FioEnvironment environment) {
        this.environment = Objects.requireNonNull(environment, "environment");
    }

    public FioEnvironment environment() {
        return environment;
    }

    /** Reads and interprets a job file. */
    public List<Workload> parseFile(Path file) throws IOException {
        return workloads(FioJobFile.read(file, environment.includes()));
    }

    /** Interprets job file text; {@code source} names it in messages. */
    public List<Workload> parseJobFile(String text, String source) {
        return workloads(FioJobFile.parse(text, source, environment.includes()));
    }

    /** Interprets a fio command line, split as a shell would ({@link CommandLine#split}). */
    public List<Workload> parseCommandLine(String commandLine) {
        return workloads(FioJobFile.fromCommandLine(commandLine));
    }

    /** Interprets fio arguments already split into words. */
    public List<Workload> parseArguments(List<String> arguments) {
        return workloads(FioJobFile.fromArguments(arguments));
    }

    /** One workload per job of {@code file}, in order. */
    public List<Workload> workloads(FioJobFile file) {
        List<Workload> out = new ArrayList<>();
        for (FioJobFile.Job job : file.jobs()) {
            out.add(workload(job, file.notes()));
        }
        return List.copyOf(out);
    }

    /**
     * One job as a workload.
     *
     * @param notes reader notes to put first in the warnings (e.g. {@link FioJobFile#notes()})
     */
    public Workload workload(FioJobFile.Job job, List<String> notes) {
        return new JobReader(job, environment).read(notes);
    }
}
