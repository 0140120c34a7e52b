package org.locktable.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import com.fasterxml.jackson.core.JsonGenerator;

import org.locktable.concurrency.Counterexample;
import org.locktable.concurrency.Exploration;
import org.locktable.concurrency.ExplorationBudget;
import org.locktable.concurrency.Operation;
import org.locktable.concurrency.Race;
import org.locktable.concurrency.RaceLimits;
import org.locktable.concurrency.Verdict;
import org.locktable.engine.catalog.PolicyCatalog;
import org.locktable.engine.model.BlockState;
import org.locktable.engine.model.Inode;
import org.locktable.engine.model.InvalidInputException;
import org.locktable.engine.policy.Policy;
import org.locktable.engine.policy.PolicyInfo;
import org.locktable.replay.LiveResult;
import org.locktable.replay.RaceRig;
import org.locktable.rig.EnvironmentException;
import org.locktable.rig.Progress;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code locktable race}: every schedule of two to four operations (writes, reads, truncate, punch, fallocate) on one inode, SAFE or UNSAFE with a counterexample. */
@Command(name = "race", mixinStandardHelpOptions = true, sortOptions = false,
        versionProvider = LocktableCommand.Version.class,
        subcommands = {ReplayAllCommand.class, RaceProbeCommand.class, FindingsReproCommand.class,
            HistoryReplayCommand.class},
        header = "Is the policy's decision safe for these concurrent writes? Explores every schedule.",
        description = {"Runs the operations on one inode through every schedule of their kernel steps (lock, drain, "
                + "bio submission, bio completion in any order, end_io, return) and checks that the final size and "
                + "contents come from some serial order (overlapping direct writes may interleave per sector), read "
                + "from the disk after every dirty page was written back, as after umount + mount. "
                + "A buffered write runs under its file system's buffered policy (ext4-buffered-bh for an ext4 "
                + "--policy, xfs-buffered for XFS): lock, copy into the page cache (a partial page read from the "
                + "disk as it is then), i_size, unlock; with fsync, one writeback bio per dirty page. "
                + "UNSAFE comes with a shortest schedule as a timeline and the bytes no serial order explains "
                + "(concurrency/README.md).",
            "",
            "Example: locktable race --policy ext4-base --layout \"W W\" --size 6144 --op \"aio-dio 5120+1024\" "
                + "--op \"dio 4096+4096\"",
            "Example: locktable race --policy ext4-base --layout \"W W\" --size 6144 --op \"aio-dio 5120+1024\" "
                + "--op \"buffered 6144+1024 fsync\"",
            "",
            "--json prints one object: policy, verdict, schedules, states, and for UNSAFE counterexample with "
                + "steps and badRanges ([start, end) byte pairs); collision, the same, when a page copied while a "
                + "direct write over it was in flight lost bytes (reported apart from the verdict); with --live also "
                + "live (CORRUPTED, INTACT or NOT_RUN) and liveRun (contents, badRanges, reads, holds, helper, writeLog).",
            "",
            "--live (root, FUSE, loop devices) then runs the race on the real kernel: the layout on ext4 or XFS (the "
                + "policy's file system) on a loop device with direct I/O over an image a reordering FUSE daemon "
                + "serves, which holds back exactly the writes the shortest counterexample completes late (for a SAFE "
                + "verdict: every earlier operation's writes until the next one's landed), the operations issued by a "
                + "native helper in the schedule's order, the file read back after umount + mount: CORRUPTED or "
                + "INTACT by the same criterion, with the daemon's write log (race-replay/README.md).",
            ""},
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {"0: explored (SAFE or UNSAFE); with --live, replayed (CORRUPTED or INTACT)",
            "2: bad input (policy, layout, size, an operation), or a case beyond the exploration budget (the message "
                + "says what was explored and how to shrink it)",
            "3: --live cannot run on this machine (not root, no FUSE, a library missing; with --json the model's "
                + "answer is printed, live NOT_RUN)", "70: internal error"})
