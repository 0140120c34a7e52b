package org.locktable.timing.profile;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.locktable.timing.device.Nvme;
import org.locktable.timing.device.Rotational;
import org.locktable.timing.device.Simple;

/**
 * Device classes a user picks by name ({@code simulate --device nvme}): each device parameter a typical value with the
 * range public sources span — data sheets, interface specifications, published measurements, physics — named in its
 * provenance ({@link Param.Source#PUBLISHED}); the range is the parameter's band. Nothing here comes from the seeds.
 * The host's CPU costs (think time, in-lock costs, wake-ups, conversion) are this machine's ({@code local-loop},
 * measured), since a device class says nothing of the host; the log force is one flushed write on the device.
 */
public final class DeviceClasses {
    public static final String HDD_7200 = "hdd-7200";
    public static final String SATA_SSD = "sata-ssd";
    public static final String NVME = "nvme";
    public static final String VIRTIO_VM = "virtio-vm";
    public static final String PMEM = "pmem";
    public static final String LOOP_TMPFS = "loop-tmpfs";

    private static final String HOST = Profiles.LOCAL_LOOP;
    private static final String DATA_SHEETS_7200 = "7200 rpm SATA product manuals (Seagate BarraCuda and Exos, WD Blue "
            + "and Black)";

    private DeviceClasses() {
    }

    /**
     * The class of each seed profile's device, as its seed describes the device: seed 000's "/dev/sda" moves 8 KiB
     * synchronously in 23.6 µs at 1 GB/s, a virtual disk, not a rotating one; seed 001 runs on pmem; seed 002 on a
     * Samsung PM173x NVMe drive; seed 004 names "the VM block device setup".
     */
    private static final Map<String, String> SEED_CLASSES = Map.of(
            "seed000-vm", VIRTIO_VM,
            "seed001-pmem", PMEM,
            "seed002-pm173x", NVME,
            "seed004-vm", VIRTIO_VM);

    /** The device class of seed profile {@code seedProfile}. */
    public static String classOf(String seedProfile) {
        String c = SEED_CLASSES.get(seedProfile);
        if (c == null) {
            throw new IllegalArgumentException(seedProfile + " is not a seed profile with a device class");
        }
        return c;
    }

    /**
     * Seed profile {@code seedProfile} with its device from its class and none of its cells' evidence: every device
     * parameter the class's (value and published range), except those the seed states (assumed in its profile from
     * its text, with no range in parameter-ranges.tsv). With {@code seedHost} the host's CPU costs are the seed's
     * profile's (fitted ones included: no class describes the seed's host); without, the class's (this machine's),
     * but for the seed's stated core count and page size. Nothing in it is fitted; the result is named
     * {@code SEED@CLASS} or {@code SEED@CLASS+here}.
     */
    public static ProfileSpec standIn(String seedProfile, boolean seedHost) {
        ProfileSpec seed = Profiles.spec(seedProfile);
        ProfileSpec cls = Profiles.spec(classOf(seedProfile));
        Profile fitted = Profiles.get(seedProfile);
        List<String> undetermined = ParameterRanges.of(seedProfile).stream().map(ParameterRange::parameter).toList();
        ProfileSpec out = new ProfileSpec(seedProfile + "@" + cls.name() + (seedHost ? "" : "+here"), seedProfile
                + "'s workloads on its device class " + cls.name(), cls.deviceType());
        for (ProfileSpec.Def d : cls.defs()) {
            ProfileSpec.Def mine = seed.defs().stream().filter(x -> x.name().equals(d.name())).findFirst()
                    .orElse(null);
            boolean stated = mine != null && mine.source() == Param.Source.ASSUMED
                    && !undetermined.contains(d.name());
            boolean device = d.name().startsWith("device.");
            if (device && stated || !device && seedHost && mine != null || d.name().equals("cost.cores") && stated
                    || d.name().equals("cost.pageBytes") && stated) {
                out = out.assumed(d.name(), d.unit(), fitted.value(d.name()), "the seed's: " + mine.provenance());
            } else {
                out = out.add(d);
            }
        }
        return out;
    }

    static Map<String, ProfileSpec> specs() {
        Map<String, ProfileSpec> m = new LinkedHashMap<>();
        m.put(HDD_7200, hdd7200());
        m.put(SATA_SSD, sataSsd());
        m.put(NVME, nvme());
        m.put(VIRTIO_VM, virtioVm());
        m.put(PMEM, pmem());
        m.put(LOOP_TMPFS, loopTmpfs());
        return m;
    }

