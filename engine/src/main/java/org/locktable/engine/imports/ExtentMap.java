package org.locktable.engine.imports;

import java.util.ArrayList;
import java.util.List;

import org.locktable.engine.model.BlockState;
import org.locktable.engine.model.Inode;
import org.locktable.engine.model.InvalidInputException;
import org.locktable.engine.model.Layout;

/**
 * A real file's block map read from a tool's output ({@link ExtentMapParser}): the layout, the block size it is
 * counted in, {@code i_size}, and where each came from. The layout's blocks may reach beyond {@code i_size}
 * (extents preallocated with {@code FALLOC_FL_KEEP_SIZE}).
 */
public final class ExtentMap {

    /** The tool whose output was read. */
    public enum Tool {
        FILEFRAG("filefrag -v"),
        XFS_BMAP("xfs_bmap -vp"),
        FIEMAP("xfs_io fiemap -v");

        private final String label;

        Tool(String label) {
            this.label = label;
        }

        /** How the output is named to a user, e.g. {@code xfs_io fiemap -v}. */
        public String label() {
            return label;
        }
    }

    /** Where {@link #size()} came from. */
    public enum SizeOrigin {
        /** The tool printed it ({@code filefrag -v}). */
        PRINTED,
        /** The caller gave it ({@code --size}). */
        GIVEN,
        /** Neither: the end of the last row of the map (xfs tools print no file size). */
        END_OF_MAP
    }

    /** One extent record, in blocks. */
    public record Record(long start, long length, BlockState state) {
    }

    private final Layout layout;
    private final int blockSize;
    private final long size;
    private final SizeOrigin sizeOrigin;
    private final Tool tool;
    private final String fileName;
    private final String fileSystem;
    private final List<String> notes;

    ExtentMap(Layout layout, int blockSize, long size, SizeOrigin sizeOrigin, Tool tool, String fileName,
            String fileSystem, List<String> notes) {
        this.layout = layout;
        this.blockSize = blockSize;
        this.size = size;
        this.sizeOrigin = sizeOrigin;
        this.tool = tool;
        this.fileName = fileName;
        this.fileSystem = fileSystem;
        this.notes = List.copyOf(notes);
    }

    public Layout layout() {
        return layout;
    }

    public int blockSize() {
        return blockSize;
    }

    /** {@code i_size} in bytes. */
    public long size() {
        return size;
    }

    public SizeOrigin sizeOrigin() {
        return sizeOrigin;
    }

    public Tool tool() {
        return tool;
    }

    /** The file name the tool printed, or null when it printed none. */
    public String fileName() {
        return fileName;
    }

    /** {@code ext4} or {@code xfs} when the output tells (filefrag's file system type, xfs_bmap), else null. */
    public String fileSystem() {
        return fileSystem;
    }

    /** Things the user should know about this map (a guessed unit, a flag column that may hide -p); often empty. */
    public List<String> notes() {
        return notes;
    }

    /** The extent records in block order. */
    public List<Record> records() {
        List<Record> out = new ArrayList<>(layout.recordCount());
        for (int i = 0; i < layout.recordCount(); i++) {
            out.add(new Record(layout.recordStart(i), layout.recordLength(i), layout.recordState(i)));
        }
        return out;
    }

    /** The inode a decision needs: this layout, block size and {@code i_size}, the other fields at their defaults. */
    public Inode inode() throws InvalidInputException {
        return Inode.builder(layout).blockSize(blockSize).size(size).build();
    }

    @Override
    public String toString() {
        return "layout=\"" + layout + "\" bs=" + blockSize + " size=" + size + " (" + sizeOrigin + ") source="
                + tool.label();
    }
}
