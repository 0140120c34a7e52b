package org.locktable.rig;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.locktable.engine.imports.FiemapParser;
import org.locktable.engine.model.InvalidInputException;

/**
 * A file's size and its FIEMAP extents in bytes (holes are the gaps), read with {@code xfs_io -c "fiemap -v"}
 * through the engine's one parser of that output ({@link FiemapParser}), or from a native helper's answer.
 */
public record FileMap(long size, List<Extent> extents) {

    /** One FIEMAP extent, in bytes; {@code flags} are {@link FiemapParser}'s {@code FLAG_*}. */
    public record Extent(long logical, long physical, long length, int flags) {
        public long logicalEnd() {
            return logical + length;
        }

        public long physicalEnd() {
            return physical + length;
        }

        public boolean unwritten() {
            return (flags & FiemapParser.FLAG_UNWRITTEN) != 0;
        }

        public boolean delalloc() {
            return (flags & FiemapParser.FLAG_DELALLOC) != 0;
        }

        /** Flags that make the extent something other than a plain written or unwritten one. */
        public int oddFlags() {
            return flags & ~(FiemapParser.FLAG_LAST | FiemapParser.FLAG_UNWRITTEN | FiemapParser.FLAG_MERGED);
        }
    }

    public FileMap {
        extents = List.copyOf(extents);
    }

    /** Reads {@code file}'s map with {@code xfs_io -r -c "fiemap -v"} and its size. */
    public static FileMap of(Path file) throws IOException {
        String out = Shell.check(List.of(Shell.tool("xfs_io"), "-r", "-c", "fiemap -v", file.toString()));
        return parseXfsIo(out, Files.size(file));
    }

    /**
     * Parses {@code xfs_io -c "fiemap -v" FILE} output (512-byte units, {@code hole} rows for gaps) with the file
     * size from elsewhere ({@code stat -c %s}); output that is not one such table is an IOException saying why.
     */
    public static FileMap parseXfsIo(String text, long size) throws IOException {
        List<Extent> ex = new ArrayList<>();
        try {
            for (FiemapParser.Row r : FiemapParser.rows(text)) {
                if (!r.hole()) {
                    ex.add(new Extent(r.first() * 512, r.physicalFirst() * 512, (r.last() - r.first() + 1) * 512,
                            (int) r.flags()));
                }
            }
        } catch (InvalidInputException e) {
            throw new IOException("xfs_io fiemap -v output: " + e.getMessage(), e);
        }
        return new FileMap(size, ex);
    }

    /** How many extents are unwritten. */
    public long unwrittenExtents() {
        return extents.stream().filter(Extent::unwritten).count();
    }

    /** {@code size=12288 0+8192@8462336W 8192+4096@8474624U}: a compact rendering for messages. */
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
