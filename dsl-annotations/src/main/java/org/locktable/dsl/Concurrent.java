package org.locktable.dsl;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a scenario as a race: the class's {@link Op}s (one to four) run concurrently on the file of its
 * {@link ExtentLayout}, and the concurrency oracle walks every schedule of their kernel steps under each policy the
 * class's {@link ExpectSafe} and {@link ExpectUnsafe} name. A race has no {@link Write} and no {@link ExpectLock}.
 *
 * <pre>{@code
 * @Scenario(title = "R4: an EOF-tail zero bio lands after an extending write", source = "spec §6.2 R4")
 * @ExtentLayout(blocks = "W W", size = 6144)
 * @Concurrent
 * @Op(kind = Op.Kind.AIO_DIO, offset = 5120, len = 1024)
 * @Op(kind = Op.Kind.DIO, offset = 4096, len = 4096)
 * @ExpectUnsafe(policies = "ext4-base", badRanges = "[6144,8192)")
 * @ExpectSafe(policies = "xfs-dio")
 * class R4EofTailZeroAfterExtend {}
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Concurrent {
}
