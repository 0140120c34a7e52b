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
 * Seed 000, [PATCH 2/2], the EOF case its rule misses: a stripe write with a written head and tail that ends
 * exactly at an unaligned i_size shares the lock under ext4-patch2 and queues an EOF-tail zero bio; an aligned
 * extending sync write does not drain, and the zeros land after its data. ext4-base and ext4-patch1 take this
 * unaligned write over unwritten blocks exclusive, drained; XFS's end >= i_size test does too. R4 is the same gap
 * on a sub-block write.
 */
@Scenario(title = "Seed 000 patch 2: a written-edge stripe ending at an unaligned EOF, raced by an extending write",
          why = "patch 2's written head/tail rule is safe apart from the EOF case: the iomap EOF tail zeroing is not partial-block zeroing of the head or tail",
          source = "seed 000, [PATCH 2/2]; spec §6.2 R4")
@ExtentLayout(blocks = "W U U W", size = 15872)
@Concurrent
@Op(kind = AIO_DIO, offset = 512, len = 15360)
@Op(kind = DIO, offset = 12288, len = 4096)
@ExpectUnsafe(policies = "ext4-patch2", badRanges = "[15872,16384)")
@ExpectSafe(policies = {"ext4-2019-overwrite", "ext4-v5.10", "ext4-base", "ext4-patch1", "xfs-dio-v5.11", "xfs-dio"})
class Seed000Patch2StripeEndingAtUnalignedEof {
}
