/**
 * Buffered scenarios: the buffered rows of the policy spec's worked examples (the same write without O_DIRECT)
 * for XFS and both ext4 buffered paths, and the RWF_WRITETHROUGH|RWF_NOSERIAL RFC (seed 002), whose classes name
 * {@code xfs-writethrough-noserial} in their own {@code @Policies}. The write-through rules are inferred by the
 * spec (§5.9) from the v4 cover letter and the v1 code: one class per inferred rule.
 */
@Policies({"xfs-buffered", "ext4-buffered-bh", "ext4-buffered-iomap"})
package org.locktable.scenarios.buffered;

import org.locktable.dsl.Policies;
