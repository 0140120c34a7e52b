package org.locktable.dsl;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** The write a scenario issues. Defaults: a synchronous O_DIRECT pwrite with a page-aligned buffer. */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Write {
    long offset();

    long len();

    /** O_DIRECT; false for a buffered write. */
    boolean direct() default true;

    /** An async kiocb (libaio, io_uring); false for pwrite/pwritev2. */
    boolean async() default false;

    /** RWF_NOWAIT. */
    boolean nowait() default false;

    /** O_DSYNC / RWF_DSYNC. */
    boolean dsync() default false;

    /** RWF_WRITETHROUGH (RFC). */
    boolean writethrough() default false;

    /** RWF_NOSERIAL (RFC). */
    boolean noserial() default false;

    /** The largest power of two dividing the user buffer's address. */
    long bufferAlignment() default 4096;

    /**
     * The caller lacks CAP_FSETID and is not in the file's group: its write must strip a set-id {@code mode}
     * ({@code file_remove_privs}). False: a caller with CAP_FSETID, as root.
     */
    boolean unprivileged() default false;
}
