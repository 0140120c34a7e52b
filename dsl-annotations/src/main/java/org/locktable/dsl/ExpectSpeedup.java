package org.locktable.dsl;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * {@link #policy()} is {@link #atLeast()} times as fast as {@link #over()} (simulated IOPS, all I/Os) at
 * {@link #jobs()} jobs of the class's {@link Workload}, or between the two bounds of {@link #within()}. Give
 * exactly one of {@code atLeast} and {@code within}. State what a published table says, not what the simulator
 * gives.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@Repeatable(ExpectSpeedup.List.class)
public @interface ExpectSpeedup {
    /** The faster (or compared) policy. */
    String policy();

    /** The baseline policy. */
    String over();

    /** The row: one of the {@link Workload#jobs()}. */
    int jobs();

    /** The least speedup, greater than 0. */
    double atLeast() default 0;

    /** {@code {from, to}}: the speedup's range, inclusive. */
    double[] within() default {};

    @Documented
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.TYPE)
    @interface List {
        ExpectSpeedup[] value();
    }
}
