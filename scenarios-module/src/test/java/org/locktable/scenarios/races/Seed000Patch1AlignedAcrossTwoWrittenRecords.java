package org.locktable.scenarios.races;

import static org.locktable.dsl.Op.Kind.AIO_DIO;

import org.locktable.dsl.Concurrent;
import org.locktable.dsl.ExpectSafe;
import org.locktable.dsl.ExtentLayout;
import org.locktable.dsl.Op;
import org.locktable.dsl.Scenario;

/**
 * Seed 000, cover letter case 1 ("two discontiguous written extents") and [PATCH 1/2]: overlapping aligned async
 * writes across record boundaries. Safe on every policy.
 */
@Scenario(title = "Seed 000 patch 1: overlapping aligned AIO writes across discontiguous written extents",
          why = "the other false negative of the single ext4_map_blocks() lookup patch 1 removes",
          source = "seed 000, cover letter case 1 and [PATCH 1/2]")
@ExtentLayout(blocks = "W|W W|W", size = 16384)
@Concurrent
@Op(kind = AIO_DIO, offset = 0, len = 8192)
@Op(kind = AIO_DIO, offset = 4096, len = 8192)
@ExpectSafe
class Seed000Patch1AlignedAcrossTwoWrittenRecords {
}
