package org.locktable.cli;

import org.locktable.engine.model.Inode;
import org.locktable.engine.model.InvalidInputException;
import org.locktable.engine.model.Layout;

import picocli.CommandLine.Option;

/** The file a write goes to — layout, block size, i_size — as {@code decide} and {@code race} take it. */
final class FileOptions {
    @Option(names = "--layout", paramLabel = "LAYOUT",
            description = "The file's block map, one letter per block: H or . hole, U unwritten, W written, D delalloc; "
                    + "'|' between two same-state blocks marks separate extent records; W*8 repeats. "
                    + "Example: \"W U U W\".")
    String layout;

    @Option(names = "--block-size", paramLabel = "BYTES", converter = ByteCount.IntConverter.class,
            description = "File system block size (default: ${DEFAULT-VALUE}).")
    int blockSize = 4096;

    @Option(names = "--size", paramLabel = "BYTES", converter = ByteCount.LongConverter.class,
            description = "i_size (default: the end of the layout).")
    Long size;

    /** The inode's builder with the parsed layout, the block size and i_size given; {@code --layout} is present. */
    Inode.Builder inode() throws InvalidInputException {
        Layout parsed = Layout.parse(layout);
        // -1 is the Inode builder's "not given" value: a negative size must be refused here, not defaulted.
        if (size != null && size < 0) {
            throw new InvalidInputException("size", "file size " + size + " is negative");
        }
        Inode.Builder b = Inode.builder(parsed).blockSize(blockSize);
        if (size != null) {
            b.size(size);
        }
        return b;
    }
}
