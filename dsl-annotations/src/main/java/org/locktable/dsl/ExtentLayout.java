package org.locktable.dsl;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** The file a scenario writes to: its block map and sizes. */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface ExtentLayout {
    /**
     * The layout notation: one letter per block, {@code H} or {@code .} hole, {@code U} unwritten, {@code W}
     * written, {@code D} delalloc, separated by spaces; {@code |} marks a record boundary between same-state
     * neighbours; {@code W*8} repeats. Example: {@code "W U U W"}.
     */
    String blocks();

    /** File-system block size in bytes: a power of two from 512 to 65536. */
    int blockSize() default 4096;

    /** {@code i_size} in bytes; -1 means the layout's end. */
    long size() default -1;

    /** ext4 {@code i_disksize} in bytes; -1 means {@code i_size}. */
    long diskSize() default -1;

    /** The device's logical block size (512 or more, at most the block size). */
    int logicalBlockSize() default 512;

    /** {@code IS_NOSEC}: false for a set-uid file whose privileges a write must strip. */
    boolean nosec() default true;

    /**
     * The file's permission bits, as chmod takes them: write them in octal, {@code 04755} (set-uid) or {@code 02775}
     * (set-gid with group-exec); such a file is never IS_NOSEC. Default {@code 0644}.
     */
    int mode() default 0644;
}
