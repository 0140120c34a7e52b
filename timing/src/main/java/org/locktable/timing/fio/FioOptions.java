package org.locktable.timing.fio;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.locktable.engine.names.DidYouMean;

/**
 * Option names fio knows, so that an unknown key can be told from a known one that the model ignores, and
 * so that run-together command line options ({@code --sync=dsync--file_append=1}) can be split only where a
 * real option name follows.
 *
 * <p>The upstream names are every {@code .name} and {@code .alias} of {@code options.c} and of the
 * {@code libaio}, {@code io_uring}, {@code sync} (psync, pvsync2), {@code posixaio} and {@code mmap}
 * engines' option tables in axboe/fio at commit f5344384 (fio 3.42 era).
 */
final class FioOptions {
    private FioOptions() {
    }

    /** Job options of upstream fio (options.c and the common engines). */
    static final Set<String> UPSTREAM = Set.of(
            "allow_file_create", "allow_mounted_write", "allrandrepeat", "apptag", "apptag_mask", "atomic", "ba",
            "block_error_percentiles", "blockalign", "blocksize", "blocksize_range", "blocksize_unaligned", "bs",
            "bs_is_seq_rand", "bs_unaligned", "bsrange", "bssplit", "buffer_compress_chunk",
            "buffer_compress_percentage", "buffer_pattern", "buffered", "bwavgtime", "cdb_len", "cgroup",
            "cgroup_nodelete", "cgroup_weight", "clat_percentiles", "clocksource", "cmd_type", "comm",
            "continue_on_error", "cpumask", "cpus_allowed", "cpus_allowed_policy", "create_fsync", "create_on_open",
            "create_only", "create_serialize", "data_placement", "dataplacement", "deac", "dedupe_global",
            "dedupe_mode", "dedupe_percentage", "dedupe_working_set_percentage", "description", "direct",
            "directory", "disable_bw", "disable_bw_measurement", "disable_clat", "disable_lat", "disable_slat",
            "disk_util", "do_verify", "dp_scheme", "end_fsync", "end_syncfs", "error_dump", "exec_postrun",
            "exec_prerun", "exit_what", "exitall", "exitall_on_error", "experimental_verify", "fadvise_hint",
            "fallocate", "fdatasync", "fdp", "fdp_pli", "fdp_pli_select", "file_append", "file_service_type",
            "filename", "filename_format", "fileoffset", "filesize", "filetype", "fill_device", "fill_fs",
            "fixedbufs", "flow", "flow_id", "flow_sleep", "flow_watermark", "force_async", "fsync", "fsync_on_close",
            "gid", "gpu_dev_id", "group_reporting", "gtod_cpu", "gtod_reduce", "hipri", "hipri_percentage",
            "hugepage-size", "ignore_error", "ignore_zone_limits", "invalidate", "io_limit", "io_size",
            "io_submit_mode", "iodepth", "iodepth_batch", "iodepth_batch_complete", "iodepth_batch_complete_max",
            "iodepth_batch_complete_min", "iodepth_batch_submit", "iodepth_low", "ioengine", "iomem", "iomem_align",
            "iopsavgtime", "ioscheduler", "job_max_open_zones", "job_start_clock_id", "kb_base", "lat_percentiles",
            "latency_percentile", "latency_run", "latency_target", "latency_window", "libaio_vectored", "lockfile",
            "lockmem", "log_alternate_epoch", "log_alternate_epoch_clock_id", "log_avg_msec", "log_compression",
            "log_compression_cpus", "log_entries", "log_hist_coarseness", "log_hist_msec", "log_issue_time",
            "log_max_value", "log_offset", "log_prio", "log_store_compressed", "log_unix_epoch", "log_window_value",
            "loops", "max_latency", "max_open_zones", "md_per_io_size", "mem", "mem_align", "merge_blktrace_file",
            "merge_blktrace_iters", "merge_blktrace_scalars", "name", "new_group", "nice", "nonvectored",
            "norandommap", "nowait", "nr_files", "nrfiles", "num_range", "numa_cpu_nodes", "numa_mem_policy",
            "number_ios", "numjobs", "offset", "offset_align", "offset_increment", "opendir", "openfiles",
            "overwrite", "per_job_logs", "percentage_random", "percentage_sequential", "percentile_list", "pi_act",
            "pi_chk", "plid_select", "plids", "pre_read", "prio", "prioclass", "priohint", "profile", "ramp_size",
            "ramp_time", "random_distribution", "random_generator", "random_sequence_stride", "randrepeat",
            "randseed", "rate", "rate_cycle", "rate_ignore_thinktime", "rate_iops", "rate_iops_min", "rate_min",
            "rate_process", "ratecycle", "ratemin", "read_beyond_wp", "read_iolog", "read_iolog_chunked",
            "read_mode", "readfua", "readwrite", "recover_zbd_write_error", "refill_buffers", "registerfiles",
            "replay_align", "replay_no_stall", "replay_redirect", "replay_scale", "replay_skip", "replay_time_scale",
            "runtime", "rw", "rw_sequencer", "rwmixcycle", "rwmixread", "rwmixwrite", "scramble_buffers",
            "serialize_overlap", "significant_figures", "size", "slat_percentiles", "softrandommap", "spr_cs",
            "spr_num_regions", "spr_op", "sprandom", "sqthread_poll", "sqthread_poll_cpu", "ss", "ss_dur",
            "ss_interval", "ss_ramp", "startdelay", "stats", "steadystate", "steadystate_check_interval",
            "steadystate_duration", "steadystate_ramp_time", "stonewall", "sync", "sync_file_range", "thinkcycles",
            "thinktime", "thinktime_blocks", "thinktime_blocks_type", "thinktime_iotime", "thinktime_spin", "thp",
            "thread", "time_based", "timeout", "trim_backlog", "trim_backlog_batch", "trim_percentage",
            "trim_verify_zero", "uid", "uncached", "unified_rw_reporting", "unique_filename", "unit_base", "unlink",
            "unlink_each_loop", "userspace_reap", "verify", "verify_async", "verify_async_cpus", "verify_backlog",
            "verify_backlog_batch", "verify_bytchk", "verify_dump", "verify_fatal", "verify_header_seed",
            "verify_interval", "verify_mode", "verify_offset", "verify_only", "verify_pattern",
            "verify_pattern_interval", "verify_policy", "verify_state_load", "verify_state_save",
            "verify_write_sequence", "verifysort", "verifysort_nr", "wait_for", "wait_for_previous", "write_barrier",
            "write_bw_log", "write_hint", "write_hist_log", "write_iolog", "write_iops_log", "write_lat_log",
            "write_mode", "write_zone_remainder", "writefua", "zero_buffers", "zone_reset_frequency",
            "zone_reset_threshold", "zonecapacity", "zonemode", "zonerange", "zonesize", "zoneskip"
    );

