package org.locktable.engine.render;

import java.util.ArrayList;
import java.util.List;

import org.locktable.engine.model.Layout;

/**
 * The layout drawn as a strip of blocks with the write's bytes marked under it, e.g. for
 * {@code --layout "W W" --size 6144 --offset 5120 --len 1024}:
 *
 * <pre>
 * block      0        1
 * layout    |   W    :   W    |
 * write     |        |  ##    |
 * i_size                  ^ 6144
 * </pre>
 *
 * Each block is a cell of {@link #cellWidth} characters, each character an equal share of the block's bytes:
 * {@code #} when the write covers all of that share, {@code +} when it covers part of it. {@code :} joins
 * blocks of one extent record, {@code |} separates records and holes. Blocks past the layout's end are blank.
 * Long files are shown around the write only, with {@code ...} cells for what is left out; the work is
 * proportional to the cells drawn, never to the file's length.
 */
public final class Strip {
    static final int LABEL = 10;
    /** At most this many block cells are drawn; a longer view is cut around the write's two ends. */
    static final int MAX_CELLS = 16;
    private static final long GAP = -1;

    private final Layout layout;
    private final long bs;
    private final long size;
    private final long start;
    private final long end;
    private final List<Long> cells = new ArrayList<>();
    private final int cellWidth;

    public Strip(Layout layout, int blockSize, long size, long offset, long length) {
        this.layout = layout;
        this.bs = blockSize;
        this.size = size;
        this.start = offset;
        this.end = offset + length;
        long first = offset / bs;
        long last = (end - 1) / bs;
        long sizeBlocks = size / bs + (size % bs != 0 ? 1 : 0);
        long total = Math.max(Math.max(layout.blocks(), last + 1), sizeBlocks);
        if (total <= MAX_CELLS) {
            addRange(0, total - 1);
        } else {
            long lo = Math.max(0, first - 1);
            long hi = Math.min(total - 1, last + 1);
            if (lo > 0) {
                cells.add(GAP);
            }
            if (hi - lo + 1 <= MAX_CELLS) {
                addRange(lo, hi);
            } else {
                int half = MAX_CELLS / 2 - 1;
                addRange(lo, lo + half - 1);
                cells.add(GAP);
                addRange(hi - half + 1, hi);
            }
            if (hi < total - 1) {
                cells.add(GAP);
            }
        }
        long maxBlock = 0;
        for (long c : cells) {
            maxBlock = Math.max(maxBlock, c);
        }
        cellWidth = Long.toString(maxBlock).length() < 8 ? 8 : 16;
    }

    private void addRange(long from, long to) {
        for (long b = from; b <= to; b++) {
            cells.add(b);
        }
    }

    public List<String> lines() {
        StringBuilder labels = new StringBuilder(pad("block"));
        StringBuilder map = new StringBuilder(pad("layout"));
        StringBuilder write = new StringBuilder(pad("write"));
        int sizeColumn = -1;
        long previous = GAP;
        for (int k = 0; k < cells.size(); k++) {
            long b = cells.get(k);
            char sep = separator(previous, b);
            if (b != GAP && b * bs == size) {
                sizeColumn = map.length();
            }
            map.append(sep);
            write.append(sep);
            labels.append(' ');
            if (b == GAP) {
                labels.append(" ".repeat(cellWidth));
                map.append(centred("..."));
                boolean covered = k > 0 && k + 1 < cells.size() && cells.get(k - 1) != GAP && cells.get(k + 1) != GAP
                        && start <= (cells.get(k - 1) + 1) * bs && cells.get(k + 1) * bs <= end;
                write.append(covered ? centred("...").replace(' ', '#') : centred("..."));
            } else {
                String label = Long.toString(b);
                labels.append(label).append(" ".repeat(cellWidth - label.length()));
                map.append(b < layout.blocks() ? centred(String.valueOf(layout.stateAt(b).letter())) : " ".repeat(cellWidth));
                long blockStart = b * bs;
                for (int c = 0; c < cellWidth; c++) {
                    long from = blockStart + c * bs / cellWidth;
                    long to = blockStart + (c + 1) * bs / cellWidth;
                    if (start <= from && to <= end) {
                        write.append('#');
                    } else if (start < to && from < end) {
                        write.append('+');
                    } else {
                        write.append(' ');
                    }
                    if (size > from && size < to || size == from && c > 0) {
                        sizeColumn = map.length() - cellWidth + c;
                    }
                }
            }
            previous = b;
        }
        if (previous != GAP && (previous + 1) * bs == size) {
            sizeColumn = map.length();
        }
        map.append('|');
        write.append('|');
        List<String> out = new ArrayList<>(4);
        out.add(labels.toString().stripTrailing());
        out.add(map.toString());
        out.add(write.toString());
        if (sizeColumn >= 0) {
            out.add(pad("i_size") + " ".repeat(sizeColumn - LABEL) + "^ " + size);
        }
        return out;
    }

    /** {@code :} between two blocks of one extent record, {@code |} anywhere else. */
    private char separator(long before, long b) {
        if (before == GAP || b == GAP || before != b - 1 || b >= layout.blocks()) {
            return '|';
        }
        int r = layout.recordIndexAt(b);
        return r >= 0 && r == layout.recordIndexAt(before) ? ':' : '|';
    }

    private String centred(String s) {
        int left = Math.max(0, (cellWidth - s.length() - 1) / 2);
        return " ".repeat(left) + s + " ".repeat(cellWidth - left - s.length());
    }

    private static String pad(String label) {
        return label + " ".repeat(LABEL - label.length());
    }

    /** {@code bytes [5120, 6144) = 1024 bytes, block 1; head partial (+1024), tail partial (+2048)}. */
    public static String describeRange(int blockSize, long offset, long length) {
        long end = offset + length;
        long first = offset / blockSize;
        long last = (end - 1) / blockSize;
        long head = offset % blockSize;
        long tail = end % blockSize;
        StringBuilder s = new StringBuilder("bytes [").append(offset).append(", ").append(end).append(") = ")
                .append(length).append(length == 1 ? " byte, " : " bytes, ");
        s.append(first == last ? "block " + first : "blocks " + first + ".." + last);
        if (head == 0 && tail == 0) {
            s.append("; block-aligned");
        } else {
            List<String> parts = new ArrayList<>(2);
            if (head != 0) {
                parts.add("head partial: starts " + head + " bytes into block " + first);
            }
            if (tail != 0) {
                parts.add("tail partial: ends " + tail + " bytes into block " + last);
            }
            s.append("; ").append(String.join(", ", parts));
        }
        return s.toString();
    }

    public static String legend() {
        return "legend    W written, U unwritten, H hole, D delalloc, blank past the layout; ':' joins one extent "
                + "record; # written bytes, + partly";
    }
}
