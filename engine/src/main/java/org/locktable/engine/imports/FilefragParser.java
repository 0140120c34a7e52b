package org.locktable.engine.imports;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.locktable.engine.model.BlockState;
import org.locktable.engine.model.Inode;
import org.locktable.engine.model.InvalidInputException;

/**
 * {@code filefrag -v} (e2fsprogs {@code misc/filefrag.c}):
 * <pre>
 * Filesystem type is: ef53
 * File size of wuuw is 16384 (4 blocks of 4096 bytes)
 *  ext:     logical_offset:        physical_offset: length:   expected: flags:
 *    0:        0..       0:      33280..     33280:      1:
 *    1:        1..       2:      33282..     33283:      2:      33281: unwritten
 *    2:        3..       3:      33281..     33281:      1:      33284: last,eof
 * wuuw: 3 extents found
 * </pre>
 * Numbers are in the unit of the header (the block size, or {@code -k}/{@code -b}), in hex with {@code -X}
 * (no {@code 0x}: the radix is told by a digit a-f or, failing that, by which radix agrees with the
 * {@code eof} flags). Holes are gaps (or, with {@code -E}, rows flagged {@code hole}); delalloc rows have
 * physical {@code 0..0} and length 0. The footer's count is of physically discontiguous runs, not of rows.
 */
final class FilefragParser {
    static final Pattern TABLE_HEADER = Pattern.compile("^\\s*ext:\\s+logical_offset:\\s+physical_offset:\\s+length:"
            + "\\s+expected:\\s+flags:\\s*$");
    private static final Pattern FS_TYPE = Pattern.compile("^Filesystem type is: ([0-9a-fA-F]+)\\s*$");
    private static final Pattern CYLINDER_GROUPS = Pattern.compile("^Filesystem cylinder groups (is )?approximately \\d+\\s*$");
    private static final Pattern FILE_SIZE = Pattern.compile(
            "^File size of (.*) is (\\d+) \\((\\d+) blocks? of (\\d+) bytes\\)( -- pre-cached)?\\s*$");
    private static final String H = "([0-9a-fA-F]+)";
    private static final Pattern ROW = Pattern.compile("^\\s*(\\d+):\\s*" + H + "\\.\\.\\s*" + H + ":\\s*" + H
            + "\\.\\.\\s*" + H + ":\\s*" + H + ":(.*)$");
    private static final Pattern EXPECTED = Pattern.compile("^\\s*" + H + ":(.*)$");
    private static final Pattern FOOTER = Pattern.compile("^(.*): (\\d+) extents? found(, perfection would be \\d+ extents?)?\\s*$");
    private static final Pattern HEX_LETTER = Pattern.compile("[a-fA-F]");
    private static final String FILE_SIZE_TEXT = "\"File size of FILE is BYTES (N blocks of B bytes)\"";
    private static final String ROW_TEXT = "an extent row \"N: START..END: PSTART..PEND: LENGTH: [EXPECTED:] FLAGS\"";

    /** One extent row as printed. */
    private record Row(int line, int index, String first, String last, String physFirst, String physLast,
            String length, Set<String> flags) {
    }

    private FilefragParser() {
    }

