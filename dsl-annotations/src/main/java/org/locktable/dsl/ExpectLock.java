package org.locktable.dsl;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The lock a policy takes for the scenario's write. Without {@link #policy()} the expectation applies to
 * each policy named by {@link Policies} on the class or its package. {@code drain}, {@code forceWait},
 * {@code nowait} and {@code result} are expectations only when written.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@Repeatable(ExpectLock.List.class)
public @interface ExpectLock {
    /** The lock held at submission. */
    LockMode value();

    /** A catalog policy id; empty means the class's or package's {@link Policies}. */
    String policy() default "";

    /** inode_dio_wait before mapping (checked only when written). */
    boolean drain() default false;

    /** IOMAP_DIO_FORCE_WAIT (checked only when written). */
    boolean forceWait() default false;

    /** What a RWF_NOWAIT caller gets (checked only when written). */
    NowaitOutcome nowait() default NowaitOutcome.NOT_APPLICABLE;

    /** The call's result (checked only when written). */
    WriteResult result() default WriteResult.OK;

    @Documented
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.TYPE)
    @interface List {
        ExpectLock[] value();
    }
}
