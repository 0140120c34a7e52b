package org.locktable.engine.imports;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

import org.locktable.engine.model.Inode;
import org.locktable.engine.model.InvalidInputException;
import org.locktable.engine.model.Layout;

/**
 * Reads a file's extent map from the output of {@code filefrag -v} (e2fsprogs), {@code xfs_bmap -vp} or
 * {@code xfs_io -c "fiemap -v"} (xfsprogs), recognised by their header lines, and turns it into a
 * {@link Layout} with block size and {@code i_size} ({@link ExtentMap}).
 *
 * <ul>
 * <li>filefrag counts in the unit its header states ({@code N blocks of B bytes}: the file system block size,
 * or 1024 with {@code -k}, or the {@code -b} size) and prints the file size; it prints no holes (they are the
 * gaps), may print hex ({@code -X}) and marks extents reaching EOF with {@code eof} (alone: {@code ,eof}).
 * <li>the xfs tools count 512-byte units and print no file size: the block size comes from the caller (default
 * {@value #DEFAULT_BLOCK_SIZE}) and the size from the caller or the end of the map; they print {@code hole} rows.
 * {@code xfs_bmap} needs {@code -p} to report unwritten extents (octal flag {@code 010000}); {@code fiemap -v}
 * prints the FIEMAP flags in hex ({@code 0x800} unwritten, {@code 0x4} delalloc).
 * </ul>
 * Physically contiguous neighbours in the same state are one record; discontiguous ones are separate records.
 * Every problem is an {@link ExtentMapException} naming the line; a bad block size or size given by the
 * caller is an {@link InvalidInputException}.
 */
public final class ExtentMapParser {
    /** The block size assumed for the xfs tools' 512-byte units when the caller gives none. */
    public static final int DEFAULT_BLOCK_SIZE = 4096;

    /** Largest number accepted in a map (keeps every conversion to bytes inside a {@code long} check). */
    static final long MAX_NUMBER = 1L << 62;

    static final String EXPECTED_OUTPUT = "filefrag -v, xfs_bmap -vp or xfs_io -c \"fiemap -v\" output";

    private static final Pattern XFS_HEADER = Pattern.compile("^\\s*EXT:\\s+FILE-OFFSET\\s+.*$");
    private static final Pattern PLAIN_ROW = Pattern.compile("^\\s*\\d+: \\[\\d+\\.\\.\\d+\\]: .*$");

    /** What the caller knows: the block size and {@code i_size}, either null when not given. */
    public record Options(Integer blockSize, Long size) {
        public static Options defaults() {
            return new Options(null, null);
        }
    }

    private ExtentMapParser() {
    }

    public static ExtentMap parse(String text, Options options) throws InvalidInputException {
        try {
            return parse(new StringReader(text), options);
        } catch (IOException e) {
            throw new IllegalStateException("reading a string failed", e);
        }
    }

    public static ExtentMap parse(Reader in, Options options) throws IOException, InvalidInputException {
        List<String> lines = new ArrayList<>();
        BufferedReader r = in instanceof BufferedReader ? (BufferedReader) in : new BufferedReader(in);
        String line;
        while ((line = r.readLine()) != null) {
            lines.add(line);
        }
        return parse(lines, options);
    }

    public static ExtentMap parse(List<String> lines, Options options) throws InvalidInputException {
        checkOptions(options);
        Lines in = new Lines(lines);
        switch (detect(in)) {
            case FILEFRAG:
                return FilefragParser.parse(in, options);
            case XFS_BMAP:
                return XfsBmapParser.parse(in, options);
            default:
                return FiemapParser.parse(in, options);
        }
    }

