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

    /** Byte offset: a multiple of 512. */
    long offset();

    /** Length in bytes: a multiple of 512, more than 0. */
    long len();

    /** Follow a {@link Kind#BUFFERED} write with fsync (its writeback); only buffered writes take it. */
    boolean fsync() default false;

    /** How the write is issued. */
    enum Kind {
        /** O_DIRECT through an async kiocb, as libaio and io_uring submit it: the lock may drop before the bios complete. */
        AIO_DIO,
        /** O_DIRECT through a sync pwrite: the call waits for its bios. */
        DIO,
        /** pwrite through the page cache, under the buffered policy of the direct-write policy's file system. */
        BUFFERED
    }

    @Documented
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.TYPE)
    @interface List {
        Op[] value();
    }
}
