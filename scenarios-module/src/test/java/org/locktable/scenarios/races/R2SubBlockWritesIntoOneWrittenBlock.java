package org.locktable.scenarios.races;

import static org.locktable.dsl.Op.Kind.AIO_DIO;

import org.locktable.dsl.Concurrent;
import org.locktable.dsl.ExpectSafe;
import org.locktable.dsl.ExtentLayout;
import org.locktable.dsl.Op;
import org.locktable.dsl.Scenario;

/**
 * Spec §6.2 R2: the same two writes into a written block. Safe on every policy: no zeroing, so the shared lock is
 * enough where a policy takes it.
 */
@Scenario(title = "R2: two sub-block AIO writes into one written block",
          why = "pure overwrites need no zeroing: concurrent under the shared lock, serialised where a policy is stricter",
          source = "spec §6.2 R2")
@ExtentLayout(blocks = "W W W W", size = 16384)
@Concurrent
@Op(kind = AIO_DIO, offset = 4096, len = 512)
@Op(kind = AIO_DIO, offset = 5120, len = 512)
@ExpectSafe
class R2SubBlockWritesIntoOneWrittenBlock {
}
