package org.locktable.scenarios.races;

import static org.locktable.dsl.Op.Kind.AIO_DIO;

import org.locktable.dsl.Concurrent;
import org.locktable.dsl.ExpectSafe;
import org.locktable.dsl.ExtentLayout;
import org.locktable.dsl.Op;
import org.locktable.dsl.Scenario;

/**
 * Spec §6.2 R5: two unaligned async writes, each over one stripe of written head and tail and unwritten middle
 * (worked example E02, seed 000's test 2). Safe on every policy; only ext4-patch2 runs them concurrently, the
 * seed's 6.6x case: 16.7 million schedules in 484 states.
 */
@Scenario(title = "R5: two unaligned AIO stripes with written edges and unwritten middles",
          why = "the case patch 2 relaxes: no head or tail zeroing, so the shared lock is enough",
          source = "spec §6.2 R5; seed 000, test 2")
@ExtentLayout(blocks = "W U U W W U U W", size = 32768)
@Concurrent
@Op(kind = AIO_DIO, offset = 512, len = 14336)
@Op(kind = AIO_DIO, offset = 16896, len = 14336)
@ExpectSafe
class R5TwoUnalignedStripes {
}