    static ExtentMap parse(Lines in, ExtentMapParser.Options options) throws InvalidInputException {
        in.skipBlank();
        String fileSystem = null;
        Matcher m = FS_TYPE.matcher(in.peek());
        if (m.matches()) {
            in.take();
            fileSystem = fileSystemName(m.group(1));
        }
        if (!in.atEnd() && CYLINDER_GROUPS.matcher(in.peek()).matches()) {
            in.take();
        }
        String sizeLine = in.peek();
        m = sizeLine == null ? null : FILE_SIZE.matcher(sizeLine);
        if (m == null || !m.matches()) {
            throw new ExtentMapException(in.number(), "expected " + FILE_SIZE_TEXT + " (filefrag -v prints it before the"
                    + " extent table); found " + Lines.quote(sizeLine));
        }
        in.take();
        int headerLine = in.taken();
        String fileName = m.group(1);
        long size = ExtentMapParser.number(m.group(2), 10, headerLine);
        long unitCount = ExtentMapParser.number(m.group(3), 10, headerLine);
        long unitLong = ExtentMapParser.number(m.group(4), 10, headerLine);

        List<Row> rows = new ArrayList<>();
        boolean footer = false;
        if (!in.atEnd() && TABLE_HEADER.matcher(in.peek()).matches()) {
            in.take();
            while (!in.atEnd()) {
                String text = in.peek();
                if (FOOTER.matcher(text).matches()) {
                    break;
                }
                rows.add(row(in.number(), text, rows.size()));
                in.take();
            }
        }
        if (!in.atEnd() && FOOTER.matcher(in.peek()).matches()) {
            in.take();
            footer = true;
        } else if (in.atEnd() && !rows.isEmpty() && rows.get(rows.size() - 1).flags().contains("last")) {
            footer = true; // the footer was cut off, but the kernel's LAST flag says the map is complete
        }
        if (!footer) {
            throw new ExtentMapException(in.number(), "expected " + (rows.isEmpty() ? "the extent table header \" ext:"
                    + " logical_offset: physical_offset: length: expected: flags:\" or " : ROW_TEXT + " or ")
                    + "the \"FILE: N extents found\" line; found " + Lines.quote(in.peek())
                    + (in.atEnd() ? " (is the output cut short?)" : ""));
        }
        in.skipBlank();
        if (!in.atEnd()) {
            String extra = in.peek();
            throw new ExtentMapException(in.number(), FILE_SIZE.matcher(extra).matches()
                    ? "expected the map of one file; a second file's map starts here (run filefrag -v on one file)"
                    : "expected the end of filefrag's output after the \"extents found\" line; found "
                            + Lines.quote(extra));
        }

        if (unitLong < 1 || unitLong > Integer.MAX_VALUE || (unitLong & (unitLong - 1)) != 0) {
            throw new ExtentMapException(headerLine, "expected a power-of-two unit in " + FILE_SIZE_TEXT + "; found "
                    + unitLong + " bytes");
        }
        int unit = (int) unitLong;
        List<String> notes = new ArrayList<>();
        int blockSize;
        if (options.blockSize() != null) {
            blockSize = options.blockSize();
        } else {
            if (unit < Inode.MIN_BLOCK_SIZE || unit > Inode.MAX_BLOCK_SIZE) {
                throw new ExtentMapException(headerLine, "expected a block size from 512 to 65536 bytes in "
                        + FILE_SIZE_TEXT + "; found " + unit + " (filefrag -b?): give the file system's block size with"
                        + " --block-size");
            }
            blockSize = unit;
            long sizeUnits = size / unit + (size % unit == 0 ? 0 : 1);
            if (sizeUnits != unitCount) {
                notes.add("filefrag counted in " + unit + "-byte units (-k or -b?), smaller than the file system's "
                        + "block size (the file's " + size + " bytes are " + unitCount + " units): give the block size"
                        + " with --block-size");
            }
        }
        if (unit > blockSize) {
            throw new ExtentMapException(headerLine, "expected filefrag's unit to be at most the " + blockSize
                    + "-byte block size; found " + unit + "-byte units (filefrag -b rounds extents down to them): run"
                    + " filefrag -v without -b");
        }

        int radix = radix(rows, size, unit);
        if (radix == 16) {
            notes.add("filefrag printed hex numbers (-X)");
        }
        Extents extents = new Extents(unit, blockSize, unit == blockSize ? "block" : unit + "-byte unit");
        for (Row r : rows) {
            add(extents, r, radix);
        }
        return ExtentMapParser.finish(extents, blockSize, size, options, ExtentMap.Tool.FILEFRAG, fileName,
                fileSystem, notes);
    }

