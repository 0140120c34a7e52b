package golden.race;

import org.locktable.dsl.Concurrent;
import org.locktable.dsl.ExpectSafe;
import org.locktable.dsl.ExpectUnsafe;
import org.locktable.dsl.ExtentLayout;
import org.locktable.dsl.Op;
import org.locktable.dsl.Scenario;

/** Spec §6.2 R4: the EOF-tail zero bio of a write ending at an unaligned EOF lands after an extending write. */
@Scenario(title = "R4: an EOF-tail zero bio lands after an extending write",
          why = "ext4 takes the shared lock for a write ending at an unaligned EOF and queues its EOF-tail zeroing",
          source = "spec §6.2 R4")
@ExtentLayout(blocks = "W W", size = 6144)
@Concurrent
@Op(kind = Op.Kind.AIO_DIO, offset = 5120, len = 1024)
@Op(kind = Op.Kind.DIO, offset = 4096, len = 4096)
@ExpectUnsafe(policies = "ext4-base", badRanges = "[6144,8192)")
@ExpectUnsafe(policies = "ext4-patch2")
@ExpectSafe(policies = {"xfs-dio", "xfs-dio-v5.11"})
public class R4EofTailZero {
}
