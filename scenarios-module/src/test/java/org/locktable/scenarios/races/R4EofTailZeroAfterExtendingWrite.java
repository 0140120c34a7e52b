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
 * Spec §6.2 R4 (marked INFERRED there; the live run corrupted ext4 in 10 of 10 runs and XFS in none): an async
 * write ending exactly at an unaligned EOF takes ext4's shared lock and queues an EOF-tail zero bio over the rest
 * of its block; a sync aligned extending write takes the exclusive lock without draining, and the zeros land after
 * its data. XFS's end >= i_size test takes the exclusive lock, drained and waited. Also seed 000's EOF case: patch
 * 2's written head/tail rule does not close it.
 */
@Scenario(title = "R4: an EOF-tail zero bio lands after an extending write",
          why = "a gap in the ext4 rule that unaligned pure overwrites may share the lock: the iomap EOF tail zeroing fires for a write ending at an unaligned i_size",
          source = "spec §6.2 R4; live race run, Linux 6.18.44")
@ExtentLayout(blocks = "W W", size = 6144)
@Concurrent
@Op(kind = AIO_DIO, offset = 5120, len = 1024)
@Op(kind = DIO, offset = 4096, len = 4096)
@ExpectUnsafe(policies = {"ext4-base", "ext4-patch1", "ext4-patch2"}, badRanges = "[6144,8192)")
@ExpectSafe(policies = {"ext4-2019-overwrite", "ext4-v5.10", "xfs-dio-v5.11", "xfs-dio"})
class R4EofTailZeroAfterExtendingWrite {
}
