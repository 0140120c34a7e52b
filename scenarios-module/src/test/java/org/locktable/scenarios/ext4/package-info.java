/**
 * ext4 direct-write scenarios: the worked examples of the policy spec (§7) whose subject is ext4's lock
 * decision, checked against every DIO policy (ext4 v5.5 + Jan Kara, ext4 mainline, Baokun Li's patch 1 and 1+2,
 * XFS up to v5.11 and XFS v5.12+), so that each page shows how XFS decides the same write.
 *
 * <p>Most classes name the policy of each {@code @ExpectLock}, one row per row of the spec table. A class whose
 * six table rows are identical states one {@code @ExpectLock} without a policy: it applies to each policy below.
 * Buffered and write-through rows of the same examples are in {@code org.locktable.scenarios.buffered}.
 */
@Policies({"ext4-2019-overwrite", "ext4-base", "ext4-patch1", "ext4-patch2", "xfs-dio-v5.11", "xfs-dio"})
package org.locktable.scenarios.ext4;

import org.locktable.dsl.Policies;
