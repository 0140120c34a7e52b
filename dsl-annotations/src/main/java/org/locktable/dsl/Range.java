package org.locktable.dsl;

import java.lang.annotation.Documented;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** The values {@code from, from + step, ...} up to and including {@code to}. */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({})
public @interface Range {
    long from();

    long to();

    long step() default 512;
}
