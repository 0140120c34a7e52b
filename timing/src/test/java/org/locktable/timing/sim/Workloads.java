package org.locktable.timing.sim;

import java.util.List;

import org.locktable.timing.workload.BlockSizes;
import org.locktable.timing.workload.InitialLayout;
import org.locktable.timing.workload.JobSpec;
import org.locktable.timing.workload.Workload;

/** Workload shapes the tests use. */
public final class Workloads {
    private Workloads() {
    }

    /**
     * Seed 000 test 1: 8 KiB aligned sequential O_DIRECT writes over a "W U U W" 16 KiB stripe, one shared
     * file, each job its own region ({@code offset_increment} = region), libaio iodepth 1 (the assumed engine).
     */
    public static Workload seed000Test1(int jobs, long regionBytes) {
        JobSpec js = new JobSpec(JobSpec.Pattern.SEQUENTIAL, 0, BlockSizes.fixed(8192), 0, regionBytes, 0, regionBytes,
                regionBytes, 0, JobSpec.Engine.LIBAIO, 1, true, false, false, false, 8192);
        return new Workload("seed000-test1", jobs, js, Workload.FileSharing.ONE_SHARED_FILE,
                InitialLayout.pattern("W U U W"), List.of());
    }

    /** Seed 000 test 2: 14336-byte writes at +512 in every 16 KiB stripe ({@code rw=write:2k}, offset 512). */
    public static Workload seed000Test2(int jobs, long regionBytes) {
        JobSpec js = new JobSpec(JobSpec.Pattern.SEQUENTIAL, 0, BlockSizes.fixed(14336), 512, regionBytes, 2048,
                regionBytes, regionBytes, 0, JobSpec.Engine.LIBAIO, 1, true, false, false, false, 512);
        return new Workload("seed000-test2", jobs, js, Workload.FileSharing.ONE_SHARED_FILE,
                InitialLayout.pattern("W U U W"), List.of());
    }

    /** Sequential aligned writes of {@code bs} bytes, each job its own region of one shared file. */
    public static Workload sequential(int jobs, long bs, long regionBytes, JobSpec.Engine engine, int depth,
            InitialLayout layout) {
        JobSpec js = new JobSpec(JobSpec.Pattern.SEQUENTIAL, 0, BlockSizes.fixed(bs), 0, regionBytes, 0, regionBytes,
                regionBytes, 0, engine, depth, true, false, false, false, bs);
        return new Workload("sequential", jobs, js, Workload.FileSharing.ONE_SHARED_FILE, layout, List.of());
    }

    /** Random writes of {@code bs} bytes at {@code align}-aligned offsets, fixed work, one shared file. */
    public static Workload random(int jobs, long bs, long align, long regionBytes, long ioBytes, JobSpec.Engine engine,
            int depth, InitialLayout layout) {
        JobSpec js = new JobSpec(JobSpec.Pattern.RANDOM, 0, BlockSizes.fixed(bs), 0, 0, 0, regionBytes, ioBytes, 0,
                engine, depth, true, false, false, false, align);
        return new Workload("random", jobs, js, Workload.FileSharing.ONE_SHARED_FILE, layout, List.of());
    }

    public static Workload withSpec(Workload w, JobSpec js) {
        return new Workload(w.name(), w.jobs(), js, w.files(), w.initialLayout(), w.warnings());
    }
}
