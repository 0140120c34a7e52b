package org.locktable.engine.imports;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The extent rows xfsprogs prints for {@code xfs_io -c "fiemap -v"} ({@code io/fiemap.c}, {@link FiemapParser}) and
 * {@code xfs_bmap -vp} ({@code io/bmap.c}, {@link XfsBmapParser}): {@code N: [START..END]: ... TOTAL ...}, numbered
 * from 0 with holes included, all numbers in 512-byte units. Each parser gives its row pattern (groups 1 to 3 are N,
 * START and END) and says which group is TOTAL; the checks of a row the two tables share are made here, once.
 */
final class XfsprogsRows {
    private final Pattern row;
    private final String rowText;
    private final int totalGroup;
    private int index;

    /** One row matched: its groups, its line, and its file range {@code [first..last]}. */
    record Matched(Matcher groups, int line, long first, long last, long total) {
        String group(int g) {
            return groups.group(g);
        }
    }

    /**
     * @param row the pattern of a row
     * @param rowText what a row looks like, for the messages
     * @param totalGroup the group of {@code row} that is TOTAL
     */
    XfsprogsRows(Pattern row, String rowText, int totalGroup) {
        this.row = row;
        this.rowText = rowText;
        this.totalGroup = totalGroup;
    }

    /**
     * The row {@code text} on line {@code line}, checked: it matches, its number is the next one, its TOTAL is the
     * length of its file range.
     */
    Matched next(String text, int line) throws ExtentMapException {
        Matcher m = row.matcher(text);
        if (!m.matches()) {
            throw new ExtentMapException(line, text.endsWith(":") ? "expected one table per input; found "
                    + Lines.quote(text) + ", the start of another" : "expected " + rowText + "; found "
                    + Lines.quote(text));
        }
        if (!m.group(1).equals(Integer.toString(index))) {
            throw new ExtentMapException(line, "expected extent " + index + " (rows count up from 0, holes "
                    + "included); found extent " + m.group(1) + " (a row missing?)");
        }
        index++;
        long first512 = ExtentMapParser.number(m.group(2), 10, line);
        long last512 = ExtentMapParser.number(m.group(3), 10, line);
        long total = ExtentMapParser.number(m.group(totalGroup), 10, line);
        if (last512 >= first512 && total != last512 - first512 + 1) {
            throw new ExtentMapException(line, "expected TOTAL " + (last512 - first512 + 1) + " for the range ["
                    + first512 + ".." + last512 + "]; found " + total);
        }
        return new Matched(m, line, first512, last512, total);
    }

    /** How many rows {@link #next} has read. */
    int count() {
        return index;
    }

    /** The table ended, at the next line of {@code in}, before its first row. */
    ExtentMapException noRows(Lines in) {
        return new ExtentMapException(in.number(), "expected " + rowText + " after the table header; found "
                + Lines.quote(in.peek()));
    }

    /** Checks that an extent's block range {@code [physFirst..physLast]} is as long as its file range. */
    static void checkBlockRange(Matched r, long physFirst, long physLast) throws ExtentMapException {
        if (physLast - physFirst != r.last() - r.first()) {
            throw new ExtentMapException(r.line(), "expected a block range as long as the file range [" + r.first()
                    + ".." + r.last() + "]; found " + physFirst + ".." + physLast);
        }
    }
}
