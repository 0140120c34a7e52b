package org.locktable.scenarios.timing;

import org.locktable.dsl.ExpectSpeedup;
import org.locktable.dsl.Scenario;
import org.locktable.dsl.Workload;

@Scenario(title = "Chinner's 4 KiB comparison: aligned randrw runs at the device limit on either XFS",
          why = "\"4kB block IO comparison\": READ 296 MiB/s + WRITE 296 MiB/s over 30 s, \"~150k IOPS, about the IOPS "
                  + "limit of the VM block device setup\". Block-aligned writes take the aligned path, shared before "
                  + "and after the patch, so the patched kernel is neither faster nor slower.",
          source = "seed 004, [PATCH 11/11] (4kB block IO comparison)")
@Workload(device = "seed004-vm", workload = "seed004-4k", jobs = {1}, iosPerJob = 8192)
@ExpectSpeedup(policy = "xfs-dio", over = "xfs-dio-v5.11", jobs = 1, within = {0.9, 1.1})
class Seed004FourKiBSameSpeed {
}
