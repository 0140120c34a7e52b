package org.locktable.engine.imports;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

import org.locktable.engine.model.BlockState;
import org.locktable.engine.model.InvalidInputException;

/**
 * {@code xfs_io -c "fiemap -v"} (xfsprogs {@code io/fiemap.c}), all numbers in 512-byte units:
 * <pre>
 * wuuw:
 *  EXT: FILE-OFFSET      BLOCK-RANGE      TOTAL FLAGS
 *    0: [0..7]:          80..87               8   0x0
 *    1: [8..23]:         88..103             16 0x800
 *    2: [24..31]:        104..111             8   0x1
 * </pre>
 * FLAGS are the FIEMAP extent flags in hex ({@code FLAG_*}): {@code 0x800} unwritten, {@code 0x4} delalloc,
 * {@code 0x1} last. xfs_io synthesises {@code hole} rows, including one from the last extent to EOF; a file without
 * extents prints only {@code FILE:}. xfs_io asks FIEMAP to sync first, so delalloc is normally flushed away.
 *
 * <p>The one reader of this output: {@link #rows(String)} gives its rows as printed (the live rig reads files it
 * built with it), and the layout import turns them into an {@link ExtentMap}.
 */
public final class FiemapParser {
    /** FIEMAP extent flags ({@code include/uapi/linux/fiemap.h}). */
    public static final int FLAG_LAST = 0x1;
    public static final int FLAG_UNKNOWN = 0x2;
    public static final int FLAG_DELALLOC = 0x4;
    public static final int FLAG_ENCODED = 0x8;
    public static final int FLAG_ENCRYPTED = 0x80;
    public static final int FLAG_NOT_ALIGNED = 0x100;
    public static final int FLAG_DATA_INLINE = 0x200;
    public static final int FLAG_DATA_TAIL = 0x400;
    public static final int FLAG_UNWRITTEN = 0x800;
    public static final int FLAG_MERGED = 0x1000;
    public static final int FLAG_SHARED = 0x2000;
    /** ext4's own flag for a hole it reports as an extent. */
    public static final int FLAG_EXT4_HOLE = 0x08000000;

    static final Pattern HEADER = Pattern.compile("^\\s*EXT:\\s+FILE-OFFSET\\s+BLOCK-RANGE\\s+TOTAL\\s+FLAGS\\s*$");
    private static final Pattern ROW = Pattern.compile("^\\s*(\\d+): \\[(\\d+)\\.\\.(\\d+)\\]:\\s+(?:(hole)"
            + "|(\\d+)\\.\\.(\\d+))\\s+(\\d+)(?:\\s+(0x[0-9a-fA-F]+))?\\s*$");
    private static final String ROW_TEXT = "a row \"N: [START..END]: PSTART..PEND TOTAL FLAGS\" or \"N: [START..END]: "
            + "hole TOTAL\"";

    /**
     * One row, in 512-byte units: the file range {@code [first..last]}, and for an extent the block range
     * {@code [physicalFirst..physicalLast]} and its flags ({@code -1} and 0 on a hole row).
     */
    public record Row(int line, long first, long last, boolean hole, long physicalFirst, long physicalLast,
                      long flags) {
    }

    private FiemapParser() {
    }

    /** The rows of one file's {@code xfs_io -c "fiemap -v"} output, holes included; checked as the import checks them. */
    public static List<Row> rows(String text) throws InvalidInputException {
        Lines in = new Lines(text.lines().toList());
        ExtentMap.Tool tool = ExtentMapParser.detect(in);
        if (tool != ExtentMap.Tool.FIEMAP) {
            throw new ExtentMapException(in.number(), "expected xfs_io -c \"fiemap -v\" output; found "
                    + Lines.quote(in.peek()));
        }
        Table table = new Table(in);
        List<Row> rows = new ArrayList<>();
        for (Row r = table.next(); r != null; r = table.next()) {
            rows.add(r);
        }
        return rows;
    }

