package org.locktable.dsl;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * One operation of a {@link Concurrent} race, in source order: the first is lane A, the second B, the third C.
 * Offsets and lengths are 512-byte granular; an operation ends at most one block past the layout.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@Repeatable(Op.List.class)
public @interface Op {
    Kind kind();

    /** Byte offset: a multiple of 512; for {@link Kind#TRUNCATE} the new size. */
    long offset();

    /** Length in bytes: a multiple of 512, more than 0; 0 for {@link Kind#TRUNCATE}. */
    long len() default 0;

    /** Follow a {@link Kind#BUFFERED} write with fsync (its writeback); only buffered writes take it. */
    boolean fsync() default false;

    /** The operation: the race oracle's kinds, one for one (a parity test keeps them equal). */
    enum Kind {
        /** O_DIRECT through an async kiocb, as libaio and io_uring submit it: the lock may drop before the bios complete. */
        AIO_DIO,
        /** O_DIRECT through a sync pwrite: the call waits for its bios. */
        DIO,
        /** pwrite through the page cache, under the buffered policy of the direct-write policy's file system. */
        BUFFERED,
        /** ftruncate to {@code offset} ({@code len} 0): shrink or grow. */
        TRUNCATE,
        /** fallocate PUNCH_HOLE | KEEP_SIZE over {@code [offset, offset + len)}. */
        PUNCH,
        /** fallocate mode 0 over {@code [offset, offset + len)}: unwritten blocks, i_size grows. */
        FALLOCATE,
        /** O_DIRECT pread: what it returns must match some serial order, bytes and length. */
        DIO_READ,
        /** O_DIRECT read through an async kiocb (libaio, io_uring). */
        AIO_DIO_READ,
        /** pread through the page cache. */
        BUFFERED_READ
    }

    @Documented
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.TYPE)
    @interface List {
        Op[] value();
    }
}
