package org.locktable.dsl;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The policies an {@link ExpectLock} or {@link Rule} without a policy applies to. On a class, or in
 * {@code package-info.java} for every scenario of the package; the class wins.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.PACKAGE})
public @interface Policies {
    String[] value();
}
