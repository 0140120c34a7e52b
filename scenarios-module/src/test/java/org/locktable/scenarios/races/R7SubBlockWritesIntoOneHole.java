package org.locktable.scenarios.races;

import static org.locktable.dsl.Op.Kind.AIO_DIO;

import org.locktable.dsl.Concurrent;
import org.locktable.dsl.ExpectSafe;
import org.locktable.dsl.ExtentLayout;
import org.locktable.dsl.Op;
import org.locktable.dsl.Scenario;

/**
 * Spec §6.2 R7: two sub-block async writes into one hole. Safe on every policy: the first is exclusive, drained
 * and waited, and the second sees the block allocated.
 */
@Scenario(title = "R7: two sub-block AIO writes into one hole",
          why = "R1 with a hole: the first write allocates and zeroes the block",
          source = "spec §6.2 R7")
@ExtentLayout(blocks = "W H W W", size = 16384)
@Concurrent
@Op(kind = AIO_DIO, offset = 4608, len = 512)
@Op(kind = AIO_DIO, offset = 5632, len = 512)
@ExpectSafe
class R7SubBlockWritesIntoOneHole {
}
