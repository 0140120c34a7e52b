package org.locktable.scenarios.claims;

import static org.locktable.dsl.LockMode.EXCLUSIVE;
import static org.locktable.dsl.LockMode.SHARED;
import static org.locktable.dsl.Rule.Eof.APPENDS;
import static org.locktable.dsl.Rule.Eof.BEYOND;
import static org.locktable.dsl.Rule.Eof.BEYOND_IN_EOF_BLOCK;
import static org.locktable.dsl.Rule.Eof.ENDS_AT_EOF;
import static org.locktable.dsl.Rule.Eof.INSIDE;
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
 * Jan Kara's claim over every synchronous DIO write of a three-block file (record boundaries included, i_size at
 * the layout end or mid last block). "Overwriting already allocated blocks" is, in the v5.5 code the patch relies
 * on, {@code ext4_overwrite_io}: one mapped (written) extent covering the range, ending at or before i_size. The
 * write is synchronous, so the unaligned-AIO exception ({@code !unaligned_aio}) does not arise; E24 covers it.
 */
@Scenario(title = "Jan Kara's claim: DIO overwrites of written blocks run without a transaction, under the shared lock",
          why = "\"This is unnecessary when we know we are overwriting already allocated blocks\": a write inside i_size "
                  + "that one written extent covers is downgraded to shared; anything else keeps the exclusive lock "
                  + "(and an extending write also waits for completion).",
          source = "seed 001, [PATCH] ext4: Optimize ext4 DIO overwrites")
@Sweep(layouts = "? ? ?", boundaries = true, size = {LAYOUT_END, MID_LAST_BLOCK},
       offsets = @Range(from = 0, to = 12288), lengths = @Range(from = 512, to = 12288),
       hitPolicy = Sweep.HitPolicy.FIRST, complete = true, policies = "ext4-2019-overwrite")
@Rule(name = "overwrite of one written extent inside i_size is downgraded to shared",
      records = ONE, head = WRITTEN, eof = {INSIDE, ENDS_AT_EOF},
      lock = SHARED, drain = false, forceWait = false)
@Rule(name = "an extending write stays exclusive and waits",
      eof = {STRADDLES, APPENDS, BEYOND_IN_EOF_BLOCK, BEYOND},
      lock = EXCLUSIVE, drain = false, forceWait = true)
@Rule(name = "anything else stays exclusive",
      lock = EXCLUSIVE, drain = false, forceWait = false)
class Seed001KaraClaimSweep {
}