    /**
     * Keys of the patched fio used for seed 002 (RWF_WRITETHROUGH RFC v4): not in upstream fio.
     * {@code noserial} is this project's spelling for RWF_NOSERIAL; the seed does not show how its fio set it.
     */
    static final Set<String> PATCHED = Set.of("writethrough", "noserial");

    /** fio's own command line options (init.c {@code l_opts}): they configure fio, not a job. */
    static final Set<String> COMMAND_ONLY = Set.of(
            "output", "latency-log", "bandwidth-log", "minimal", "output-format", "append-terse", "version",
            "help", "cmdhelp", "enghelp", "showcmd", "readonly", "eta", "eta-interval", "eta-newline", "debug",
            "parse-only", "section", "inflate-log", "alloc-size", "profile", "warnings-fatal", "max-jobs",
            "terse-version", "server", "server-internal", "daemonize", "client", "remote-config",
            "cpuclock-test", "crctest", "memcpytest", "idle-prof", "status-interval", "trigger-file",
            "trigger-timeout", "trigger", "trigger-remote", "aux-path", "merge-blktrace-only");

    /** Options of type {@code FIO_OPT_STR_SET}: a bare key (no {@code =value}) means 1. */
    static final Set<String> FLAGS = Set.of(
            "blocksize_unaligned", "bs_unaligned", "exitall", "exitall_on_error", "group_reporting",
            "new_group", "norandommap", "refill_buffers", "stonewall", "thread", "time_based", "verify_only",
            "wait_for_previous", "zero_buffers");

