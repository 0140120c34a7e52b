package org.locktable.calibration.live;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.locktable.rig.Sandbox;
import org.locktable.rig.Shell;

/** Runs fio with {@code --output-format=json} and reads its group result. */
public final class FioJson {
    private FioJson() {
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * fio's group result: I/Os and the slowest job's runtime, per direction; and its job threads' CPU time (user and
     * system) and context switches, summed over the jobs.
     */
    public record FioResult(double writeIos, double writeRuntimeMs, double readIos, double readRuntimeMs, double cpuSeconds,
            double contextSwitches) {
        public double writeIops() {
            if (writeRuntimeMs <= 0 || writeIos <= 0) {
                throw new IllegalStateException("fio reported no writes");
            }
            return writeIos * 1000 / writeRuntimeMs;
        }

        /** All I/Os per second, fio's rule: reads and writes over the longer of the two runtimes. */
        public double iops() {
            double runtime = Math.max(writeRuntimeMs, readRuntimeMs);
            if (runtime <= 0 || writeIos + readIos <= 0) {
                throw new IllegalStateException("fio reported no I/O");
            }
            return (writeIos + readIos) * 1000 / runtime;
        }

        /** The job threads' CPU time per I/O, ns. */
        double cpuPerIoNs() {
            return cpuSeconds * 1e9 / (writeIos + readIos);
        }

        /** The job threads' context switches per I/O. */
        double contextSwitchesPerIo() {
            return contextSwitches / (writeIos + readIos);
        }
    }

    /** Runs fio in {@code box}'s file systems: refused once the sandbox is torn down (a SIGTERM mid-run). */
    public static FioResult run(Sandbox box, List<String> args, long timeoutSeconds) throws IOException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Shell.tool("fio"));
        cmd.add("--output-format=json");
        cmd.addAll(args);
        return parse(box.check(cmd, timeoutSeconds));
    }

    /**
     * Sums fio's JSON over its job entries (one with group_reporting): I/Os, the longest runtime, CPU time
     * ({@code usr_cpu} and {@code sys_cpu} are percentages of {@code job_runtime}, summed over a group's jobs) and
     * context switches ({@code ctx}). Text fio prints before the object (its version, notes) is skipped.
     */
    static FioResult parse(String output) {
        int start = output.indexOf('{');
        if (start < 0) {
            throw new IllegalArgumentException("fio printed no JSON object");
        }
        JsonNode root;
        try {
            root = JSON.readTree(output.substring(start));
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("fio's JSON: " + e.getOriginalMessage(), e);
        }
        JsonNode jobs = root.path("jobs");
        if (!jobs.isArray() || jobs.isEmpty()) {
            throw new IllegalArgumentException("fio JSON without jobs");
        }
        double wIos = 0;
        double wRt = 0;
        double rIos = 0;
        double rRt = 0;
        double cpu = 0;
        double ctx = 0;
        for (JsonNode j : jobs) {
            cpu += (j.path("usr_cpu").asDouble() + j.path("sys_cpu").asDouble()) / 100
                    * j.path("job_runtime").asDouble() / 1000;
            ctx += j.path("ctx").asDouble();
            wIos += j.path("write").path("total_ios").asDouble();
            wRt = Math.max(wRt, j.path("write").path("runtime").asDouble());
            rIos += j.path("read").path("total_ios").asDouble();
            rRt = Math.max(rRt, j.path("read").path("runtime").asDouble());
        }
        return new FioResult(wIos, wRt, rIos, rRt, cpu, ctx);
    }
}
