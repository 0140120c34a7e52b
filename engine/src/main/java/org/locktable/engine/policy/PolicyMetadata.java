package org.locktable.engine.policy;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.locktable.engine.policy.PolicyInfo.Status;
import org.locktable.engine.policy.PolicyInfo.WritePath;

/**
 * What a policy class models, declared on the class (as Error Prone's {@code @BugPattern} is on a check):
 * {@link Policy}'s constructor reads it into the policy's {@link PolicyInfo}. Every concrete policy, built-in or a
 * user's, carries one.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface PolicyMetadata {
    /** The stable id the CLI, the DSL and the tables use: lower case, digits, {@code .} and {@code -}, e.g. {@code ext4-base}. */
    String id();

    /** One line: the write path and what distinguishes it. */
    String title();

    /** The file system whose write path it models. */
    FileSystem fileSystem();

    /** Which writes the policy's own tables enumerate. */
    WritePath path();

    /** The kernel version or patch it mirrors. */
    String kernel();

    Status status();

    /** The seed document it comes from; empty for none. */
    String seed() default "";

    /** The first live kernel ({@code 6.5}) it should match; empty when no released kernel has it. */
    String liveFrom() default "";

    /** The first live kernel it no longer matches; empty for "up to the newest kernel read". */
    String liveUntil() default "";

    /** The kernel functions the class mirrors, with their files: {@code "fs/ext4/file.c: ext4_dio_write_iter"}. */
    String[] functions();

    /** Rules reconstructed rather than read in the kernel source. */
    String[] inferred() default {};

    /** The policies whose diff to this one {@code locktable docs} publishes (a seed's "before"), in that order. */
    String[] diffFrom() default {};

    /** What the README's policies table says it models; empty: the title. */
    String summary() default "";
}
