package org.locktable.dsl;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Under each of {@link #policies()} some schedule of the {@link Concurrent} race ends in a file no serial order of
 * its {@link Op}s explains. The generated suite has one test per policy; its page draws the shortest such schedule.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@Repeatable(ExpectUnsafe.List.class)
public @interface ExpectUnsafe {
    /** Direct-write policy ids; empty means the class's or package's {@link Policies}. */
    String[] policies() default {};

    /**
     * The byte ranges the shortest counterexample gets wrong, each {@code "[FROM,TO)"} with 512-byte-aligned bounds,
     * in ascending order, e.g. {@code {"[4096,4608)", "[5120,8192)"}}; empty: not checked.
     */
    String[] badRanges() default {};

    @Documented
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.TYPE)
    @interface List {
        ExpectUnsafe[] value();
    }
}
