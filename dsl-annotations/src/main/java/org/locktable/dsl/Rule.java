package org.locktable.dsl;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * One row of a user-written decision table over the class's {@link Sweep}: conditions on the case (the same
 * columns as the engine's tables; an empty array means any value) and the outcome expected for every case of
 * the sweep that matches. {@code drain}, {@code forceWait}, {@code nowaitOutcome} and {@code result} are
 * expectations only when written.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@Repeatable(Rule.List.class)
public @interface Rule {
    /** A short name for the row; becomes the generated test's name. */
    String name();

    /** The policy the row is about; empty means the sweep's or class's policies. */
    String policy() default "";

    Alignment[] alignment() default {};

    State[] head() default {};

    State[] tail() default {};

    Middle[] middle() default {};

    Records[] records() default {};

    Eof[] eof() default {};

    Flag nosec() default Flag.ANY;

    Flag nowait() default Flag.ANY;

    Flag async() default Flag.ANY;

    /** The expected lock. */
    LockMode lock();

    boolean drain() default false;

    boolean forceWait() default false;

    NowaitOutcome nowaitOutcome() default NowaitOutcome.NOT_APPLICABLE;

    WriteResult result() default WriteResult.OK;

    /** Which ends of the write are not block aligned. */
    enum Alignment {
        ALIGNED, HEAD, TAIL, BOTH, SUB_BLOCK
    }

    /** The state of the first or last block. */
    enum State {
        HOLE, UNWRITTEN, WRITTEN
    }

    /** The states found in the fully covered blocks between head and tail. */
    enum Middle {
        NONE, H, U, H_U, W, H_W, U_W, H_U_W
    }

    /** Mapping records the write's blocks touch (a run of holes counts as one). */
    enum Records {
        ONE, TWO, THREE_OR_MORE
    }

    /** Where the write lies against {@code i_size}. */
    enum Eof {
        INSIDE, ENDS_AT_EOF, STRADDLES, APPENDS, BEYOND_IN_EOF_BLOCK, BEYOND
    }

    enum Flag {
        ANY, YES, NO
    }

    @Documented
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.TYPE)
    @interface List {
        Rule[] value();
    }
}
