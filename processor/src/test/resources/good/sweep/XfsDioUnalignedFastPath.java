package golden.sweep;

import static org.locktable.dsl.LockMode.EXCLUSIVE;
import static org.locktable.dsl.LockMode.SHARED;
import static org.locktable.dsl.Rule.Alignment.ALIGNED;
import static org.locktable.dsl.Rule.Eof.INSIDE;
import static org.locktable.dsl.Rule.Records.ONE;
import static org.locktable.dsl.Rule.State.WRITTEN;

import org.locktable.dsl.Range;
import org.locktable.dsl.Rule;
import org.locktable.dsl.Scenario;
import org.locktable.dsl.Sweep;

@Scenario(title = "xfs-dio: shared unless an unaligned write needs sub-block zeroing",
          why = "the v5.12 fast path: unaligned writes inside one written extent stay shared",
          source = "seed 004")
@Sweep(layouts = {"W ? W"},
       offsets = @Range(from = 0, to = 8192, step = 2048),
       lengths = @Range(from = 2048, to = 4096, step = 2048),
       policies = {"xfs-dio"},
       hitPolicy = Sweep.HitPolicy.FIRST,
       complete = true)
@Rule(name = "aligned", alignment = ALIGNED, lock = SHARED)
@Rule(name = "unaligned in one written extent", head = WRITTEN, records = ONE, eof = INSIDE, lock = SHARED)
@Rule(name = "otherwise", lock = EXCLUSIVE, drain = true, forceWait = true)
public class XfsDioUnalignedFastPath {
}
