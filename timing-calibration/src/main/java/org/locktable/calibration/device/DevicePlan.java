package org.locktable.calibration.device;

import org.locktable.calibration.fit.Fidelity;
import org.locktable.calibration.fit.Fitter;

/**
 * Sizes of a device characterisation.
 *
 * @param name {@code full} or {@code tiny}
 * @param fileBytes the file (or the part of a block device) the runs work in
 * @param seconds each run's length
 * @param fit the fitter's settings
 */
public record DevicePlan(String name, long fileBytes, double seconds, Fitter.Settings fit) {

    /** Five seconds a run over 1 GiB: about two minutes for the sixteen runs of a file system. */
    public static DevicePlan full() {
        return new DevicePlan("full", 1L << 30, 5.0, new Fitter.Settings(Fidelity.QUICK, 600, 2, 0.35, 1e-4));
    }

    /** A third of a second a run over 64 MiB, and a short fit: seconds, for tests. */
    public static DevicePlan tiny() {
        return new DevicePlan("tiny", 64L << 20, 0.3, new Fitter.Settings(new Fidelity("device-tiny", 256, 0.01, 1),
                60, 0, 0.35, 1e-3));
    }
}
