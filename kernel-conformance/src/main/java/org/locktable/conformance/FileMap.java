package org.locktable.conformance;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A file's size and its FIEMAP extents (holes are the gaps), parsed from the helper's {@code fiemap} answer
 * or from {@code xfs_io -c "fiemap -v"} output.
 */
public record FileMap(long size, List<Extent> extents) {
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

    /** One FIEMAP extent, in bytes. */
    public record Extent(long logical, long physical, long length, int flags) {
        public long logicalEnd() {
            return logical + length;
        }

        public long physicalEnd() {
            return physical + length;
        }

        public boolean unwritten() {
            return (flags & FLAG_UNWRITTEN) != 0;
        }

        /** Flags that make the extent something other than a plain written or unwritten one. */
        public int oddFlags() {
            return flags & ~(FLAG_LAST | FLAG_UNWRITTEN | FLAG_MERGED);
        }
    }

    public FileMap {
        extents = List.copyOf(extents);
    }

    /** Parses {@code OK <size> <count> <logical>:<physical>:<length>:<flags-hex> ...}. */
    public static FileMap parseHelper(String answer) {
        String[] f = answer.trim().split("\\s+");
        if (f.length < 3 || !f[0].equals("OK")) {
            throw new IllegalArgumentException("not a fiemap answer: " + answer);
        }
        long size = Long.parseLong(f[1]);
        int count = Integer.parseInt(f[2]);
        if (f.length != 3 + count) {
            throw new IllegalArgumentException("fiemap answer announces " + count + " extents but has "
                    + (f.length - 3) + ": " + answer);
        }
        List<Extent> ex = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            String[] p = f[3 + i].split(":");
            if (p.length != 4) {
                throw new IllegalArgumentException("bad extent \"" + f[3 + i] + "\" in " + answer);
            }
            ex.add(new Extent(Long.parseLong(p[0]), Long.parseLong(p[1]), Long.parseLong(p[2]),
                    Integer.parseInt(p[3], 16)));
        }
        return new FileMap(size, ex);
    }

    private static final Pattern XFS_IO_ROW = Pattern.compile(
            "^\\s*\\d+:\\s*\\[(\\d+)\\.\\.(\\d+)\\]:\\s*(?:(hole)|(\\d+)\\.\\.(\\d+))\\s+(\\d+)(?:\\s+(0x[0-9a-fA-F]+))?\\s*$");

    /**
     * Parses {@code xfs_io -c "fiemap -v" FILE} output (512-byte units, {@code hole} rows for gaps) with the
     * file size from elsewhere ({@code stat -c %s}).
     */
    public static FileMap parseXfsIo(String text, long size) {
        List<Extent> ex = new ArrayList<>();
        for (String line : text.split("\n")) {
            Matcher m = XFS_IO_ROW.matcher(line);
            if (!m.matches() || m.group(3) != null) {
                continue;
            }
            long lo = Long.parseLong(m.group(1));
            long hi = Long.parseLong(m.group(2));
            long plo = Long.parseLong(m.group(4));
            int flags = m.group(7) == null ? 0 : Integer.parseInt(m.group(7).substring(2), 16);
            ex.add(new Extent(lo * 512, plo * 512, (hi - lo + 1) * 512, flags));
        }
        return new FileMap(size, ex);
    }

    /** {@code 0+8192@W 8192+4096@U}: a compact rendering for messages. */
    @Override
    public String toString() {
        StringBuilder s = new StringBuilder("size=").append(size);
        for (Extent e : extents) {
            s.append(' ').append(e.logical()).append('+').append(e.length()).append('@').append(e.physical())
                    .append(e.unwritten() ? "U" : "W");
            if (e.oddFlags() != 0) {
                s.append("/0x").append(Integer.toHexString(e.flags()));
            }
        }
        return s.toString();
    }
}