    private static ProfileSpec hdd7200() {
        return host(new ProfileSpec(HDD_7200, "class: a 7200 rpm SATA disk (Ruemmler-Wilkes model: seek, rotation, "
                + "transfer, write-back cache)", Rotational.class)
                .published("device.rpm", "count", 7200, 7200, 7200, "the class: 8.33 ms a revolution, 4.17 ms average "
                        + "rotational latency")
                .published("device.bytesPerTrack", "B", 1 << 20, 786_432, 2_097_152, DATA_SHEETS_7200 + ": sustained "
                        + "media rates of 90 (inner zones) to 250 MB/s (outer), one track per revolution, 120 a second")
                .assumed("device.heads", "count", 4, "two platters; the head count only sets where a head switch "
                        + "replaces a seek")
                .published("device.shortSeekNs", "ns", 0.8e6, 0.5e6, 1.2e6, DATA_SHEETS_7200 + ": track-to-track "
                        + "seeks of 0.5 to 1.2 ms where stated")
                .assumed("device.shortSeekNsPerSqrtCyl", "ns", 0.112e6, "the square-root short-seek curve of Ruemmler and "
                        + "Wilkes, \"An introduction to disk drive modeling\" (IEEE Computer, 1994), scaled so that a third "
                        + "of the stroke takes about 8.5 ms")
                .assumed("device.seekBoundaryCylinders", "count", 1000, "where Ruemmler and Wilkes's curve turns linear")
                .published("device.longSeekNs", "ns", 4.28e6, 3.5e6, 5.5e6, DATA_SHEETS_7200 + ": average read seeks of "
                        + "8 to 9.5 ms (writes about 1 ms more), which this intercept of the linear part sets")
                .assumed("device.longSeekNsPerCyl", "ns", 64, "the linear part's slope (Ruemmler and Wilkes), about "
                        + "16 ms full stroke")
                .assumed("device.headSwitchNs", "ns", 0.5e6, "a head switch settles in about half a millisecond")
                .published("device.controllerNs", "ns", 50e3, 20e3, 200e3, "per-command controller overhead of SATA "
                        + "disks, tens of microseconds to 0.2 ms (Ruemmler and Wilkes: 1-2 ms on 1990s drives)")
                .published("device.busBytesPerSecond", "B/s", 600e6, 300e6, 600e6, "SATA 3 Gb/s and 6 Gb/s with 8b/10b "
                        + "coding: 300 and 600 MB/s")
                .published("device.writeCache", "flag", 1, 0, 1, "write cache on is the drives' default (hdparm -W); "
                        + "off where a RAID controller or a database turns it off: both are the class")
                .published("device.cacheBytes", "B", 64L << 20, 32L << 20, 256L << 20, DATA_SHEETS_7200 + ": 32 to "
                        + "256 MiB of cache")
                .published("device.emulated512", "flag", 1, 0, 1, "Advanced Format (IDEMA): most SATA disks since "
                        + "2011 have 4 KiB physical sectors behind 512-byte logical ones (512e), and write a sector "
                        + "they cover in part by reading it first; 512n and 4Kn drives do not: both are the class"),
                10e6, 5e6, 25e6, "a flushed log write on a disk: a seek and a rotation "
                + "(8.5 + 4.2 ms), less when the log is near the head");
    }

    private static ProfileSpec sataSsd() {
        return host(new ProfileSpec(SATA_SSD, "class: a SATA SSD (AHCI, NCQ)", Simple.class)
                .published("device.latencyNs", "ns", 10e3, 2e3, 40e3, "4 KiB random writes at queue depth 1: Samsung "
                        + "860 EVO data sheet 42k IOPS (24 µs), Intel D3-S4510 37 µs typical write latency; less the "
                        + "serialized command and transfer below")
                .published("device.perCommandNs", "ns", 4e3, 3e3, 20e3, "4 KiB random writes at queue depth 32: 90k "
                        + "IOPS (Samsung 860 EVO, Crucial MX500 data sheets) to 36k steady state (Intel D3-S4510), less "
                        + "the transfer below")
                .published("device.bytesPerSecond", "B/s", 530e6, 450e6, 560e6, "sequential writes of 450 to 530 MB/s in "
                        + "the same data sheets; SATA 6 Gb/s carries at most about 560 MB/s of data")
                .published("device.maxQueueDepth", "count", 32, 32, 32, "NCQ: 32 tags (Serial ATA AHCI 1.3.1)")
                .assumed("device.serviceCv", "", 0.5, "no published variability; moderate")
                .published("device.flushNs", "ns", 500e3, 0, 3e6, "a cache flush: immediate on drives with power-loss "
                        + "protection (D3-S4510), a write of the cache to flash on consumer drives (published fsync "
                        + "latencies of 0.1 to 3 ms)")
                .assumed("device.hostCpu", "flag", 0, "the drive serves its queue, not the host's CPUs")
                .assumed("device.rmwUnitBytes", "B", 0, "the flash translation layer merges a sub-page write in its "
                        + "buffer; its cost is inside the per-command cost")
                .assumed("device.rmwNs", "ns", 0, "no read-modify-write seen from the host (see rmwUnitBytes)")
                .assumed("device.wakeNs", "ns", 0, "no host thread serves the drive"), 500e3, 20e3, 3e6, "one flushed "
                + "write: as device.flushNs, plus the write");
    }

