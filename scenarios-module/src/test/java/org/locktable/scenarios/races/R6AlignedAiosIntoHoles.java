package org.locktable.scenarios.races;

import static org.locktable.dsl.Op.Kind.AIO_DIO;

import org.locktable.dsl.Concurrent;
import org.locktable.dsl.ExpectSafe;
import org.locktable.dsl.ExtentLayout;
import org.locktable.dsl.Op;
import org.locktable.dsl.Scenario;

/**
 * Spec §6.2 R6: two aligned async writes into separate holes. Safe on every policy: aligned, nothing to zero.
 */
@Scenario(title = "R6: two aligned AIO writes into holes",
          why = "allocation under the shared lock is safe (seed 000, patch 1's argument)",
          source = "spec §6.2 R6")
@ExtentLayout(blocks = "H H H H", size = 16384)
@Concurrent
@Op(kind = AIO_DIO, offset = 0, len = 4096)
@Op(kind = AIO_DIO, offset = 8192, len = 4096)
@ExpectSafe
class R6AlignedAiosIntoHoles {
}
