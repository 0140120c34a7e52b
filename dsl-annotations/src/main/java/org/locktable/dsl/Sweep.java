package org.locktable.dsl;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * An exhaustive space of layouts and writes over which the class's {@link Rule}s state the expected
 * outcome. Every combination is a case: each layout pattern with each {@code ?} replaced by H, U and W,
 * each {@code i_size} placement, every offset and length of the ranges (writes that end more than one block
 * past the layout are left out), and each flag value listed. Start small: the processor refuses sweeps larger
 * than {@code -Alocktable.maxSweepCases}.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Sweep {
    /** Layout patterns in the layout notation, with {@code ?} for "each of H, U, W". Example: {@code "W ? ? W"}. */
    String[] layouts();

    int blockSize() default 4096;

    /** Also try each pair of same-state allocated neighbours as two records ({@code W|W}). */
    boolean boundaries() default false;

    /** Where {@code i_size} lies. */
    SizePlacement[] size() default {SizePlacement.LAYOUT_END};

    /** Write offsets in bytes. */
    Range offsets();

    /** Write lengths in bytes. */
    Range lengths();

    /** IS_NOSEC values to try. */
    boolean[] nosec() default {true};

    /** RWF_NOWAIT values to try. */
    boolean[] nowait() default {false};

    /** Async-kiocb values to try. */
    boolean[] async() default {false};

    /** O_DIRECT (false: buffered writes). */
    boolean direct() default true;

    /** How rules combine: {@code UNIQUE} (no case matches two rules) or {@code FIRST} (the first matching rule wins). */
    HitPolicy hitPolicy() default HitPolicy.UNIQUE;

    /** The rules claim to cover every case: a case no rule matches is a compile error. */
    boolean complete() default false;

    /** Policies the rules apply to, when a rule names none; empty means {@link Policies}. */
    String[] policies() default {};

    enum SizePlacement {
        /** {@code i_size} at the end of the layout. */
        LAYOUT_END,
        /** {@code i_size} half-way into the layout's last block. */
        MID_LAST_BLOCK
    }

    enum HitPolicy {
        UNIQUE, FIRST
    }
}
