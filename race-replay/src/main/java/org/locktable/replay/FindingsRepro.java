package org.locktable.replay;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.locktable.rig.EnvironmentException;
import org.locktable.rig.LoopFs;
import org.locktable.rig.LoopFsSpec;
import org.locktable.rig.NativeHelper;
import org.locktable.rig.Requirements;
import org.locktable.rig.Sandbox;
import org.locktable.rig.Shell;

/**
 * The findings' reproducer without the reordering device ({@code dio-eof-zero-race.c}, the program the findings pages
 * ship for xfstests): each race started from threads released at once, round after round, on ext4 and XFS on a plain
 * loop device with direct I/O over tmpfs; how many rounds corrupt. A race that needs two in-flight bios to land out
 * of order (R4) depends on the device reordering them; one that needs an operation to run between another's i_size
 * sample and its lock (the XFS truncate race) only on the scheduler.
 */
public final class FindingsRepro {
    /** What it needs: loop mounts, ext4 and XFS, a compiler and libaio. */
    public static final Requirements REQUIREMENTS = Requirements.loopMounts().tools("mkfs.ext4", "mkfs.xfs").compiler()
            .filesystems("ext4", "xfs");
    /** The TSV's header. */
    public static final String HEADER = "race\tfile_system\tkernel\trounds\tcorrupt_rounds\tcommand";
    /** The program's races, as its first argument takes them. */
    public static final List<String> RACES = List.of("r4", "truncate");
    private static final Pattern RESULT = Pattern.compile("(\\d+) of (\\d+) rounds corrupt");

    /** One race on one file system: how many of {@code rounds} rounds corrupted the file. */
    public record Row(String race, String fileSystem, String kernel, int rounds, int corrupt) {
        public String tsv() {
            return String.join("\t", race, fileSystem, kernel, Integer.toString(rounds), Integer.toString(corrupt),
                    "dio-eof-zero-race " + race + " FILE " + rounds);
        }
    }

    private FindingsRepro() {
    }

    /** The program's source, as the findings pages ship it. */
    public static String source() throws IOException {
        return Natives.source("findings/dio-eof-zero-race.c");
    }

    /** Every race of {@link #RACES} on ext4 and on XFS, {@code rounds} rounds each; {@code progress} hears of each row. */
    public static List<Row> run(int rounds, Consumer<Row> progress) throws IOException {
        REQUIREMENTS.check();
        if (!java.nio.file.Files.exists(Path.of("/usr/include/libaio.h"))) {
            throw new EnvironmentException("/usr/include/libaio.h is missing (apt-get install libaio-dev)");
        }
        String kernel = Shell.check(List.of("uname", "-r")).strip();
        List<Row> rows = new ArrayList<>();
        try (Sandbox sandbox = new Sandbox()) {
            Path dir = sandbox.tmpfs("locktable-repro", "1200m");
            Path program = NativeHelper.compile(sandbox, dir, "dio-eof-zero-race", source(), List.of(),
                    List.of("-laio", "-pthread"));
            for (String type : List.of("ext4", "xfs")) {
                LoopFs fs = sandbox.loopFs(new LoopFsSpec(type, 512L << 20, 4096, LoopFsSpec.DEFAULT_SECTOR_SIZE, true),
                        dir.resolve(type + ".img"), dir.resolve(type), "the " + type + " file system of the reproducer");
                for (String race : RACES) {
                    Shell.Result r = sandbox.run(List.of(program.toString(), race, fs.mountPoint().resolve("f").toString(),
                            Integer.toString(rounds)), 600);
                    Matcher m = RESULT.matcher(r.out().strip());
                    if (!m.find()) {
                        throw new IOException("dio-eof-zero-race " + race + " on " + type + ": " + r.describe());
                    }
                    Row row = new Row(race, type, kernel, rounds, Integer.parseInt(m.group(1)));
                    progress.accept(row);
                    rows.add(row);
                }
            }
        }
        return rows;
    }

    /** The TSV: the header, then one line per row. */
    public static String tsv(List<Row> rows) {
        StringBuilder b = new StringBuilder(HEADER).append('\n');
        rows.forEach(r -> b.append(r.tsv()).append('\n'));
        return b.toString();
    }
}