    static ExtentMap parse(Lines in, ExtentMapParser.Options options) throws InvalidInputException {
        int blockSize = options.blockSize() != null ? options.blockSize() : ExtentMapParser.DEFAULT_BLOCK_SIZE;
        Extents extents = new Extents(512, blockSize, "512-byte unit");
        Table table = new Table(in);
        for (Row r = table.next(); r != null; r = table.next()) {
            if (r.hole()) {
                extents.add(r.line(), r.first(), r.last(), BlockState.HOLE, Extents.NOWHERE, Extents.NOWHERE);
                continue;
            }
            long flags = r.flags();
            BlockState state;
            if ((flags & FLAG_EXT4_HOLE) != 0) {
                state = BlockState.HOLE;
            } else if ((flags & FLAG_DELALLOC) != 0) {
                state = BlockState.DELALLOC;
            } else if ((flags & FLAG_UNWRITTEN) != 0) {
                state = BlockState.UNWRITTEN;
            } else {
                state = BlockState.WRITTEN;
            }
            boolean located = (flags & (FLAG_UNKNOWN | FLAG_DELALLOC)) == 0;
            extents.add(r.line(), r.first(), r.last(), state, located ? r.physicalFirst() : Extents.NOWHERE,
                    located ? r.physicalLast() : Extents.NOWHERE);
        }
        return ExtentMapParser.finish(extents, blockSize, null, options, ExtentMap.Tool.FIEMAP, table.fileName, null,
                new ArrayList<>());
    }

    /**
     * The table, row by row: the {@code FILE:} line and the header are read first; {@link #next()} checks each row
     * as it reads it and is null after the last one, once the rest of the input is checked to be blank.
     */
    private static final class Table {
        private final Lines in;
        private final String fileName;
        private final boolean noExtents;
        private final XfsprogsRows rows = new XfsprogsRows(ROW, ROW_TEXT, 7);
        private boolean ended;

        Table(Lines in) {
            this.in = in;
            in.skipBlank();
            String first = in.take();
            String name = null;
            boolean empty = false;
            if (!HEADER.matcher(first).matches()) {
                name = first.substring(0, first.length() - 1);
                if (in.atEnd() || in.peek().isBlank()) {
                    empty = true; // a file without extents: xfs_io prints its name only
                } else {
                    in.take();
                }
            }
            this.fileName = name;
            this.noExtents = empty;
        }

        Row next() throws ExtentMapException {
            if (ended) {
                return null;
            }
            if (in.atEnd() || in.peek().isBlank()) {
                if (rows.count() == 0 && !noExtents) {
                    throw rows.noRows(in);
                }
                in.expectEnd("xfs_io fiemap's output");
                ended = true;
                return null;
            }
            String text = in.take();
            XfsprogsRows.Matched r = rows.next(text, in.taken());
            if (r.group(4) != null) {
                if (r.group(8) != null) {
                    throw new ExtentMapException(r.line(), "expected no FLAGS on a hole row; found " + r.group(8));
                }
                return new Row(r.line(), r.first(), r.last(), true, -1, -1, 0);
            }
            return extent(r);
        }

        private static Row extent(XfsprogsRows.Matched r) throws ExtentMapException {
            int line = r.line();
            if (r.group(8) == null) {
                throw new ExtentMapException(line, "expected the FLAGS value (0x800 unwritten, 0x0 written, ...) after "
                        + "TOTAL " + r.total() + "; found the end of the line (is the line cut short?)");
            }
            String hex = r.group(8).substring(2);
            if (hex.length() > 8) {
                throw new ExtentMapException(line, "expected 32-bit FIEMAP flags; found " + r.group(8));
            }
            long flags = Long.parseLong(hex, 16);
            if ((flags & FLAG_DATA_INLINE) != 0) {
                throw new ExtentMapException(line, "expected block-mapped extents; this file's data is inline in the "
                        + "inode (flag 0x200) and has no block map locktable can model");
            }
            long physFirst = ExtentMapParser.number(r.group(5), 10, line);
            long physLast = ExtentMapParser.number(r.group(6), 10, line);
            XfsprogsRows.checkBlockRange(r, physFirst, physLast);
            return new Row(line, r.first(), r.last(), false, physFirst, physLast, flags);
        }
    }
}