    private static Row row(int line, String text, int index) throws ExtentMapException {
        Matcher m = ROW.matcher(text);
        if (!m.matches()) {
            throw new ExtentMapException(line, "expected " + ROW_TEXT + "; found " + Lines.quote(text));
        }
        int printed = (int) Math.min(Integer.MAX_VALUE, ExtentMapParser.number(m.group(1), 10, line));
        if (printed != index) {
            throw new ExtentMapException(line, "expected extent " + index + " (rows count up from 0); found extent "
                    + m.group(1) + " (a row missing?)");
        }
        String rest = m.group(7);
        Matcher e = EXPECTED.matcher(rest);
        if (e.matches()) {
            rest = e.group(2);
        }
        Set<String> flags = new LinkedHashSet<>();
        for (String f : rest.split(",")) {
            String t = f.strip().toLowerCase(Locale.ROOT);
            if (!t.isEmpty()) {
                if (!t.matches("[a-z_]+|0x[0-9a-f]+")) {
                    throw new ExtentMapException(line, "expected a comma-separated list of flags (last, unwritten, "
                            + "delalloc, eof, ...) after the length; found " + Lines.quote(rest.strip()));
                }
                flags.add(t);
            }
        }
        return new Row(line, index, m.group(2), m.group(3), m.group(4), m.group(5), m.group(6), flags);
    }

    /**
     * 16 when a number has a hex letter, or when only hex agrees with the {@code eof} flags; else 10.
     * ({@code filefrag -X} prints hex without {@code 0x}: {@code 40000} may be either.)
     */
    private static int radix(List<Row> rows, long size, int unit) {
        for (Row r : rows) {
            for (String s : Arrays.asList(r.first(), r.last(), r.physFirst(), r.physLast(), r.length())) {
                if (HEX_LETTER.matcher(s).find()) {
                    return 16;
                }
            }
        }
        return !eofFlagsAgree(rows, size, unit, 10) && eofFlagsAgree(rows, size, unit, 16) ? 16 : 10;
    }

    /** filefrag flags {@code eof} when {@code fe_logical + fe_length >= st_size}. */
    private static boolean eofFlagsAgree(List<Row> rows, long size, int unit, int radix) {
        for (Row r : rows) {
            if (r.flags().contains("inline")) {
                continue;
            }
            long end;
            try {
                end = Math.multiplyExact(Long.parseLong(r.last(), radix) + 1, (long) unit);
            } catch (NumberFormatException | ArithmeticException e) {
                return false;
            }
            if ((end >= size) != r.flags().contains("eof")) {
                return false;
            }
        }
        return true;
    }

    private static void add(Extents extents, Row r, int radix) throws ExtentMapException {
        int line = r.line();
        long first = ExtentMapParser.number(r.first(), radix, line);
        long last = ExtentMapParser.number(r.last(), radix, line);
        Set<String> flags = r.flags();
        if (flags.contains("inline")) {
            throw new ExtentMapException(line, "expected block-mapped extents; this file's data is inline in the inode "
                    + "(flag inline) and has no block map locktable can model");
        }
        if (flags.contains("hole")) {
            extents.add(line, first, last, BlockState.HOLE, Extents.NOWHERE, Extents.NOWHERE);
            return;
        }
        boolean unknown = flags.contains("unknown_loc") || flags.contains("delalloc");
        long length = ExtentMapParser.number(r.length(), radix, line);
        if (!unknown && last >= first && length != last - first + 1) {
            throw new ExtentMapException(line, "expected length " + (last - first + 1) + " for the range " + r.first()
                    + ".." + r.last() + "; found " + r.length());
        }
        BlockState state = flags.contains("delalloc") ? BlockState.DELALLOC
                : flags.contains("unwritten") ? BlockState.UNWRITTEN : BlockState.WRITTEN;
        long physFirst = unknown ? Extents.NOWHERE : ExtentMapParser.number(r.physFirst(), radix, line);
        long physLast = unknown ? Extents.NOWHERE : ExtentMapParser.number(r.physLast(), radix, line);
        if (!unknown && physLast - physFirst != last - first) {
            throw new ExtentMapException(line, "expected a physical range as long as the logical one " + r.first() + ".."
                    + r.last() + "; found " + r.physFirst() + ".." + r.physLast());
        }
        extents.add(line, first, last, state, physFirst, physLast);
    }

    /** statfs {@code f_type} as filefrag prints it (hex). */
    private static String fileSystemName(String hex) {
        switch (hex.toLowerCase(Locale.ROOT)) {
            case "ef53":
                return "ext4";
            case "58465342":
                return "xfs";
            default:
                return null;
        }
    }
}