    private static ProfileSpec nvme() {
        return host(new ProfileSpec(NVME, "class: an NVMe SSD (PCIe 3 or 4, x4)", Nvme.class)
                .assumed("device.queues", "count", 64, "blk-mq: a submission queue per CPU; every job gets its own")
                .assumed("device.queueDepth", "count", 1023, "Linux's default NVMe I/O queue depth (1024 entries)")
                .published("device.perCommandNs", "ns", 1.2e3, 0.8e3, 7e3, "4 KiB random writes at high queue depth: "
                        + "1M IOPS (Samsung 980 PRO data sheet) to about 140k sustained (enterprise TLC drives' steady "
                        + "state): the controller's cost per command")
                .published("device.bytesPerSecond", "B/s", 3.5e9, 1.5e9, 7e9, "sequential writes of 1.5 to 7 GB/s "
                        + "(PCIe 3 x4 carries about 3.5 GB/s, PCIe 4 x4 about 7)")
                .published("device.units", "count", 32, 8, 128, "flash parallelism: 4 to 16 channels of 2 to 8 dies")
                .assumed("device.pageBytes", "B", 4096, "4 KiB mapping units")
                .published("device.readNs", "ns", 60e3, 40e3, 100e3, "TLC NAND page reads (tR) of 40 to 100 µs")
                .published("device.writeNs", "ns", 12e3, 5e3, 30e3, "4 KiB random writes at queue depth 1 land in the "
                        + "drive's DRAM or SLC cache: 10 to 30 µs end to end in published reviews (Samsung 980 PRO, WD SN850)")
                .assumed("device.mediaCv", "", 0.3, "moderate media variability")
                .published("device.fuaNs", "ns", 50e3, 0, 900e3, "a FUA write: immediate on drives with power-loss "
                        + "protection, up to a TLC page program (tPROG 350 to 900 µs) on consumer drives")
                .published("device.latencyNs", "ns", 3e3, 1e3, 6e3, "interrupt and completion-queue handling, 1 to 6 µs "
                        + "(NVMe queue-depth-1 latency less the media)"), 60e3, 10e3, 1e6, "a flushed log write: a FUA "
                + "write, as device.fuaNs, plus the write");
    }

    private static ProfileSpec virtioVm() {
        return host(new ProfileSpec(VIRTIO_VM, "class: a virtio-blk disk of a KVM guest over a local SSD-backed "
                + "host (a cloud block volume, network storage at 0.5-2 ms and 3k-16k IOPS, is not this class)",
                Simple.class)
                .published("device.latencyNs", "ns", 20e3, 5e3, 100e3, "a queue-depth-1 write through virtio-blk: "
                        + "with QEMU's default cache mode (writeback) it completes in the host's page cache, a "
                        + "virtqueue kick, a copy and an interrupt, about 5 µs; written through to a host NVMe with an "
                        + "iothread 20-50 µs (QEMU/KVM storage-performance talks); up to 100 µs over a host SATA SSD")
                .published("device.perCommandNs", "ns", 5e3, 2.5e3, 20e3, "the disk's IOPS limit: 100k-400k for "
                        + "virtio-blk with an iothread, about 50k served from QEMU's main loop without one")
                .published("device.bytesPerSecond", "B/s", 2e9, 500e6, 7e9, "the host's storage: about 500 MB/s for a "
                        + "SATA SSD to 7 GB/s for a PCIe 4 NVMe (the host's page cache copies faster)")
                .assumed("device.maxQueueDepth", "count", 0, "a virtqueue of 128 or 256 entries binds no workload here")
                .assumed("device.serviceCv", "", 0.5, "no published variability; moderate")
                .published("device.flushNs", "ns", 100e3, 0, 3e6, "a flush passes to the host's file or device: "
                        + "nothing with cache=unsafe, a host fsync otherwise")
                .assumed("device.hostCpu", "flag", 0, "served by the hypervisor, not by the guest's vCPUs")
                .assumed("device.rmwUnitBytes", "B", 4096, "a virtual disk over a host file: the host's page cache "
                        + "works in 4 KiB pages")
                .published("device.rmwNs", "ns", 0, 0, 120e3, "0 when the host page is cached (a copy), at most one "
                        + "more 4 KiB read through the host's storage when not (a SATA SSD's 100 µs, and the copy)")
                .published("device.wakeNs", "ns", 5e3, 0, 20e3, "the wake-up of the hypervisor's I/O thread (an "
                        + "eventfd kick and a scheduler wake-up, a few µs; more with halt-polling off)"), 200e3, 30e3,
                3e6, "a flushed log write: a write and a host flush");
    }

