/**
 * Timing scenarios: what the seeds' published tables say about speed, as {@code @Workload} and
 * {@code @ExpectSpeedup}, checked against the timing model (locktable-timing) on the seed's device profile.
 * Every bound comes from the published table (the seed's ratio, or its claim), never from the simulator; each
 * {@code why} gives the published numbers. The simulated work is cut to a few thousand I/Os per job
 * ({@code iosPerJob}) so that the scenario library stays fast; steady-state IOPS change only by end effects.
 */
package org.locktable.scenarios.timing;
