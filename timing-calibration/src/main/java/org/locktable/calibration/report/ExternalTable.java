package org.locktable.calibration.report;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.locktable.timing.fio.FioEnvironment;
import org.locktable.timing.fio.FioParser;
import org.locktable.timing.profile.DeviceClasses;
import org.locktable.timing.workload.Workload;

/**
 * A public lock-change table that is not a seed: a patch posting's fio job (as a resource, {@code external/*.fio})
 * and its figures, its device as a class, its two sides as catalog policies. Nothing was fitted on it.
 *
 * @param source the commit and its title
 * @param fio the job file's resource name
 * @param deviceClass the class its device belongs to
 * @param deviceWhy why that class
 * @param policies the side without the change, then the side with it
 * @param policiesWhy how the posting's two sides map onto the catalog's policies
 * @param jobs the rows
 * @param published IOPS per policy, per row
 */
record ExternalTable(String source, String fio, String deviceClass, String deviceWhy, List<String> policies,
        String policiesWhy, List<Integer> jobs, List<List<Double>> published) {

    /** Every external table, in date order. */
    static List<ExternalTable> all() {
        return List.of(new ExternalTable("38851cc19adb \"Btrfs: implement unlocked dio write\" (v3.8)",
                "btrfs-38851cc19adb.fio", DeviceClasses.SATA_SSD, "an Intel X25-M, a SATA SSD of 2008 (its 4 KiB "
                        + "random writes at queue depth 1, 6.2k IOPS here, are slower than the class's current "
                        + "drives)",
                List.of("ext4-v2.6.38", "ext4-v3.6"), "the commit says the idea is ext4's: i_mutex held over the whole "
                        + "write (ext4 before v3.6) against released below EOF before the I/O (ext4's 4bd809dbbf17, "
                        + "v3.6, for an overwrite of written blocks; the job writes its file first)",
                List.of(1, 2, 4), List.of(List.of(6234.0, 6184.0, 6181.0), List.of(6240.0, 7716.0, 8025.0))));
    }

    /** The job file's single job, read as {@code simulate --fio} reads it (fio's defaults, not this machine's). */
    Workload workload() {
        String name = "external/" + fio;
        try (InputStream in = ExternalTable.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + name);
            }
            List<Workload> w = new FioParser(FioEnvironment.defaults())
                    .parseJobFile(new String(in.readAllBytes(), StandardCharsets.UTF_8), fio);
            return w.get(0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
