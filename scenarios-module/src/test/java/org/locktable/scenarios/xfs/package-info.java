/**
 * XFS direct-write scenarios: the worked examples of the policy spec (§7) whose subject is XFS (Chinner's shared
 * unaligned fast path, EOF zeroing with demote, validity checks before locking), checked against every DIO policy
 * so that each page shows how ext4 decides the same write. {@code xfs-dio-v5.11} is the spec's
 * xfs-dio-aligned / xfs-dio-unaligned-excl pair (XFS ≤ v5.11), {@code xfs-dio} the xfs-dio-aligned /
 * xfs-dio-unaligned-shared pair (XFS ≥ v5.12).
 */
@Policies({"ext4-2019-overwrite", "ext4-base", "ext4-patch1", "ext4-patch2", "xfs-dio-v5.11", "xfs-dio"})
package org.locktable.scenarios.xfs;

import org.locktable.dsl.Policies;
