package org.locktable.scenarios.races;

import static org.locktable.dsl.Op.Kind.AIO_DIO;

import org.locktable.dsl.Concurrent;
import org.locktable.dsl.ExpectSafe;
import org.locktable.dsl.ExtentLayout;
import org.locktable.dsl.Op;
import org.locktable.dsl.Scenario;

/**
 * Spec §6.2 R1: two sub-block async writes into one unwritten block. Safe on every policy: ext4 takes the first
 * exclusive, drained and waited, and the second then sees the block written; XFS takes the unaligned path exclusive.
 */
@Scenario(title = "R1: two sub-block AIO writes into one unwritten block",
          why = "the classic sub-block zeroing race: each write zeroes the rest of the block around it",
          source = "spec §6.2 R1")
@ExtentLayout(blocks = "W U W W", size = 16384)
@Concurrent
@Op(kind = AIO_DIO, offset = 4096, len = 512)
@Op(kind = AIO_DIO, offset = 5120, len = 512)
@ExpectSafe
class R1SubBlockWritesIntoOneUnwrittenBlock {
}
