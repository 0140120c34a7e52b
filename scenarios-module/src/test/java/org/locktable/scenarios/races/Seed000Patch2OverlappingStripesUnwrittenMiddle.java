package org.locktable.scenarios.races;

import static org.locktable.dsl.Op.Kind.AIO_DIO;

import org.locktable.dsl.Concurrent;
import org.locktable.dsl.ExpectSafe;
import org.locktable.dsl.ExtentLayout;
import org.locktable.dsl.Op;
import org.locktable.dsl.Scenario;

/**
 * Seed 000, [PATCH 2/2]: unaligned writes whose head and tail land on written blocks need no zeroing, so the middle
 * may be in any state. Two overlapping unaligned async writes over one stripe with an unwritten middle, both shared
 * under ext4-patch2: safe on every policy (16.4 million schedules in 1,208 states under ext4-patch2).
 */
@Scenario(title = "Seed 000 patch 2: overlapping unaligned AIO writes, written edges, unwritten middle",
          why = "patch 2's rule: exclusive only when the head or tail partial block lands on a hole or unwritten extent",
          source = "seed 000, [PATCH 2/2]")
@ExtentLayout(blocks = "W U U W", size = 16384)
@Concurrent
@Op(kind = AIO_DIO, offset = 512, len = 14336)
@Op(kind = AIO_DIO, offset = 1024, len = 13312)
@ExpectSafe
class Seed000Patch2OverlappingStripesUnwrittenMiddle {
}
