package org.locktable.engine.imports;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.locktable.engine.model.BlockState;
import org.locktable.engine.model.InvalidInputException;

/**
 * {@code xfs_bmap -vp} (xfsprogs {@code io/bmap.c}), all numbers in 512-byte units:
 * <pre>
 * wuuw:
 *  EXT: FILE-OFFSET      BLOCK-RANGE      AG AG-OFFSET        TOTAL FLAGS
 *    0: [0..7]:          80..87            0 (80..87)             8 000000
 *    1: [8..23]:         88..103           0 (88..103)           16 010000
 *    2: [24..31]:        104..111          0 (104..111)           8 000000
 * </pre>
 * {@code hole} and (with {@code -e}) {@code delalloc} replace the block range; octal flag {@code 010000} is
 * unwritten. Without {@code -p} the kernel reports unwritten extents as written and the FLAGS column is missing
 * (or, on a file system with a stripe unit, present with the stripe bits only): such output is refused. A file
 * without extents prints {@code FILE: no extents}; {@code -vv} appends a {@code FLAG Values:} legend.
 */
final class XfsBmapParser {
    static final Pattern HEADER = Pattern.compile("^\\s*EXT:\\s+FILE-OFFSET\\s+(?:RT-BLOCK-RANGE|BLOCK-RANGE\\s+AG"
            + "\\s+AG-OFFSET)\\s+TOTAL( FLAGS)?\\s*$");
    private static final Pattern ROW = Pattern.compile("^\\s*(\\d+): \\[(\\d+)\\.\\.(\\d+)\\]:\\s+(?:(hole|delalloc)"
            + "|(\\d+)\\.\\.(\\d+)(?:\\s+(\\d+)\\s+\\((\\d+)\\.\\.(\\d+)\\))?)\\s+(\\d+)(?:\\s+([0-7]{1,7}))?\\s*$");
    private static final Pattern LEGEND = Pattern.compile("^\\s*FLAG Values:\\s*$");
    static final String NO_P = "xfs_bmap output without -p cannot tell unwritten from written extents; run xfs_bmap -vp";
    private static final int FLAG_SHARED = 0100000;
    private static final int FLAG_UNWRITTEN = 0010000;
    private static final int FLAGS_STRIPE = 0001111;
    private static final String ROW_TEXT = "a row \"N: [START..END]: PSTART..PEND AG (AGSTART..AGEND) TOTAL FLAGS\" "
            + "(or hole/delalloc instead of the block range)";

    private XfsBmapParser() {
    }

    static ExtentMap parse(Lines in, ExtentMapParser.Options options) throws InvalidInputException {
        int blockSize = options.blockSize() != null ? options.blockSize() : ExtentMapParser.DEFAULT_BLOCK_SIZE;
        Extents extents = new Extents(512, blockSize, "512-byte unit");
        List<String> notes = new ArrayList<>();
        in.skipBlank();
        String first = in.take();
        String fileName = null;
        if (first.endsWith(": no extents")) {
            fileName = first.substring(0, first.length() - ": no extents".length());
            in.expectEnd("xfs_bmap's output");
            return ExtentMapParser.finish(extents, blockSize, null, options, ExtentMap.Tool.XFS_BMAP, fileName, "xfs",
                    notes);
        }
        String header = first;
        if (!HEADER.matcher(first).matches()) {
            fileName = first.substring(0, first.length() - 1);
            header = in.take();
        }
        Matcher h = HEADER.matcher(header);
        if (!h.matches()) {
            throw new IllegalStateException("detect() let through a header that is not xfs_bmap's: " + header);
        }
        if (h.group(1) == null) {
            throw new ExtentMapException(in.taken(), NO_P);
        }
        XfsprogsRows rows = new XfsprogsRows(ROW, ROW_TEXT, 10);
        boolean stripeBits = false;
        boolean unwrittenSeen = false;
        boolean flagsSeen = false;
        while (!in.atEnd() && !in.peek().isBlank() && !LEGEND.matcher(in.peek()).matches()) {
            String text = in.take();
            XfsprogsRows.Matched r = rows.next(text, in.taken());
            int line = r.line();
            String word = r.group(4);
            if (word != null) {
                if (r.group(11) != null) {
                    throw new ExtentMapException(line, "expected no FLAGS on a " + word + " row; found " + r.group(11));
                }
                extents.add(line, r.first(), r.last(), word.equals("hole") ? BlockState.HOLE : BlockState.DELALLOC,
                        Extents.NOWHERE, Extents.NOWHERE);
                continue;
            }
            if (r.group(11) == null) {
                if (flagsSeen && in.restIsBlank()) {
                    throw new ExtentMapException(line, "expected the FLAGS value (010000 unwritten, 000000 written) "
                            + "after TOTAL " + r.total() + "; found the end of the input (is the output cut short?)");
                }
                // with -p every mapped row has its flags; this FLAGS column is there for a stripe unit only
                throw new ExtentMapException(line, NO_P);
            }
            flagsSeen = true;
            int flags = Integer.parseInt(r.group(11), 8);
            stripeBits |= (flags & FLAGS_STRIPE) != 0;
            unwrittenSeen |= (flags & FLAG_UNWRITTEN) != 0;
            long physFirst = ExtentMapParser.number(r.group(5), 10, line);
            long physLast = ExtentMapParser.number(r.group(6), 10, line);
            XfsprogsRows.checkBlockRange(r, physFirst, physLast);
            extents.add(line, r.first(), r.last(), (flags & FLAG_UNWRITTEN) != 0 ? BlockState.UNWRITTEN
                    : BlockState.WRITTEN, physFirst, physLast);
        }
        if (rows.count() == 0) {
            throw rows.noRows(in);
        }
        if (!in.atEnd() && LEGEND.matcher(in.peek()).matches()) {
            in.take();
            while (!in.atEnd() && (in.peek().isBlank() || Character.isWhitespace(in.peek().charAt(0)))) {
                in.take();
            }
        }
        in.expectEnd("xfs_bmap's output");
        if (stripeBits && !unwrittenSeen) {
            notes.add("the FLAGS column shows stripe alignment bits only: a file system with a stripe unit prints it "
                    + "even without -p, and then unwritten extents look written; make sure this is xfs_bmap -vp output");
        }
        return ExtentMapParser.finish(extents, blockSize, null, options, ExtentMap.Tool.XFS_BMAP, fileName, "xfs",
                notes);
    }
}
