package org.locktable.conformance;

import java.util.ArrayList;
import java.util.List;

import org.locktable.engine.model.BlockState;
import org.locktable.engine.model.InvalidInputException;
import org.locktable.engine.model.Layout;
import org.locktable.rig.FileMap;

/**
 * Whether a built file is the asked one: its FIEMAP records (start, length, state) equal the layout's, every
 * record boundary between same-state neighbours is a physical discontiguity, nothing is allocated beyond
 * the layout, the size and the set-uid bit are as asked, and no page of the file is in the page cache.
 *
 * @param realised true when every check passed
 * @param produced what the file system produced, in the engine's notation with its {@code i_size}
 * @param reason the first check that failed, or empty
 */
public record Realisation(boolean realised, String produced, String reason) {

    /** Checks a built file; {@code mode} is its permission bits, {@code residentPages} from mincore. */
    public static Realisation check(Layout asked, long askedSize, boolean askedNosec, int blockSize, FileMap map,
                                    int mode, long residentPages) {
        List<String> problems = new ArrayList<>();
        long askedBlocks = Math.max(asked.blocks(), ceilDiv(askedSize, blockSize));
        long blocks = Math.max(askedBlocks, ceilDiv(map.size(), blockSize));
        Layout.Builder b = Layout.builder();
        long prevEnd = -1;
        FileMap.Extent prev = null;
        for (FileMap.Extent e : map.extents()) {
            if (e.logical() % blockSize != 0 || e.length() % blockSize != 0) {
                problems.add("extent " + e.logical() + "+" + e.length() + " is not block aligned");
                continue;
            }
            BlockState st = e.delalloc() ? BlockState.DELALLOC
                    : e.unwritten() ? BlockState.UNWRITTEN : BlockState.WRITTEN;
            if (e.oddFlags() != 0) {
                problems.add("extent at " + e.logical() + " has FIEMAP flags 0x" + Integer.toHexString(e.flags()));
            }
            long start = e.logical() / blockSize;
            long len = e.length() / blockSize;
            if (start < prevEnd) {
                problems.add("extents overlap at block " + start);
                continue;
            }
            if (prev != null && prevEnd == start && sameState(prev, e) && prev.physicalEnd() == e.physical()) {
                problems.add("the records ending and starting at block " + start
                        + " are separate but physically contiguous");
            }
            b.separateRecord(start, len, st);
            blocks = Math.max(blocks, start + len);
            prevEnd = start + len;
            prev = e;
        }
        Layout produced;
        try {
            produced = b.blocks(blocks).build();
        } catch (InvalidInputException e) {
            return new Realisation(false, map.toString(), "FIEMAP gave no valid layout: " + e.getMessage());
        }
        String producedText = produced + " i_size=" + map.size() + ((mode & 04000) != 0 ? " set-uid" : "");
        if (!sameRecords(asked, produced)) {
            problems.add(0, "FIEMAP shows `" + produced + "`, not `" + asked + "`");
        }
        if (blocks > askedBlocks) {
            problems.add("blocks allocated beyond the layout (up to block " + blocks + ")");
        }
        if (map.size() != askedSize) {
            problems.add("i_size is " + map.size() + ", not " + askedSize);
        }
        boolean setuid = (mode & 04000) != 0;
        if (setuid == askedNosec) {
            problems.add(setuid ? "the file is set-uid (IS_NOSEC off)" : "the file is not set-uid (IS_NOSEC on)");
        }
        if (residentPages != 0) {
            problems.add(residentPages + " page(s) of the file are in the page cache");
        }
        return new Realisation(problems.isEmpty(), producedText, String.join("; ", problems));
    }

    /** The records of the two layouts are the same (trailing holes do not count). */
    static boolean sameRecords(Layout a, Layout b) {
        if (a.recordCount() != b.recordCount()) {
            return false;
        }
        for (int i = 0; i < a.recordCount(); i++) {
            if (a.recordStart(i) != b.recordStart(i) || a.recordLength(i) != b.recordLength(i)
                    || a.recordState(i) != b.recordState(i)) {
                return false;
            }
        }
        return true;
    }

    private static boolean sameState(FileMap.Extent a, FileMap.Extent b) {
        return a.unwritten() == b.unwritten() && a.delalloc() == b.delalloc();
    }

    static long ceilDiv(long a, long b) {
        return (a + b - 1) / b;
    }
}
