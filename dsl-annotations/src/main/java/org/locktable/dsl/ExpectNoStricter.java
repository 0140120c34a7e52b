package org.locktable.dsl;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * {@link #policy()} serialises the scenario's write no more than {@link #than()}: it does not fail with
 * -EAGAIN where the other goes ahead, and takes no stronger lock, drain or forced wait.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@Repeatable(ExpectNoStricter.List.class)
public @interface ExpectNoStricter {
    String policy();

    String than();

    @Documented
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.TYPE)
    @interface List {
        ExpectNoStricter[] value();
    }
}
