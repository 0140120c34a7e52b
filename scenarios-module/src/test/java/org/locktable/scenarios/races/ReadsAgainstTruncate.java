package org.locktable.scenarios.races;

import static org.locktable.dsl.Op.Kind.AIO_DIO_READ;
import static org.locktable.dsl.Op.Kind.TRUNCATE;

import org.locktable.dsl.Concurrent;
import org.locktable.dsl.ExpectSafe;
import org.locktable.dsl.ExtentLayout;
import org.locktable.dsl.Op;
import org.locktable.dsl.Scenario;

/**
 * A shrinking truncate against an asynchronous direct read of the blocks it frees. Today's direct reads hold the inode
 * lock shared until they have submitted and truncate drains them under the exclusive lock, so the read returns either
 * the old bytes or nothing past the new size, never the freed blocks' stale bytes (the race 1c9114f9c0f1 closed for
 * ext4's unlocked dioread_nolock reads).
 */
@Scenario(title = "A direct read against the truncate that frees its blocks",
          why = "reads in the race language: what a read returns, bytes and length, must match some serial order",
          source = "1c9114f9c0f1 \"ext4: serialize unlocked dio reads with truncate\"")
@ExtentLayout(blocks = "W W", size = 8192)
@Concurrent
@Op(kind = TRUNCATE, offset = 2048)
@Op(kind = AIO_DIO_READ, offset = 0, len = 8192)
@ExpectSafe
class ReadsAgainstTruncate {
}
