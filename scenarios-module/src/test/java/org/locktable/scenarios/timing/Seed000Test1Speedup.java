package org.locktable.scenarios.timing;

import org.locktable.dsl.ExpectSpeedup;
import org.locktable.dsl.Scenario;
import org.locktable.dsl.Workload;

@Scenario(title = "Baokun test 1: patch 1 scales aligned 8K DIO writes where base is lock bound",
          why = "Published IOPS (base / +patch 1 / +patch 1+2): 1 job 42,322 / 43,329 / 43,087 (1.02x); 8 jobs 58,701 / "
                  + "110,819 / 113,679 (1.89x, 1.94x); 32 jobs 60,860 / 117,244 / 119,621 (1.93x, 1.97x). With one job "
                  + "there is no one to wait for, so the patch changes nothing; from 8 jobs base is bound by the "
                  + "exclusive lock and the patches run shared; on aligned writes patch 2 is patch 1 (0.95x..1.05x "
                  + "across the rows).",
          source = "seed 000, cover letter, Test 1 table")
@Workload(device = "seed000-vm", workload = "seed000-test1", jobs = {1, 2, 4, 8, 16, 32}, iosPerJob = 1024)
@ExpectSpeedup(policy = "ext4-patch1", over = "ext4-base", jobs = 1, within = {0.9, 1.15})
@ExpectSpeedup(policy = "ext4-patch1", over = "ext4-base", jobs = 8, atLeast = 1.5)
@ExpectSpeedup(policy = "ext4-patch1", over = "ext4-base", jobs = 32, atLeast = 1.5)
@ExpectSpeedup(policy = "ext4-patch2", over = "ext4-base", jobs = 8, atLeast = 1.5)
@ExpectSpeedup(policy = "ext4-patch2", over = "ext4-patch1", jobs = 32, within = {0.9, 1.1})
class Seed000Test1Speedup {
}