final class RaceCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--policy", paramLabel = "ID", required = true, description = "Policy id (see 'locktable policies'), or kernel:VERSION with --fs.")
    String policy;

    @Mixin
    FsOption fs = new FsOption();

    @Mixin
    FileOptions file = new FileOptions();

    @Option(names = "--op", paramLabel = "OP", required = true,
            description = "An operation, 2 to 4 of them, in the order they start: \"aio-dio OFF+LEN\" (libaio/io_uring) "
                    + "\"dio OFF+LEN\" (sync), \"buffered OFF+LEN [fsync]\" (through the page cache, then fsync), "
                    + "\"truncate SIZE\", \"punch OFF+LEN\", \"fallocate OFF+LEN\", or a read: \"dio-read OFF+LEN\", "
                    + "\"aio-dio-read OFF+LEN\", \"buffered-read OFF+LEN\" (what it returns, bytes and length, must match "
                    + "some serial order), 512-byte granular; --policy is the direct-write policy.")
    List<String> ops;

    @Option(names = "--json", description = "Print one JSON object.")
    boolean json;

    @Option(names = "--live", description = "Also replay the race on the real kernel below a reordering device (root).")
    boolean live;

    @Mixin
    RaceKernelOption target;

    @Option(names = "--buffered-policy", paramLabel = "ID", description = {"Run buffered operations under this "
            + "buffered-write policy of the file system instead of its default (ext4-buffered-bh, xfs-buffered), e.g. "
            + "ext4-buffered-bh-dio-wait (Debian's 6.12: buffered writes wait for in-flight direct I/O)."})
    String bufferedPolicy;

    @Option(names = "--max-states", paramLabel = "N", description = {"Refuse, with what was explored, once the walk "
            + "holds N distinct states (default: as many as the Java heap holds, -Xmx; about 1.6 kB each)."})
    Integer maxStates;

    @Option(names = "--max-seconds", paramLabel = "S", description = {"Refuse, with what was explored, after S "
            + "seconds of exploring (default: ${DEFAULT-VALUE}; 0: no limit)."})
    int maxSeconds = 600;

    @Option(names = "--aio", paramLabel = "API", description = "How --live submits aio-dio: libaio or io_uring "
            + "(default: ${DEFAULT-VALUE}).")
    String aio = "libaio";

    @Override
    public Integer call() throws CliException, InvalidInputException, IOException {
        if (!aio.equals("libaio") && !aio.equals("io_uring")) {
            throw new CliException("--aio is libaio or io_uring, not '" + aio + "'");
        }
        Policy p = fs.one(policy, PolicyInfo.WritePath.DIRECT);
        if (file.layout == null) {
            throw new CliException("missing required option: --layout=LAYOUT");
        }
        Inode inode = file.inode().build();
        if (inode.layout().blocks() > RaceLimits.MAX_FILE_BLOCKS) {
            throw new CliException("race models files of up to " + RaceLimits.MAX_FILE_BLOCKS + " blocks ("
                    + RaceLimits.REASON + "), got " + inode.layout().blocks());
        }
        if (ops.size() < 2 || ops.size() > 4) {
            throw new CliException("race needs 2 to 4 --op, got " + ops.size());
        }
        List<Operation> operations = new ArrayList<>();
        for (String op : ops) {
            Operation o = Operation.parse(op);
            if (o.end() > RaceLimits.MAX_FILE_BLOCKS * inode.blockSize()) {
                throw new CliException("operation '" + op + "' ends beyond the " + RaceLimits.MAX_FILE_BLOCKS
                        + " blocks race models (" + RaceLimits.REASON + ")");
            }
            operations.add(o);
        }
        Verdict v;
        ExplorationProgressLine progress = new ExplorationProgressLine(spec.commandLine().getErr(),
                Progress.terminal());
        try {
            v = bufferedPolicy == null ? Race.explore(p, inode, operations, Exploration.FULL, budget(progress))
                    : Race.explore(p, PolicyCatalog.get(bufferedPolicy), inode, operations, Exploration.FULL,
                            budget(progress));
        } catch (UnsupportedOperationException refused) {
            throw new CliException(Main.oneLine(refused.getMessage()));
        } finally {
            progress.clear();
        }
        LiveResult replayed = null;
        if (live && inode.layout().anyIn(0, inode.layout().blocks() - 1, BlockState.DELALLOC)) {
            throw new CliException("--live builds H, U and W blocks; a delalloc block (D) has no O_DIRECT recipe");
        }
        if (target.kernel != null && !live) {
            throw new CliException("--kernel replays a race on that kernel: it needs --live");
        }
        if (live) {
            try (RaceRig rig = target.open()) {
                replayed = rig.replay(p, inode, operations, v, aio.equals("libaio") ? "aio" : "uring");
            } catch (EnvironmentException e) {
                if (json) {
                    spec.commandLine().getOut().print(json(v, true, null) + "\n"); // the model's answer, live NOT_RUN
                }
                throw new EnvironmentException("--live: " + e.getMessage()); // Main: exit 3
            } catch (IllegalArgumentException refused) {
                throw new CliException(Main.oneLine(refused.getMessage()));
            }
        }
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            out.print(json(v, live, replayed) + "\n");
        } else {
            out.print(text(v, operations) + (replayed == null ? "" : "\n" + replayed.text()));
        }
        return Main.EXIT_OK;
    }

    private ExplorationBudget budget(ExplorationBudget.Progress progress) throws CliException {
        if (maxStates != null && maxStates < 1) {
            throw new CliException("--max-states must be positive, got " + maxStates);
        }
        if (maxSeconds < 0) {
            throw new CliException("--max-seconds must be 0 (no limit) or positive, got " + maxSeconds);
        }
        ExplorationBudget b = ExplorationBudget.standard().withMaxTime(Duration.ofSeconds(maxSeconds)).withProgress(progress);
        return maxStates == null ? b : b.withMaxStates(maxStates);
    }

    /** What the letters of the sector string mean (Timeline.contents). */
    static final String SECTOR_LEGEND = "  (A, B, ...: that operation's bytes; 0: zeros; o: the file's original bytes; "
            + "?: stale bytes no operation wrote)\n";

    static String text(Verdict v, List<Operation> operations) {
        StringBuilder b = new StringBuilder();
        b.append(v.policy()).append(' ').append(operations).append(": ").append(v.headline()).append(" (")
                .append(Verdict.schedulesText(v.schedules())).append(" schedules, ").append(v.states()).append(" states)\n");
        v.counterexample().ifPresent(cx -> b.append("\nshortest counterexample (").append(cx.steps().size())
                .append(" steps):\n").append(cx.timeline()).append("bad bytes: ").append(cx.badRangesText())
                .append("\nfile after it, a letter per 512-byte sector: ").append(cx.contents()).append('\n')
                .append(SECTOR_LEGEND));
        v.collision().ifPresent(cx -> b.append("\nshortest direct/buffered page-cache collision (").append(cx.steps().size())
                .append(" steps; a page copied while a direct write over it was in flight):\n").append(cx.timeline())
                .append("bytes lost to the stale copy: ").append(cx.badRangesText())
                .append("\nfile after it, a letter per 512-byte sector: ").append(cx.contents()).append('\n')
                .append(SECTOR_LEGEND));
        return b.toString();
    }

    static String json(Verdict v) {
        return json(v, false, null);
    }

    static String json(Verdict v, boolean live, LiveResult run) {
        return Json.write(g -> {
            g.writeStartObject();
            g.writeStringField("policy", v.policy());
            g.writeStringField("verdict", v.word());
            g.writeNumberField("schedules", v.schedules());
            if (v.schedules() == Verdict.SCHEDULES_SATURATED) {
                g.writeBooleanField("schedulesSaturated", true); // more schedules than a long counts
            }
            g.writeNumberField("states", v.states());
            if (v.counterexample().isPresent()) {
                counterexample(g, "counterexample", v.counterexample().get());
            }
            if (v.collision().isPresent()) {
                counterexample(g, "collision", v.collision().get());
            }
            if (live) {
                g.writeStringField("live", run == null ? LiveResult.NOT_RUN : run.word());
            }
            if (run != null) {
                g.writeObjectFieldStart("liveRun");
                g.writeStringField("fileSystem", run.fileSystem());
                g.writeStringField("contents", run.contents());
                g.writeNumberField("size", run.size());
                Json.rangeArray(g, "badRanges", run.badRanges());
                Json.stringArray(g, "reads", run.reads());
                Json.stringArray(g, "holds", run.holds());
                Json.stringArray(g, "helper", run.helper());
                Json.stringArray(g, "writeLog", run.writeLog());
                g.writeEndObject();
            }
            g.writeEndObject();
        });
    }

    private static void counterexample(JsonGenerator g, String field, Counterexample cx) throws IOException {
        g.writeObjectFieldStart(field);
        Json.stringArray(g, "steps", cx.steps());
        Json.rangeArray(g, "badRanges", cx.badRanges());
        g.writeEndObject();
    }
}