    private static ProfileSpec pmem() {
        return host(new ProfileSpec(PMEM, "class: persistent memory (Optane PMem, or DRAM emulating it)", Simple.class)
                .published("device.latencyNs", "ns", 1e3, 0.3e3, 2e3, "a 4 KiB copy into persistent memory on the "
                        + "submitting CPU: 2-13 GB/s (Izraelevitz et al., \"Basic Performance Measurements of the Intel "
                        + "Optane DC Persistent Memory Module\", 2019: 2.3 GB/s written per DIMM, about 13 GB/s over "
                        + "six; DRAM emulating pmem copies faster)")
                .assumed("device.perCommandNs", "ns", 0, "no serialized command stage")
                .published("device.bytesPerSecond", "B/s", 8e9, 2.3e9, 13e9, "the modules' shared write bandwidth: "
                        + "2.3 GB/s for one DIMM to about 13 GB/s for six (Izraelevitz et al. 2019)")
                .assumed("device.maxQueueDepth", "count", 0, "no request queue")
                .assumed("device.serviceCv", "", 0, "memory copies vary little")
                .assumed("device.flushNs", "ns", 0, "ADR: a write is persistent once it reaches the memory controller")
                .assumed("device.hostCpu", "flag", 0, "the copy is a per-request delay on the submitting CPU")
                .assumed("device.rmwUnitBytes", "B", 0, "byte-addressable: no unit to read first")
                .assumed("device.rmwNs", "ns", 0, "no read-modify-write")
                .assumed("device.wakeNs", "ns", 0, "no device thread"), 2e3, 0.5e3, 10e3, "a log write to pmem and a "
                + "fence: a few µs");
    }

    private static ProfileSpec loopTmpfs() {
        String here = "this machine's loop device over tmpfs (local-loop, measured); another host's CPU and kernel "
                + "move it (the range: parameter-ranges.tsv)";
        return host(new ProfileSpec(LOOP_TMPFS, "class: a loop device over tmpfs (its worker copies on the host's "
                + "CPUs)", Simple.class)
                .derived("device.latencyNs", "ns", HOST + ":device.latencyNs", 1, here)
                .derived("device.perCommandNs", "ns", HOST + ":device.perCommandNs", 1, here)
                .derived("device.bytesPerSecond", "B/s", HOST + ":device.bytesPerSecond", 1, here)
                .assumed("device.maxQueueDepth", "count", 0, "the loop device's 128 tags are not reached")
                .assumed("device.serviceCv", "", 0.5, "as local-loop")
                .assumed("device.flushNs", "ns", 0, "tmpfs has nothing to flush")
                .assumed("device.hostCpu", "flag", 1, "the loop worker runs on the host's CPUs")
                .assumed("device.rmwUnitBytes", "B", 0, "tmpfs pages are always in memory")
                .assumed("device.rmwNs", "ns", 0, "no read-modify-write")
                .derived("device.wakeNs", "ns", HOST + ":device.wakeNs", 1, here), 0, 0, 0, "tmpfs: a log force "
                + "writes to memory; nothing to wait for");
    }

    /**
     * The host's costs, this machine's ({@code local-loop}), and the log force a flushed write on the class's device
     * takes ({@code logForceNs} in {@code low} .. {@code high}, from {@code why}): what a device class, or a device
     * calibrated on this machine, has for a host.
     */
    public static ProfileSpec host(ProfileSpec s, double logForceNs, double low, double high, String why) {
        String host = "the host's CPU cost, this machine's (local-loop): a device class says nothing of the host";
        String[][] costs = {{"cores", "count"}, {"thinkNs", "ns"}, {"wakeNs", "ns"}, {"lockedNs", "ns"},
            {"relockNs", "ns"}, {"handoffNs", "ns"}, {"journalHandleNs", "ns"}, {"copyNsPerByte", "ns/B"},
            {"conversionNs", "ns"}, {"sizeUpdateNs", "ns"}, {"completionLatencyNs", "ns"}, {"logForceNs", "ns"},
            {"cv", ""}, {"pageBytes", "B"}, {"idleExitNs", "ns"}, {"idlePollNs", "ns"}};
        for (String[] c : costs) {
            if (!c[0].equals("logForceNs")) {
                s = s.derived("cost." + c[0], c[1], HOST + ":cost." + c[0], 1, host);
            } else if (low == high) {
                s = s.assumed("cost.logForceNs", "ns", logForceNs, why);
            } else {
                s = s.published("cost.logForceNs", "ns", logForceNs, low, high, why);
            }
        }
        return s;
    }
}
