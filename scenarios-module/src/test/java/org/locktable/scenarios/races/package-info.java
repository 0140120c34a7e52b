/**
 * Races: two direct writes on one inode, every schedule of their kernel steps explored by the concurrency oracle
 * under each direct-write policy ({@code @Concurrent}). The race examples R1–R7 of the policy specification's §6.2
 * table, and seed 000's two relaxations stated as races: patch 1's aligned writes across allocated extents under the
 * shared lock, and patch 2's written-head/tail rule, safe apart from the EOF case (R4, and a stripe ending at an
 * unaligned EOF). A bare {@code @ExpectSafe} means every direct-write policy.
 */
@Policies({"ext4-2019-overwrite", "ext4-v5.10", "ext4-base", "ext4-patch1", "ext4-patch2", "xfs-dio-v5.11", "xfs-dio"})
package org.locktable.scenarios.races;

import org.locktable.dsl.Policies;
