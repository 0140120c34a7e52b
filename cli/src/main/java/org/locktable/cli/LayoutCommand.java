package org.locktable.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import org.locktable.engine.imports.ExtentMap;
import org.locktable.engine.imports.ExtentMapException;
import org.locktable.engine.imports.ExtentMapParser;
import org.locktable.engine.model.BlockState;
import org.locktable.engine.model.InvalidInputException;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code locktable layout}: a real file's extent map, from filefrag or the xfs tools, in layout notation. */
@Command(name = "layout", mixinStandardHelpOptions = true, sortOptions = false,
        versionProvider = LocktableCommand.Version.class,
        header = "Turn the extent map of a real file into a layout for 'decide'.",
        description = {"Reads the output of 'filefrag -v FILE', 'xfs_bmap -vp FILE' or 'xfs_io -c \"fiemap -v\" FILE' "
                + "(recognised by its header lines) and prints the file's layout, block size, size and extent records, "
                + "and the decide command line for it.",
            "",
            "Example: xfs_io -c \"fiemap -v\" data.img | locktable layout -",
            "",
            "filefrag states the block size and file size. xfs_bmap and xfs_io count 512-byte units and print no "
                + "file size: give the file system's block size with --block-size (default 4096) and i_size with "
                + "--size (default: the end of the map). xfs_bmap needs -p to show unwritten extents. Physically "
                + "contiguous neighbours in the same state are one extent record; others are separate records, "
                + "written '|' in the layout. Extents beyond EOF (fallocate KEEP_SIZE) are part of the layout.",
            "",
            "--json prints one object: layout, blockSize, size, records (start and length in blocks, state), "
                + "source, notes.",
            ""},
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {
            "0: the map was read",
            "2: bad input: an unreadable FILE, output locktable cannot read ('locktable: FILE:LINE: <what was "
                + "expected>'), a bad option",
            "70: internal error (a bug)"})
final class LayoutCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @ParentCommand
    LocktableCommand parent;

    @Option(names = "--block-size", paramLabel = "BYTES", converter = ByteCount.IntConverter.class,
            description = "File system block size (default: the one filefrag states; 4096 for xfs_bmap and xfs_io).")
    Integer blockSize;

    @Option(names = "--size", paramLabel = "BYTES", converter = ByteCount.LongConverter.class,
            description = "i_size (default: the size filefrag prints; the end of the map for xfs_bmap and xfs_io).")
    Long size;

    @Option(names = "--json", description = "Print one JSON object.")
    boolean json;

    @Parameters(index = "0", paramLabel = "FILE",
            description = "The tool's output, or - for standard input.")
    String file;

    @Override
    public Integer call() throws CliException, InvalidInputException {
        String name = file.equals("-") ? "<stdin>" : file;
        ExtentMap map;
        try (BufferedReader in = open(file, parent.stdin)) {
            map = ExtentMapParser.parse(in, new ExtentMapParser.Options(blockSize, size));
        } catch (ExtentMapException e) {
            throw new CliException(name + ":" + e.line() + ": " + e.expected());
        } catch (IOException e) {
            throw new CliException("cannot read " + (file.equals("-") ? "standard input" : "\"" + file + "\"") + ": "
                    + Main.oneLine(e.getMessage()));
        }
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            out.println(json(map));
        } else {
            text(out, map);
        }
        return Main.EXIT_OK;
    }

    private static BufferedReader open(String file, InputStream stdin) throws CliException {
        if (file.equals("-")) {
            return reader(stdin);
        }
        if (file.isEmpty()) {
            throw new CliException("layout needs a file name, or - for standard input");
        }
        Path path = Path.of(file);
        if (Files.isDirectory(path)) {
            throw new CliException("cannot read \"" + file + "\": it is a directory");
        }
        try {
            return reader(Files.newInputStream(path));
        } catch (NoSuchFileException e) {
            throw new CliException("cannot read \"" + file + "\": no such file");
        } catch (AccessDeniedException e) {
            throw new CliException("cannot read \"" + file + "\": permission denied");
        } catch (IOException | RuntimeException e) {
            throw new CliException("cannot read \"" + file + "\": " + Main.oneLine(e.getMessage()));
        }
    }

    /** UTF-8, with undecodable bytes replaced: binary garbage becomes a parse error, not an exception. */
    private static BufferedReader reader(InputStream in) {
        return new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPLACE).onUnmappableCharacter(CodingErrorAction.REPLACE)), 1 << 16);
    }

    static void text(PrintWriter out, ExtentMap map) {
        String layout = map.layout().toString();
        out.println("layout      " + (layout.isEmpty() ? "(no blocks)" : layout));
        out.println("block size  " + map.blockSize());
        String origin = "";
        if (map.sizeOrigin() == ExtentMap.SizeOrigin.END_OF_MAP) {
            origin = " (the end of the map: " + map.tool().label() + " prints no file size; give i_size with --size)";
        }
        out.println("size        " + map.size() + origin);
        List<ExtentMap.Record> records = map.records();
        out.println("records     " + records.size() + (records.isEmpty() ? "" : " (" + runs(records) + ")")
                + "  source: " + map.tool().label());
        for (String note : map.notes()) {
            out.println("note        " + Main.oneLine(note));
        }
        if (layout.isEmpty()) {
            out.println("decide with: nothing: the file has no blocks (give its size with --size to see its holes)");
        } else {
            out.println("decide with: locktable decide --layout \"" + layout + "\" --block-size " + map.blockSize()
                    + " --size " + map.size() + " --policy " + policy(map) + " --offset ... --len ...");
        }
    }

    /** Consecutive records of the same state counted together: {@code 1 written, 1 unwritten, 1 written}. */
    static String runs(List<ExtentMap.Record> records) {
        StringBuilder b = new StringBuilder();
        int i = 0;
        while (i < records.size()) {
            BlockState state = records.get(i).state();
            int j = i;
            while (j < records.size() && records.get(j).state() == state) {
                j++;
            }
            if (b.length() > 0) {
                b.append(", ");
            }
            b.append(j - i).append(' ').append(stateName(state));
            i = j;
        }
        return b.toString();
    }

    static String json(ExtentMap map) {
        return Json.write(g -> {
            g.writeStartObject();
            g.writeStringField("layout", map.layout().toString());
            g.writeNumberField("blockSize", map.blockSize());
            g.writeNumberField("size", map.size());
            g.writeArrayFieldStart("records");
            for (ExtentMap.Record r : map.records()) {
                g.writeStartObject();
                g.writeNumberField("start", r.start());
                g.writeNumberField("length", r.length());
                g.writeStringField("state", stateName(r.state()));
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeStringField("source", map.tool().label());
            Json.stringArray(g, "notes", map.notes());
            g.writeEndObject();
        });
    }

    private static String stateName(BlockState s) {
        return s.name().toLowerCase(Locale.ROOT);
    }

    /** The policy of the running kernel for the file system the map came from; ext4 when it does not say. */
    private static String policy(ExtentMap map) {
        return "xfs".equals(map.fileSystem()) ? "xfs-dio" : "ext4-base";
    }
}
