package org.locktable.timing.sim;

import java.util.SplittableRandom;
import java.util.function.ToLongFunction;

import org.locktable.engine.model.Layout;
import org.locktable.engine.model.LayoutSyntaxException;
import org.locktable.timing.workload.InitialLayout;
import org.locktable.timing.workload.JobSpec;
import org.locktable.timing.workload.Workload;

/**
 * The files of a simulation and the jobs' I/O streams over them. Files are laid out on the device one after
 * another, each followed by a 1 MiB gap; a shared file is sized for every clone's region, a private one for its
 * own clone's.
 */
final class SimFiles {
    private SimFiles() {
    }

    static SimFile[] files(SimConfig cfg) {
        Workload workload = cfg.workload();
        JobSpec spec = workload.job();
        int jobs = workload.jobs();
        Workload.FileSharing sharing = workload.files();
        int perJob = Math.max(1, sharing.filesPerJob());
        int nFiles = sharing.shared() ? perJob : jobs * perJob;
        long regionPerFile = spec.region(); // JobSpec.region: the bytes of each file a clone works in
        if (regionPerFile <= 0) {
            throw new IllegalArgumentException("region per file is empty: " + spec.region());
        }
        SimFile[] files = new SimFile[nFiles];
        long base = 0;
        for (int f = 0; f < nFiles; f++) {
            long size;
            if (sharing.shared()) {
                size = spec.offset() + (long) (jobs - 1) * spec.offsetIncrement() + regionPerFile;
            } else {
                size = spec.offset() + (long) (f / perJob) * spec.offsetIncrement() + regionPerFile;
            }
            files[f] = newFile(cfg, size, base);
            files[f].lock = new RwSem(cfg.rules().wakeAllReaders(), cfg.rules().optimisticSpin());
            long bs = cfg.blockSize();
            base += (size + bs - 1) / bs * bs + (1L << 20);
        }
        return files;
    }

    /** One stream per job, each seeded from {@code root} in job order. */
    static JobStream[] streams(SimConfig cfg, SplittableRandom root) {
        Workload workload = cfg.workload();
        JobSpec spec = workload.job();
        int jobs = workload.jobs();
        Workload.FileSharing sharing = workload.files();
        int perJob = Math.max(1, sharing.filesPerJob());
        boolean timeBased = spec.timeBasedSeconds() > 0;
        JobStream[] streams = new JobStream[jobs];
        for (int j = 0; j < jobs; j++) {
            int[] mine = new int[perJob];
            for (int k = 0; k < perJob; k++) {
                mine[k] = sharing.shared() ? k : j * perJob + k;
            }
            streams[j] = new JobStream(spec, j, mine, spec.region(), timeBased, root.nextLong());
        }
        return streams;
    }

    private static SimFile newFile(SimConfig cfg, long size, long deviceBase) {
        InitialLayout il = cfg.workload().initialLayout();
        long bs = cfg.blockSize();
        long blocks = (size + bs - 1) / bs;
        switch (il.kind()) {
            case EMPTY:
                return new SimFile(BlockMap.uniform(0, BlockMap.HOLE), 0, deviceBase);
            case WRITTEN:
                return new SimFile(BlockMap.uniform(blocks, BlockMap.WRITTEN), size, deviceBase);
            case UNWRITTEN:
                return new SimFile(BlockMap.uniform(blocks, BlockMap.UNWRITTEN), size, deviceBase);
            default:
                try {
                    return new SimFile(BlockMap.pattern(blocks, Layout.parse(il.stripe())), size, deviceBase);
                } catch (LayoutSyntaxException e) {
                    throw new IllegalArgumentException("bad stripe \"" + il.stripe() + "\": " + e.getMessage(), e);
                }
        }
    }

    /** Hand-offs of every file's rwsem. */
    static long handoffs(SimFile[] files) {
        return sum(files, RwSem::handoffs);
    }

    /** Writers that took a file's rwsem by spinning. */
    static long spinGrants(SimFile[] files) {
        return sum(files, RwSem::spinGrants);
    }

    /** Acquisitions of a file's rwsem ahead of its sleeping waiters. */
    static long steals(SimFile[] files) {
        return sum(files, RwSem::steals);
    }

    private static long sum(SimFile[] files, ToLongFunction<RwSem> f) {
        long n = 0;
        for (SimFile file : files) {
            n += f.applyAsLong(file.lock);
        }
        return n;
    }
}
