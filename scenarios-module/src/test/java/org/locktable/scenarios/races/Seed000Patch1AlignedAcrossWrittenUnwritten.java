package org.locktable.scenarios.races;

import static org.locktable.dsl.Op.Kind.AIO_DIO;

import org.locktable.dsl.Concurrent;
import org.locktable.dsl.ExpectSafe;
import org.locktable.dsl.ExtentLayout;
import org.locktable.dsl.Op;
import org.locktable.dsl.Scenario;

/**
 * Seed 000, cover letter case 1 and [PATCH 1/2]: aligned writes spanning written and unwritten extents may proceed
 * under the shared lock regardless of extent state. Two overlapping aligned async writes across the boundary (test
 * 1's 8K writes): safe on every policy, concurrent under patch 1 and 2.
 */
@Scenario(title = "Seed 000 patch 1: overlapping aligned AIO writes across a written/unwritten boundary",
          why = "patch 1 lets aligned non-extending writes share the lock whatever the extents are: nothing is zeroed",
          source = "seed 000, cover letter case 1 and [PATCH 1/2]")
@ExtentLayout(blocks = "W U U W", size = 16384)
@Concurrent
@Op(kind = AIO_DIO, offset = 0, len = 8192)
@Op(kind = AIO_DIO, offset = 4096, len = 8192)
@ExpectSafe
class Seed000Patch1AlignedAcrossWrittenUnwritten {
}
