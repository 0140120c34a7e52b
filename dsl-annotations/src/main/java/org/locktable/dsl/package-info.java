/**
 * The locktable scenario DSL. A scenario is a small annotated class: an extent layout, a write, and the lock
 * each policy is expected to take. The annotation processor turns it into JUnit tests and Markdown tables.
 *
 * <pre>{@code
 * @Scenario(title = "Unaligned write, written head and tail, unwritten middle",
 *           why = "the case patch 2 relaxes", source = "seed 000, test 2")
 * @ExtentLayout(blocks = "W U U W", blockSize = 4096)
 * @Write(offset = 512, len = 14336)
 * @ExpectLock(policy = "ext4-base",   value = EXCLUSIVE, drain = true)
 * @ExpectLock(policy = "ext4-patch1", value = EXCLUSIVE)
 * @ExpectLock(policy = "ext4-patch2", value = SHARED)
 * class UnalignedWrittenEdges {}
 * }</pre>
 *
 * <p>Optional members of {@link ExpectLock} ({@code drain}, {@code forceWait}, {@code nowait}, {@code result})
 * are checked only when written: a value left at its default is not an expectation.
 *
 * <p>Two more kinds of scenario: a timing table ({@link Workload} with {@link ExpectSpeedup}) and a race
 * ({@link Concurrent}: one to four {@link Op}s on the {@link ExtentLayout}'s file, with {@link ExpectSafe} and
 * {@link ExpectUnsafe} per policy, checked by the concurrency oracle over every schedule).
 */
package org.locktable.dsl;
