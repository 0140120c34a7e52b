package org.locktable.scenarios.claims;

import static org.locktable.dsl.LockMode.EXCLUSIVE;
import static org.locktable.dsl.LockMode.SHARED;
import static org.locktable.dsl.Rule.Alignment.ALIGNED;
import static org.locktable.dsl.Rule.Alignment.BOTH;
import static org.locktable.dsl.Rule.Alignment.HEAD;
import static org.locktable.dsl.Rule.Alignment.SUB_BLOCK;
import static org.locktable.dsl.Rule.Alignment.TAIL;
import static org.locktable.dsl.Rule.Eof.APPENDS;
import static org.locktable.dsl.Rule.Eof.BEYOND;
import static org.locktable.dsl.Rule.Eof.BEYOND_IN_EOF_BLOCK;
import static org.locktable.dsl.Rule.Eof.STRADDLES;
import static org.locktable.dsl.Rule.State.HOLE;
import static org.locktable.dsl.Rule.State.UNWRITTEN;
import static org.locktable.dsl.Sweep.SizePlacement.LAYOUT_END;
import static org.locktable.dsl.Sweep.SizePlacement.MID_LAST_BLOCK;

import org.locktable.dsl.Range;
import org.locktable.dsl.Rule;
import org.locktable.dsl.Scenario;
import org.locktable.dsl.Sweep;

/**
 * Baokun Li's patch 2/2 (on top of patch 1). The exceptions come first: extending writes, then a partial head or
 * tail block on a hole or unwritten extent; what is left of the unaligned writes is shared, whatever the fully
 * covered middle blocks are ("W ? ? W" gives two-block middles of every mix, as in test 2).
 */
@Scenario(title = "Baokun Li's patch 2 claim: unaligned DIO writes are shared unless a partial block needs zeroing",
          why = "\"Therefore exclusive lock is only required when partial block zeroing will actually happen: the head "
                  + "partial block (if any) lands on a hole or unwritten extent; the tail partial block (if any) lands on a "
                  + "hole or unwritten extent\"; middle blocks \"can be in any state\", extending writes stay exclusive.",
          source = "seed 000, [PATCH 2/2] ext4: base unaligned DIO lock decision on partial block zeroing")
@Sweep(layouts = {"? ? ?", "W ? ? W"}, size = {LAYOUT_END, MID_LAST_BLOCK},
       offsets = @Range(from = 0, to = 16384), lengths = @Range(from = 512, to = 16384),
       hitPolicy = Sweep.HitPolicy.FIRST, complete = true, policies = "ext4-patch2")
@Rule(name = "extending: exclusive, forced wait", eof = {STRADDLES, APPENDS, BEYOND_IN_EOF_BLOCK, BEYOND},
      lock = EXCLUSIVE, forceWait = true)
@Rule(name = "aligned non-extending: shared (patch 1)", alignment = ALIGNED,
      lock = SHARED, drain = false, forceWait = false)
@Rule(name = "head partial block on a hole or unwritten extent: exclusive, drained",
      alignment = {HEAD, BOTH, SUB_BLOCK}, head = {HOLE, UNWRITTEN},
      lock = EXCLUSIVE, drain = true, forceWait = true)
@Rule(name = "tail partial block on a hole or unwritten extent: exclusive, drained",
      alignment = {TAIL, BOTH, SUB_BLOCK}, tail = {HOLE, UNWRITTEN},
      lock = EXCLUSIVE, drain = true, forceWait = true)
@Rule(name = "partial blocks written: shared whatever the middle",
      alignment = {HEAD, TAIL, BOTH, SUB_BLOCK},
      lock = SHARED, drain = false, forceWait = false)
class Seed000Patch2ClaimSweep {
}
