package org.locktable.dsl;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Under each of {@link #policies()} every schedule of the {@link Concurrent} race ends in a file some serial order
 * of its {@link Op}s explains. The generated suite has one test per policy.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@Repeatable(ExpectSafe.List.class)
public @interface ExpectSafe {
    /** Direct-write policy ids; empty means the class's or package's {@link Policies}. */
    String[] policies() default {};

    @Documented
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.TYPE)
    @interface List {
        ExpectSafe[] value();
    }
}
