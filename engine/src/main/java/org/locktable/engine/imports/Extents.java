package org.locktable.engine.imports;

import org.locktable.engine.model.BlockState;
import org.locktable.engine.model.InvalidInputException;
import org.locktable.engine.model.Layout;

/**
 * Collects a tool's rows in file order, in the tool's unit, and turns them into layout records: checks that
 * rows do not overlap and that extents cover whole blocks, and merges an extent into the previous record only
 * when both have the same state and are logically and physically contiguous (one record for the file system);
 * otherwise the extent is a record of its own ({@code W|W} in the notation).
 */
final class Extents {
    /** No physical location (delalloc, holes). */
    static final long NOWHERE = -1;

    private final int unit;
    private final int blockSize;
    private final String unitName;
    private final Layout.Builder layout = Layout.builder();

    /** End (exclusive, in units) of the last row of any kind; 0 before the first. */
    private long end;
    private boolean anyRow;
    /** The last extent (not hole): state, logical end (exclusive, units), physical last unit. */
    private BlockState lastState;
    private long lastEnd = -1;
    private long lastPhysical = NOWHERE;
    private long recordsEndBlock;

    /**
     * @param unit bytes per unit of the tool's numbers
     * @param blockSize the block size of the layout, a multiple of {@code unit}
     * @param unitName the unit for messages, singular: {@code 512-byte unit}, {@code block}
     */
    Extents(int unit, int blockSize, String unitName) {
        this.unit = unit;
        this.blockSize = blockSize;
        this.unitName = unitName;
    }

    /**
     * Adds the row covering units {@code [first, last]}; {@code physFirst}/{@code physLast} are its physical
     * units or {@link #NOWHERE}.
     */
    void add(int line, long first, long last, BlockState state, long physFirst, long physLast)
            throws ExtentMapException {
        if (last < first) {
            throw new ExtentMapException(line, "expected a range START..END with END >= START; found " + first + ".."
                    + last);
        }
        if (anyRow && first < end) {
            throw new ExtentMapException(line, "expected a row starting at or after " + unitName + " " + end
                    + ", where the previous one ends; found " + first + ".." + last + ", which overlaps it");
        }
        long startBytes = bytes(line, first);
        long endBytes = bytes(line, last + 1);
        anyRow = true;
        end = last + 1;
        if (state == BlockState.HOLE) {
            return;
        }
        if (startBytes % blockSize != 0 || endBytes % blockSize != 0) {
            throw new ExtentMapException(line, "expected extents of whole " + blockSize + "-byte blocks; " + unitName
                    + "s " + first + ".." + last + " (bytes " + startBytes + ".." + (endBytes - 1) + ") "
                    + (startBytes % blockSize != 0 ? "start" : "end") + " inside a block (is the file system's block "
                    + "size smaller? give it with --block-size)");
        }
        long startBlock = startBytes / blockSize;
        long endBlock = endBytes / blockSize;
        if (endBlock > Layout.MAX_BLOCKS) {
            throw new ExtentMapException(line, "expected extents within the first " + Layout.MAX_BLOCKS
                    + " blocks locktable models; found one ending at block " + endBlock);
        }
        boolean contiguous = state == lastState && first == lastEnd
                && (state == BlockState.DELALLOC
                    || (physFirst != NOWHERE && lastPhysical != NOWHERE && physFirst == lastPhysical + 1));
        if (contiguous) {
            layout.record(startBlock, endBlock - startBlock, state);
        } else {
            layout.separateRecord(startBlock, endBlock - startBlock, state);
        }
        lastState = state;
        lastEnd = last + 1;
        lastPhysical = physLast;
        recordsEndBlock = endBlock;
    }

    private long bytes(int line, long units) throws ExtentMapException {
        try {
            return Math.multiplyExact(units, (long) unit);
        } catch (ArithmeticException e) {
            throw new ExtentMapException(line, "expected offsets below 2^63 bytes; found " + unitName + " " + units);
        }
    }

    /** End of the last row, extents and holes alike, in bytes; 0 when there was none. */
    long endBytes() {
        return end * unit;
    }

    /** End of the last extent record, in blocks. */
    long recordsEndBlock() {
        return recordsEndBlock;
    }

    Layout build(long blocks) {
        try {
            return layout.blocks(Math.max(blocks, recordsEndBlock)).build();
        } catch (InvalidInputException e) {
            throw new IllegalStateException("extent rows were checked but do not build: " + e.getMessage(), e);
        }
    }
}