    /** Aliases to the name the model uses. */
    static final Map<String, String> ALIASES = Map.ofEntries(
            Map.entry("readwrite", "rw"),
            Map.entry("blocksize", "bs"),
            Map.entry("blockalign", "ba"),
            Map.entry("blocksize_range", "bsrange"),
            Map.entry("blocksize_unaligned", "bs_unaligned"),
            Map.entry("io_limit", "io_size"),
            Map.entry("fileoffset", "offset"),
            Map.entry("nr_files", "nrfiles"),
            Map.entry("timeout", "runtime"),
            Map.entry("fill_fs", "fill_device"),
            Map.entry("allrandrepeat", "randrepeat"),
            Map.entry("wait_for_previous", "stonewall"),
            Map.entry("iodepth_batch_submit", "iodepth_batch"),
            Map.entry("iodepth_batch_complete", "iodepth_batch_complete_min"),
            Map.entry("iomem", "mem"),
            Map.entry("mem_align", "iomem_align"),
            Map.entry("disable_bw", "disable_bw_measurement"),
            Map.entry("ratemin", "rate_min"),
            Map.entry("ratecycle", "rate_cycle"));

    /** Keys the workload model reads. */
    static final Set<String> MODELLED = Set.of(
            "name", "rw", "rwmixread", "rwmixwrite", "bs", "bsrange", "bssplit", "ba", "size", "io_size",
            "filesize", "offset", "offset_increment", "numjobs", "nrfiles", "filename", "filename_format",
            "time_based", "runtime", "ioengine", "iodepth", "direct", "buffered", "sync", "overwrite",
            "file_append", "fallocate", "writethrough", "noserial", "kb_base", "group_reporting",
            "sync_file_range");

    /** Known keys that cannot change what the model computes (names, reporting, logging): no warning. */
    static final Set<String> COSMETIC = Set.of(
            "description", "directory", "unique_filename", "thread", "unit_base", "randrepeat", "randseed",
            "random_generator", "per_job_logs", "write_bw_log", "write_lat_log", "write_iops_log",
            "write_hist_log", "log_avg_msec", "log_hist_msec", "log_hist_coarseness", "log_max_value",
            "log_offset", "log_compression", "log_compression_cpus", "log_store_compressed", "log_unix_epoch",
            "log_alternate_epoch", "log_alternate_epoch_clock_id", "log_prio", "log_issue_time", "log_entries",
            "log_window_value", "clat_percentiles", "lat_percentiles", "slat_percentiles", "percentile_list",
            "significant_figures", "disable_lat", "disable_clat", "disable_slat", "disable_bw_measurement",
            "bwavgtime", "iopsavgtime", "unified_rw_reporting", "stats", "error_dump", "allow_file_create",
            "allow_mounted_write", "create_serialize", "clocksource", "block_error_percentiles", "disk_util",
            "exitall", "job_start_clock_id", "new_group", "stonewall", "wait_for", "exec_prerun",
            "exec_postrun", "unlink", "unlink_each_loop");

    static String canonical(String key) {
        return ALIASES.getOrDefault(key, key);
    }

    static boolean known(String key) {
        return UPSTREAM.contains(key) || PATCHED.contains(key);
    }

    static boolean flag(String key) {
        return FLAGS.contains(key);
    }

    static String closestOption(String key) {
        List<String> all = new ArrayList<>(UPSTREAM);
        all.addAll(PATCHED);
        all.sort(null);
        return DidYouMean.closest(key, all).orElse(null);
    }
}
