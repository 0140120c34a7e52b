package org.locktable.scenarios.claims;

import static org.locktable.dsl.LockMode.EXCLUSIVE;
import static org.locktable.dsl.LockMode.SHARED;
import static org.locktable.dsl.Rule.Alignment.ALIGNED;
import static org.locktable.dsl.Rule.Alignment.BOTH;
import static org.locktable.dsl.Rule.Alignment.HEAD;
import static org.locktable.dsl.Rule.Alignment.SUB_BLOCK;
import static org.locktable.dsl.Rule.Alignment.TAIL;
import static org.locktable.dsl.Rule.Eof.BEYOND;
import static org.locktable.dsl.Rule.Eof.BEYOND_IN_EOF_BLOCK;
import static org.locktable.dsl.Rule.Eof.INSIDE;
import static org.locktable.dsl.Rule.Records.ONE;
import static org.locktable.dsl.Rule.State.WRITTEN;
import static org.locktable.dsl.Sweep.SizePlacement.LAYOUT_END;
import static org.locktable.dsl.Sweep.SizePlacement.MID_LAST_BLOCK;

import org.locktable.dsl.Range;
import org.locktable.dsl.Rule;
import org.locktable.dsl.Scenario;
import org.locktable.dsl.Sweep;

/**
 * Dave Chinner's patch (XFS v5.12+). Block-aligned writes never reach the patched function (the dispatcher sends
 * them to xfs_file_dio_write_aligned): the first two rules state that path so the sweep is complete. Record
 * boundaries are swept, because "one written extent" excludes two adjacent written records (W|W).
 */
@Scenario(title = "Dave Chinner's claim: unaligned DIO writes are shared only within one written extent, before EOF",
          why = "\"Attempt shared locking for unaligned DIO, but only if the the underlying extent is already allocated and "
                  + "in written state. On failure, retry with the existing exclusive locking.\" Any IO that ends at or past "
                  + "EOF runs exclusive from the start; the exclusive path drains and forces the wait.",
          source = "seed 004, [PATCH 11/11] xfs: reduce exclusive locking on unaligned dio")
@Sweep(layouts = "? ? ?", boundaries = true, size = {LAYOUT_END, MID_LAST_BLOCK},
       offsets = @Range(from = 0, to = 12288), lengths = @Range(from = 512, to = 12288),
       hitPolicy = Sweep.HitPolicy.FIRST, complete = true, policies = "xfs-dio")
@Rule(name = "aligned path beyond EOF: drained EOF zeroing, then shared",
      alignment = ALIGNED, eof = {BEYOND_IN_EOF_BLOCK, BEYOND},
      lock = SHARED, drain = true, forceWait = false)
@Rule(name = "aligned path: shared", alignment = ALIGNED,
      lock = SHARED, drain = false, forceWait = false)
@Rule(name = "unaligned, one written extent, ends before EOF: shared fast path",
      alignment = {HEAD, TAIL, BOTH, SUB_BLOCK}, records = ONE, head = WRITTEN, eof = INSIDE,
      lock = SHARED, drain = false, forceWait = false)
@Rule(name = "unaligned otherwise: exclusive, drained, forced wait",
      alignment = {HEAD, TAIL, BOTH, SUB_BLOCK},
      lock = EXCLUSIVE, drain = true, forceWait = true)
class Seed004ChinnerClaimSweep {
}
