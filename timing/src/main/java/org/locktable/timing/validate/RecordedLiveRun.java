package org.locktable.timing.validate;

/**
 * One recorded live run ({@code calibrate.LiveMain}, full plan), dated by the kernel it ran on. It is the only
 * machine-dependent text in {@code timing-validation.md}; a new recording replaces it (copy the section
 * {@code LiveMain --section FILE} writes, and the {@code local-loop} values it prints into {@code FittedValues}).
 * This recording: Linux 6.18.44-fc-v669, 2 vCPUs, fio-3.33, a shared machine (other processes' load is in the
 * section).
 */
public final class RecordedLiveRun {
    private RecordedLiveRun() {
    }

    /** The recorded section, Markdown. */
    public static final String SECTION = """
            ## 8. Live validation on this machine (Linux 6.18.44-fc-v669)

            One recorded run of `java -cp timing/target/classes:engine/target/locktable-engine-0.1.0-SNAPSHOT.jar org.locktable.timing.calibrate.LiveMain --out /tmp/explore/timing-validation-live.md --section /tmp/explore/live-final.md` (full plan) on Linux 6.18.44-fc-v669, 2 CPUs, fio-3.33: ext4 and XFS on 1024 MiB images on loop devices over a tmpfs. Measured numbers vary from run to run (this section is the only machine-dependent part of the report): each is the median of 3 runs, with the range; load average (1 / 5 / 15 min) 0.97 / 1.83 / 2.18 before, 4.59 / 3.12 / 2.62 after, other processes included. The device characterisation refits `local-loop`; the seed-000 rows are predictions from that fit and were not used in it.

            ### Device characterisation (fio libaio iodepth 1, O_DIRECT, ext4; fits `local-loop`)

            | run | jobs | measured IOPS | range | fitted model IOPS | error |
            |---|---:|---:|---:|---:|---:|
            | 4 KiB random overwrite | 1 | 48,404 | 44,574-82,569 | 55,942 | +15.6 % |
            | 4 KiB random overwrite | 2 | 95,237 | 93,694-96,034 | 90,557 | -4.9 % |
            | 4 KiB random overwrite | 4 | 95,018 | 94,804-95,049 | 97,748 | +2.9 % |
            | 64 KiB random overwrite | 1 | 45,857 | 44,365-51,185 | 54,109 | +18.0 % |
            | 4 KiB sequential into unwritten | 1 | 73,802 | 47,628-73,802 | 55,494 | -24.8 % |

            Reading this section: the loop device's work (copying into tmpfs) runs in a kernel worker on the same vCPUs as fio and every other process, and a VM pays for waking idle vCPUs; the model keeps the device separate from `cost.cores` and has no wake-up cost that depends on load, so when the all-shared sweep does not scale like the model (compare its rows), the fit can only trade the device stage against Z and the latency. c, x and h are `seed000-vm`'s scaled by the fitted Z. Other processes' load moves single runs by as much as the ranges show.

            Fitted `local-loop` (objective 0.0266, 334 evaluations): `device.latencyNs` = 2.87 µs, `device.perCommandNs` = 10.2 µs, `device.bytesPerSecond` = 100 GB/s, `cost.cores` = 2, `cost.thinkNs` = 2.09 µs, `cost.conversionNs` = 200 ns; c, x and h are `seed000-vm`'s scaled by thinkNs: 2.81 µs, 590 ns, 5.33 µs (not measurable in an all-shared characterisation).

            ### Seed 000's workloads, scaled to 64 MiB per job (libaio iodepth 1, W U U W rebuilt before every run)

            Layout: W U U W verified: 4096 unwritten extents for 4096 stripes (ext4, 65536 KiB).

            | file system (policy) | test | jobs | measured IOPS | range | predicted IOPS | error |
            |---|---|---:|---:|---:|---:|---:|
            | ext4 (`ext4-base`) | Test 1 | 1 | 37,926 | 36,248-41,166 | 53,090 | +40.0 % |
            | ext4 (`ext4-base`) | Test 1 | 2 | 34,348 | 25,640-34,493 | 87,374 | +154.4 % |
            | ext4 (`ext4-base`) | Test 1 | 4 | 36,818 | 31,721-38,779 | 90,732 | +146.4 % |
            | ext4 (`ext4-base`) | Test 1 | 8 | 44,980 | 44,552-53,109 | 79,774 | +77.4 % |
            | ext4 (`ext4-base`) | Test 2 | 1 | 14,372 | 7,585-50,568 | 53,054 | +269.2 % |
            | ext4 (`ext4-base`) | Test 2 | 2 | 15,815 | 8,560-61,134 | 40,570 | +156.5 % |
            | ext4 (`ext4-base`) | Test 2 | 4 | 38,102 | 10,577-52,513 | 38,510 | +1.1 % |
            | ext4 (`ext4-base`) | Test 2 | 8 | 49,799 | 43,059-56,014 | 38,335 | -23.0 % |
            | xfs (`xfs-dio`) | Test 1 | 1 | 66,065 | 32,508-80,314 | 54,804 | -17.0 % |
            | xfs (`xfs-dio`) | Test 1 | 2 | 30,739 | 20,531-69,424 | 89,812 | +192.2 % |
            | xfs (`xfs-dio`) | Test 1 | 4 | 39,480 | 35,159-44,765 | 97,458 | +146.9 % |
            | xfs (`xfs-dio`) | Test 1 | 8 | 42,556 | 36,228-43,749 | 97,351 | +128.8 % |
            | xfs (`xfs-dio`) | Test 2 | 1 | 11,506 | 6,639-53,195 | 53,054 | +361.1 % |
            | xfs (`xfs-dio`) | Test 2 | 2 | 44,522 | 41,584-48,762 | 40,570 | -8.9 % |
            | xfs (`xfs-dio`) | Test 2 | 4 | 30,624 | 25,761-33,369 | 38,510 | +25.8 % |
            | xfs (`xfs-dio`) | Test 2 | 8 | 14,429 | 13,762-14,635 | 38,335 | +165.7 % |

            Seed-000 rows: max |error| 361.1 %, mean |error| 119.6 % over 16 runs.
            """;
}
