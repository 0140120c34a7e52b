package org.locktable.dsl.reader;

import org.locktable.engine.model.Inode;
import org.locktable.engine.model.InvalidInputException;
import org.locktable.engine.model.Layout;
import org.locktable.engine.model.LayoutSyntaxException;
import org.locktable.engine.model.WriteRequest;

/** {@code @ExtentLayout} → the engine's {@link Inode}, {@code @Write} → its {@link WriteRequest}; null on a problem. */
final class InodeAndWriteReader {
    /** {@code @ExtentLayout.size} and {@code diskSize}: this value means "from the layout". */
    static final long FROM_LAYOUT = -1;

    private final Report report;

    InodeAndWriteReader(Report report) {
        this.report = report;
    }

    Inode inode(DslAnnotation a) {
        Layout layout;
        try {
            layout = Layout.parse(a.string("blocks"));
        } catch (LayoutSyntaxException e) {
            report.add(Message.BAD_LAYOUT, a.at("blocks"), e.getMessage());
            return null;
        }
        Inode.Builder b = Inode.builder(layout).blockSize(a.intValue("blockSize")).logicalBlockSize(a.intValue("logicalBlockSize"))
                .nosec(a.bool("nosec")).mode(a.intValue("mode"));
        if (a.longValue("size") != FROM_LAYOUT) {
            b.size(a.longValue("size"));
        }
        if (a.longValue("diskSize") != FROM_LAYOUT) {
            b.diskSize(a.longValue("diskSize"));
        }
        try {
            return b.build();
        } catch (InvalidInputException e) {
            switch (e.field()) {
                case "blockSize":
                    report.add(Message.BAD_BLOCK_SIZE, a.at("blockSize"), "ExtentLayout",
                            a.intValue("blockSize") + ": " + e.getMessage());
                    break;
                case "lbs":
                case "dmaAlignment":
                    report.add(Message.BAD_LOGICAL_BLOCK_SIZE, a.at("logicalBlockSize"), e.getMessage());
                    break;
                case "diskSize":
                    report.add(Message.BAD_SIZE, a.at("diskSize"), "diskSize", e.getMessage());
                    break;
                case "size":
                    report.add(Message.BAD_SIZE, a.at("size"), "size", e.getMessage());
                    break;
                case "mode":
                    report.add(Message.BAD_MODE, a.at("mode"), e.getMessage());
                    break;
                default:
                    report.add(Message.BAD_LAYOUT, a.at("blocks"), e.getMessage());
            }
            return null;
        }
    }

    WriteRequest write(DslAnnotation a) {
        try {
            return WriteRequest.builder(a.longValue("offset"), a.longValue("len")).direct(a.bool("direct"))
                    .async(a.bool("async")).nowait(a.bool("nowait")).dsync(a.bool("dsync"))
                    .writethrough(a.bool("writethrough")).noserial(a.bool("noserial")).unprivileged(a.bool("unprivileged"))
                    .bufferAlignment(a.longValue("bufferAlignment")).build();
        } catch (InvalidInputException e) {
            switch (e.field()) {
                case "offset":
                    report.add(Message.BAD_OFFSET, a.at("offset"), e.getMessage());
                    break;
                case "bufferAlignment":
                    report.add(Message.BAD_BUFFER_ALIGNMENT, a.at("bufferAlignment"), e.getMessage());
                    break;
                default:
                    if (a.longValue("len") <= 0) {
                        report.add(Message.BAD_LENGTH, a.at("len"), e.getMessage());
                    } else {
                        // the larger of the two values is the one to change
                        String member = a.longValue("offset") > a.longValue("len") ? "offset" : "len";
                        report.add(Message.RANGE_OVERFLOW, a.at(member), member, e.getMessage());
                    }
            }
            return null;
        }
    }
}
