package org.locktable.calibration.report;

import static org.locktable.calibration.report.Formats.value;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import org.locktable.calibration.text.Markdown;
import org.locktable.timing.check.Band;
import org.locktable.timing.check.Bands;
import org.locktable.timing.check.TimingSpec;
import org.locktable.timing.check.TimingTable;
import org.locktable.timing.fio.FioEnvironment;
import org.locktable.timing.fio.FioParser;
import org.locktable.timing.profile.Profile;
import org.locktable.timing.profile.Profiles;
import org.locktable.timing.seed.SeedWorkloads;
import org.locktable.timing.workload.Workload;

/**
 * Section 10: what the candidate fix for R4 ({@code ext4-eof-fix}: an unaligned direct write ending at or past
 * i_size exclusive, drained and waited) costs against {@code ext4-base}: on the ext4 seed workloads, which never end
 * an unaligned write at i_size, and on {@code eof-tail-rewrite.fio}, designed to do nothing else. Simulated with the
 * committed profiles under the fitted waiting rules, with bands over each profile's parameter ranges.
 */
final class FixCostSection {
    static final String DESIGNED = "eof-tail-rewrite.fio";
    private static final List<String> POLICIES = List.of("ext4-base", "ext4-eof-fix");
    private static final List<Integer> JOBS = List.of(1, 4, 16);
    private static final long SEED = 1;

    /** A workload on a profile. */
    private record Run(String label, Workload workload, String profile) {
    }

    private FixCostSection() {
    }

    static void write(Markdown md) {
        md.paragraph("## 10. What the candidate R4 fix costs (`ext4-eof-fix` against `ext4-base`)");
        md.prose("fixcost.intro", "designed", DESIGNED, "jobs", JOBS.toString().replaceAll("[\\[\\]]", ""),
                "iosPerJob", Integer.toString(TimingSpec.DEFAULT_IOS_PER_JOB));
        md.table("llrrrrll", "workload", "profile", "jobs", "ext4-base IOPS", "ext4-eof-fix IOPS", "fix / base",
                "band of fix / base", "dominant");
        for (Run r : runs()) {
            Profile profile = Profiles.get(r.profile());
            Workload w = TimingSpec.scale(r.workload(), TimingSpec.DEFAULT_IOS_PER_JOB);
            TimingTable t = TimingTable.run(profile.name(), r.label(), profile.device(), profile.cost(), w, POLICIES,
                    JOBS, SEED, null);
            Bands bands = Bands.run(profile.name(), t, w, SEED);
            for (int n : JOBS) {
                Band b = bands.speedup("ext4-eof-fix", "ext4-base", n);
                md.row(r.label(), "`" + r.profile() + "`", n, value(t.iops("ext4-base", n)),
                        value(t.iops("ext4-eof-fix", n)), TimingTable.speedupText(t.speedup("ext4-eof-fix", "ext4-base", n)),
                        b.low() == b.high() ? "-" : TimingTable.speedupText(b.low()) + ".." + TimingTable.speedupText(b.high()),
                        b.dominant());
            }
        }
        md.blank();
        md.prose("fixcost.reading");
    }

    private static List<Run> runs() {
        Workload designed = new FioParser(FioEnvironment.defaults().withIncludes(Map.of()))
                .parseJobFile(resource(DESIGNED), DESIGNED).get(0);
        return List.of(
                new Run("seed000-test1", SeedWorkloads.get("seed000-test1"), Profiles.SEED000_VM),
                new Run("seed000-test2", SeedWorkloads.get("seed000-test2"), Profiles.SEED000_VM),
                new Run("seed001-randrw", SeedWorkloads.get("seed001-randrw"), Profiles.SEED001_PMEM),
                new Run("eof-tail-rewrite", designed, Profiles.SEED000_VM),
                new Run("eof-tail-rewrite", designed, Profiles.LOCAL_LOOP));
    }

    private static String resource(String name) {
        try (InputStream in = FixCostSection.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException(name + " is missing from the class path");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
