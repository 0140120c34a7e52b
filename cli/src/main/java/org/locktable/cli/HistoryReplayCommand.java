package org.locktable.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import org.locktable.concurrency.history.HistoryReport;
import org.locktable.concurrency.history.KnownRace;
import org.locktable.concurrency.history.KnownRaces;
import org.locktable.engine.model.InvalidInputException;
import org.locktable.matrix.GuestRaceRig;
import org.locktable.matrix.KernelSpec;
import org.locktable.replay.LiveResult;
import org.locktable.replay.RaceRig;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code locktable race history}: the known races whose fix a patch undoes on Debian's 6.12, replayed in a guest on
 * the kernel built with those patches and on the one built without; the TSV history.md's live section is made from.
 */
@Command(name = "history", mixinStandardHelpOptions = true, sortOptions = false,
        versionProvider = LocktableCommand.Version.class,
        header = "Replay the known races with their fix undone on 6.12 (and not) in guests under QEMU.",
        description = {"For every race of generated-docs/history.md with an undoing patch "
                + "(kernel-matrix/patches/linux-6.12/history/): the shortest counterexample of the buggy era's policy, "
                + "replayed below the reordering device in a guest booted with --undone (6.12 built with every such "
                + "patch: locktable kernel build --source debian:6.12 --patch ...) and with --fixed (6.12 built "
                + "without). Writes the TSV (default generated-docs/data/history-live.tsv) that 'locktable docs' "
                + "turns into history.md's live section. QEMU, no root; about 15 s a replay under TCG."},
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {"0: replayed", "2: bad input", "3: this machine cannot run it (no QEMU, no kernel)",
            "70: internal error"})
final class HistoryReplayCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--undone", paramLabel = "VMLINUZ", required = true,
            converter = ConformanceCommand.KernelSpecConverter.class,
            description = "6.12 built with the history patches.")
    KernelSpec undone;

    @Option(names = "--fixed", paramLabel = "VMLINUZ", required = true,
            converter = ConformanceCommand.KernelSpecConverter.class,
            description = "6.12 built from the same source without them.")
    KernelSpec fixed;

    @Option(names = "--out", paramLabel = "FILE", description = "Where the TSV goes (default: ${DEFAULT-VALUE}).")
    Path out = DocsCommand.defaultDirectory().resolve("data/history-live.tsv");

    @Mixin
    KernelCacheOption cacheDir;

    @Override
    public Integer call() throws IOException, InvalidInputException {
        List<String> rows = new ArrayList<>();
        rows.add("# locktable race history: each known race with an undoing patch, its buggy era's shortest "
                + "counterexample replayed in a guest");
        rows.add("# race\tfs\tpatch\tkernel\tlive\tcontents");
        PrintStream console = new PrintStream(System.err, true, StandardCharsets.UTF_8);
        for (String[] kernel : new String[][] {{"undone", "6.12 with the patch"}, {"fixed", "6.12"}}) {
            KernelSpec spec = kernel[0].equals("undone") ? undone : fixed;
            try (RaceRig rig = GuestRaceRig.open(spec, cacheDir.cache(), console)) {
                for (KnownRace race : KnownRaces.ALL) {
                    if (race.revert().isEmpty()) {
                        continue;
                    }
                    HistoryReport.Run model = HistoryReport.run(race, race.buggy());
                    LiveResult live = rig.replay(model.policy(), HistoryReport.inode(race), HistoryReport.ops(race),
                            model.verdict(), "aio");
                    console.println("race history: " + race.name() + " (" + race.fileSystem() + ") on " + kernel[1]
                            + ": " + live.word());
                    rows.add(String.join("\t", race.name(), race.fileSystem().toString(), race.revert().get(), kernel[1],
                            live.word(), live.contents()));
                }
            }
        }
        Files.createDirectories(out.toAbsolutePath().getParent());
        Files.writeString(out, String.join("\n", rows) + "\n", StandardCharsets.UTF_8);
        spec().commandLine().getOut().println("wrote " + out);
        return Main.EXIT_OK;
    }

    private CommandSpec spec() {
        return spec;
    }
}
