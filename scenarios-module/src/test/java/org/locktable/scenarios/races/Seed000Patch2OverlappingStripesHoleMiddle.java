package org.locktable.scenarios.races;

import static org.locktable.dsl.Op.Kind.AIO_DIO;

import org.locktable.dsl.Concurrent;
import org.locktable.dsl.ExpectSafe;
import org.locktable.dsl.ExtentLayout;
import org.locktable.dsl.Op;
import org.locktable.dsl.Scenario;

/**
 * Seed 000, [PATCH 2/2] ("unaligned write spanning written extent + mid-range hole + written extent at the tail"):
 * the same two overlapping writes with holes in the middle, allocated under the shared lock. Safe on every policy.
 */
@Scenario(title = "Seed 000 patch 2: overlapping unaligned AIO writes, written edges, hole middle",
          why = "middle blocks are written whole, so allocating them under the shared lock is safe",
          source = "seed 000, [PATCH 2/2]")
@ExtentLayout(blocks = "W H H W", size = 16384)
@Concurrent
@Op(kind = AIO_DIO, offset = 512, len = 14336)
@Op(kind = AIO_DIO, offset = 1024, len = 13312)
@ExpectSafe
class Seed000Patch2OverlappingStripesHoleMiddle {
}