    /** Which tool printed the input, from its first lines; the input is left where it was. */
    static ExtentMap.Tool detect(Lines in) throws ExtentMapException {
        in.skipBlank();
        String first = in.peek();
        if (first == null) {
            throw new ExtentMapException(1, "expected " + EXPECTED_OUTPUT + "; the input is empty");
        }
        if (first.startsWith("Filesystem type is:") || first.startsWith("File size of ")
                || FilefragParser.TABLE_HEADER.matcher(first).matches()) {
            return ExtentMap.Tool.FILEFRAG;
        }
        String header = first;
        int headerLine = in.number();
        if (!XFS_HEADER.matcher(first).matches()) {
            if (first.endsWith(": no extents")) {
                return ExtentMap.Tool.XFS_BMAP;
            }
            if (!first.endsWith(":")) {
                throw new ExtentMapException(in.number(), "expected " + EXPECTED_OUTPUT + ": a \"Filesystem type is:\""
                        + " or \"File size of\" line (filefrag -v), or a \"FILE:\" line and an \" EXT: FILE-OFFSET\" "
                        + "table header (xfs_bmap -vp, xfs_io fiemap -v); found " + Lines.quote(first));
            }
            header = in.peekSecond();
            headerLine++;
            if (header == null || header.isBlank()) {
                return ExtentMap.Tool.FIEMAP; // xfs_io fiemap prints only "FILE:" for a file without extents
            }
        }
        if (XfsBmapParser.HEADER.matcher(header).matches()) {
            return ExtentMap.Tool.XFS_BMAP;
        }
        if (FiemapParser.HEADER.matcher(header).matches()) {
            return ExtentMap.Tool.FIEMAP;
        }
        if (XFS_HEADER.matcher(header).matches()) {
            throw new ExtentMapException(headerLine, "expected the table header of xfs_bmap -vp (\" EXT: FILE-OFFSET  "
                    + "BLOCK-RANGE  AG AG-OFFSET  TOTAL FLAGS\") or of xfs_io fiemap -v (\" EXT: FILE-OFFSET  "
                    + "BLOCK-RANGE  TOTAL FLAGS\"); found " + Lines.quote(header));
        }
        if (PLAIN_ROW.matcher(header).matches()) {
            throw new ExtentMapException(headerLine, "expected the verbose table (\" EXT: FILE-OFFSET ...\"): the "
                    + "plain format does not show unwritten extents; run xfs_bmap -vp or xfs_io -c \"fiemap -v\"");
        }
        throw new ExtentMapException(headerLine, "expected an \" EXT: FILE-OFFSET\" table header after "
                + Lines.quote(first) + " (xfs_bmap -vp, xfs_io fiemap -v); found " + Lines.quote(header));
    }

    private static void checkOptions(Options o) throws InvalidInputException {
        if (o.blockSize() != null) {
            checkBlockSize(o.blockSize());
        }
        if (o.size() != null && o.size() < 0) {
            throw new InvalidInputException("size", "file size " + o.size() + " is negative");
        }
    }

    static void checkBlockSize(long bs) throws InvalidInputException {
        if (bs < Inode.MIN_BLOCK_SIZE || bs > Inode.MAX_BLOCK_SIZE || (bs & (bs - 1)) != 0) {
            throw new InvalidInputException("blockSize", "block size " + bs + " must be a power of two from "
                    + Inode.MIN_BLOCK_SIZE + " to " + Inode.MAX_BLOCK_SIZE);
        }
    }

    /** A number of the map, at most {@link #MAX_NUMBER}. */
    static long number(String text, int radix, int line) throws ExtentMapException {
        try {
            long v = Long.parseLong(text, radix);
            if (v <= MAX_NUMBER) {
                return v;
            }
        } catch (NumberFormatException e) {
            // too long for a long: refused below
        }
        throw new ExtentMapException(line, "expected a number below 2^62; found " + text);
    }

    /**
     * The map: layout over {@code max(ceil(size / blockSize), end of the last record)} blocks, with the size the
     * caller gave, else the printed one, else the end of the map. Checks that the result is an inode locktable can
     * decide on.
     */
    static ExtentMap finish(Extents extents, int blockSize, Long printedSize, Options options, ExtentMap.Tool tool,
            String fileName, String fileSystem, List<String> notes) throws InvalidInputException {
        long size;
        ExtentMap.SizeOrigin origin;
        if (options.size() != null) {
            size = options.size();
            origin = ExtentMap.SizeOrigin.GIVEN;
            if (printedSize != null && printedSize != size) {
                notes.add("--size " + size + " replaces the size " + tool.label() + " printed, " + printedSize);
            }
        } else if (printedSize != null) {
            size = printedSize;
            origin = ExtentMap.SizeOrigin.PRINTED;
        } else {
            size = extents.endBytes();
            origin = ExtentMap.SizeOrigin.END_OF_MAP;
        }
        long sizeBlocks = size / blockSize + (size % blockSize == 0 ? 0 : 1);
        if (sizeBlocks > Layout.MAX_BLOCKS) {
            throw new InvalidInputException("size", "file size " + size + " is beyond the " + Layout.MAX_BLOCKS
                    + " blocks locktable models");
        }
        Layout layout = extents.build(sizeBlocks);
        ExtentMap map = new ExtentMap(layout, blockSize, size, origin, tool, fileName, fileSystem, notes);
        map.inode(); // the same checks decide makes: the size and layout fit a 64-bit file
        return map;
    }
}
