package org.locktable.timing.sim;

import org.locktable.engine.catalog.PolicyCatalog;
import org.locktable.engine.model.InvalidInputException;
import org.locktable.engine.policy.Policy;
import org.locktable.timing.cost.CostModel;
import org.locktable.timing.device.Device;
import org.locktable.timing.workload.Workload;

/**
 * Everything one simulation run needs.
 *
 * @param workload what fio runs (jobs, I/O pattern, engine, files, initial layout)
 * @param policy the kernel policy deciding every write's lock
 * @param device the storage device (shared by all files)
 * @param cost CPU and file-system costs
 * @param seed drives every random choice (offsets, read/write mix, service variability)
 * @param blockSize file-system block size, bytes (power of two)
 * @param nosec {@code IS_NOSEC}: true for ordinary files (no privilege stripping on write)
 * @param rules which of the kernel's waiting rules apply ({@link WaitRules#COMMITTED} unless set)
 */
public record SimConfig(Workload workload, Policy policy, Device device, CostModel cost, long seed, int blockSize,
        boolean nosec, WaitRules rules) {

    public SimConfig {
        if (blockSize < 512 || Integer.bitCount(blockSize) != 1) {
            throw new IllegalArgumentException("block size must be a power of two >= 512: " + blockSize);
        }
        if (rules == null) {
            throw new IllegalArgumentException("wait rules");
        }
        if (workload.jobs() < 1) {
            throw new IllegalArgumentException("at least one job");
        }
    }

    /** 4 KiB blocks, IS_NOSEC, seed 1, the rules the profiles were fitted under ({@link WaitRules#COMMITTED}). */
    public static SimConfig of(Workload workload, String policyId, Device device, CostModel cost) {
        try {
            return new SimConfig(workload, PolicyCatalog.get(policyId), device, cost, 1, 4096, true,
                    WaitRules.COMMITTED);
        } catch (InvalidInputException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }

    public SimConfig withSeed(long s) {
        return new SimConfig(workload, policy, device, cost, s, blockSize, nosec, rules);
    }

    public SimConfig withWorkload(Workload w) {
        return new SimConfig(w, policy, device, cost, seed, blockSize, nosec, rules);
    }

    public SimConfig withJobs(int jobs) {
        return withWorkload(workload.withJobs(jobs));
    }

    public SimConfig withPolicy(Policy p) {
        return new SimConfig(workload, p, device, cost, seed, blockSize, nosec, rules);
    }

    public SimConfig withPolicy(String id) {
        try {
            return withPolicy(PolicyCatalog.get(id));
        } catch (InvalidInputException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }

    public SimConfig withDevice(Device d) {
        return new SimConfig(workload, policy, d, cost, seed, blockSize, nosec, rules);
    }

    public SimConfig withCost(CostModel c) {
        return new SimConfig(workload, policy, device, c, seed, blockSize, nosec, rules);
    }

    public SimConfig withBlockSize(int bs) {
        return new SimConfig(workload, policy, device, cost, seed, bs, nosec, rules);
    }

    public SimConfig withRules(WaitRules r) {
        return new SimConfig(workload, policy, device, cost, seed, blockSize, nosec, r);
    }

    public SimConfig withNosec(boolean v) {
        return new SimConfig(workload, policy, device, cost, seed, blockSize, v, rules);
    }
}
