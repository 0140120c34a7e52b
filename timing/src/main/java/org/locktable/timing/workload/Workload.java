package org.locktable.timing.workload;

import java.util.List;

/**
 * What fio would run: {@code jobs} clones of one job description, and the file layout fio itself creates
 * before the run. IOPS follows fio's rule: Σ I/Os of all jobs divided by the slowest job's runtime.
 *
 * @param name a label (a named seed workload, or the fio job name)
 * @param jobs {@code numjobs}
 * @param job what each clone does
 * @param files how the clones share files
 * @param initialLayout the extent map fio's file setup leaves (see {@link InitialLayout})
 * @param warnings fio keys that were read but not modelled (e.g. {@code ramp_time}), for the user
 */
public record Workload(String name, int jobs, JobSpec job, FileSharing files, InitialLayout initialLayout,
        List<String> warnings) {

    public Workload withJobs(int n) {
        return new Workload(name, n, job, files, initialLayout, warnings);
    }

    /** How jobs use files: one file shared by all clones (a {@code filename=}), or one (or more) per clone. */
    public record FileSharing(boolean shared, int filesPerJob) {
        public static final FileSharing ONE_SHARED_FILE = new FileSharing(true, 1);
        public static final FileSharing OWN_FILE = new FileSharing(false, 1);
    }
}
