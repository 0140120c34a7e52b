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
import static org.locktable.dsl.Rule.Records.ONE;
import static org.locktable.dsl.Rule.State.WRITTEN;
import static org.locktable.dsl.Sweep.SizePlacement.LAYOUT_END;
import static org.locktable.dsl.Sweep.SizePlacement.MID_LAST_BLOCK;

import org.locktable.dsl.Range;
import org.locktable.dsl.Rule;
import org.locktable.dsl.Scenario;
import org.locktable.dsl.Sweep;

/**
 * Baokun Li's patch 1/2, layered as the patch's own comment on ext4_dio_write_checks() layers it: 1. !IS_NOSEC,
 * 2. extending, 3. aligned non-extending, 4. unaligned non-extending. Every three-block layout with record
 * boundaries, set-uid or not; offsets and lengths in 1 KiB steps, which gives every alignment class.
 */
@Scenario(title = "Baokun Li's patch 1 claim: aligned non-extending DIO writes are shared whatever the extent states",
          why = "\"Otherwise, for aligned non-extending writes, shared lock is always sufficient regardless of extent "
                  + "state (written, unwritten, or hole)\"; !IS_NOSEC and extending writes upgrade to exclusive first, and "
                  + "an unaligned write stays shared only as a pure written-extent overwrite.",
          source = "seed 000, [PATCH 1/2] ext4: skip overwrite check for aligned non-extending DIO writes")
@Sweep(layouts = "? ? ?", boundaries = true, size = {LAYOUT_END, MID_LAST_BLOCK},
       offsets = @Range(from = 0, to = 12288, step = 1024), lengths = @Range(from = 1024, to = 12288, step = 1024),
       nosec = {true, false}, hitPolicy = Sweep.HitPolicy.FIRST, complete = true, policies = "ext4-patch1")
@Rule(name = "1. !IS_NOSEC: exclusive for the security update", nosec = Rule.Flag.NO,
      lock = EXCLUSIVE)
@Rule(name = "2. extending: exclusive, forced wait", eof = {STRADDLES, APPENDS, BEYOND_IN_EOF_BLOCK, BEYOND},
      lock = EXCLUSIVE, forceWait = true)
@Rule(name = "3. aligned non-extending: shared regardless of extent state", alignment = ALIGNED,
      lock = SHARED, drain = false, forceWait = false)
@Rule(name = "4a. unaligned pure written-extent overwrite: shared",
      alignment = {HEAD, TAIL, BOTH, SUB_BLOCK}, records = ONE, head = WRITTEN,
      lock = SHARED, drain = false, forceWait = false)
@Rule(name = "4b. unaligned over unwritten extents or holes: exclusive, drained, forced wait",
      alignment = {HEAD, TAIL, BOTH, SUB_BLOCK},
      lock = EXCLUSIVE, drain = true, forceWait = true)
class Seed000Patch1ClaimSweep {
}
