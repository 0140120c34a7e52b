package org.locktable.dsl;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** Marks a class as a locktable scenario and says what it is about. */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Scenario {
    /** One line: what the write is. */
    String title();

    /** Why the case matters (the claim it checks, the bug it guards). */
    String why() default "";

    /** Where the case comes from: a seed, a patch, a bug report. */
    String source() default "";
}
