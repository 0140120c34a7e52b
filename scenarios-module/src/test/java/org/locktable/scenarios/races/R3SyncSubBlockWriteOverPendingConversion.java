package org.locktable.scenarios.races;

import static org.locktable.dsl.Op.Kind.AIO_DIO;
import static org.locktable.dsl.Op.Kind.DIO;

import org.locktable.dsl.Concurrent;
import org.locktable.dsl.ExpectSafe;
import org.locktable.dsl.ExpectUnsafe;
import org.locktable.dsl.ExtentLayout;
import org.locktable.dsl.Op;
import org.locktable.dsl.Scenario;

/**
 * Spec §6.2 R3: an aligned async write into an unwritten block, its conversion pending, and a sync sub-block write
 * into the same block. Unsafe on ext4-2019-overwrite only: the sync write does not drain, maps the block still
 * unwritten and zeroes around its sector over A's data. Every later ext4 drains unaligned writes to unwritten
 * blocks (the reason v5.6 made them drain).
 */
@Scenario(title = "R3: a sync sub-block write over an aligned AIO write's pending conversion",
          why = "why ext4 since v5.6 drains every unaligned direct write that is not a pure overwrite",
          source = "spec §6.2 R3")
@ExtentLayout(blocks = "W U W W", size = 16384)
@Concurrent
@Op(kind = AIO_DIO, offset = 4096, len = 4096)
@Op(kind = DIO, offset = 4608, len = 512)
@ExpectUnsafe(policies = "ext4-2019-overwrite", badRanges = {"[4096,4608)", "[5120,8192)"})
@ExpectSafe(policies = {"ext4-v5.10", "ext4-base", "ext4-patch1", "ext4-patch2", "xfs-dio-v5.11", "xfs-dio"})
class R3SyncSubBlockWriteOverPendingConversion {
}
