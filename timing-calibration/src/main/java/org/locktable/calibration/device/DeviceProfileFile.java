package org.locktable.calibration.device;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

import org.locktable.timing.device.Device;
import org.locktable.timing.device.Nvme;
import org.locktable.timing.device.Rotational;
import org.locktable.timing.device.Simple;
import org.locktable.timing.interval.ModelError;
import org.locktable.timing.profile.Param;
import org.locktable.timing.profile.ProfileSpec;
import org.locktable.timing.profile.Profiles;

/**
 * A calibrated device as a file ({@code calibrate device --out FILE}; {@code simulate --device FILE}): JSON, every
 * parameter with its source and provenance as the built-in profiles have them, the fit's residual error (the
 * interval's model error), and the runs it was fitted on, measured and predicted. Deterministic for the same
 * outcome: fields in a fixed order.
 *
 * @param format {@value #FORMAT}
 * @param name the profile's name
 * @param description what was measured
 * @param deviceType {@code Simple}, {@code Nvme} or {@code Rotational}
 * @param facts the kernel, fio and the plan
 * @param fit the residual error
 * @param parameters every parameter
 * @param runs every run
 */
public record DeviceProfileFile(String format, String name, String description, String deviceType, String facts,
        FitError fit, List<Parameter> parameters, List<Run> runs) {
    public static final String FORMAT = "locktable device profile 1";
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
    private static final Map<String, Class<? extends Device>> TYPES = Map.of("Simple", Simple.class, "Nvme",
            Nvme.class, "Rotational", Rotational.class);

    /** The fit's residual error over its runs. */
    public record FitError(int runs, int parameters, double rms) {
    }

    /** One parameter, as {@link ProfileSpec.Def}. */
    public record Parameter(String name, String unit, String source, double value, double lower, double upper,
            String ref, String scale, String provenance) {
    }

    /** One run: measured and predicted IOPS, and whether the fit used it. */
    public record Run(String id, String label, double measured, double predicted, boolean fitted) {
    }

    /** Not a device profile, or not one this version reads: the message names the file and the problem. */
    public static final class Invalid extends Exception {
        private static final long serialVersionUID = 1L;

        Invalid(String message) {
            super(message);
        }
    }

    /** The file of {@code o}. */
    public static DeviceProfileFile of(DeviceCalibration.Outcome o) {
        List<Parameter> ps = new ArrayList<>();
        for (ProfileSpec.Def d : o.spec().defs()) {
            ps.add(new Parameter(d.name(), d.unit(), d.source().name(), d.value(), d.lower(), d.upper(), d.ref(),
                    d.scale(), d.provenance()));
        }
        List<Run> runs = new ArrayList<>();
        for (DeviceCalibration.Row r : o.rows()) {
            runs.add(new Run(r.run().id(), r.run().label(), r.measured(), r.predicted(), r.fitted()));
        }
        return new DeviceProfileFile(FORMAT, o.spec().name(), o.spec().description(),
                o.spec().deviceType().getSimpleName(), o.facts(), new FitError(o.error().runs(),
                        o.error().parameters(), o.error().rms()), ps, runs);
    }

    /** The JSON text. */
    public String json() {
        try {
            return JSON.writeValueAsString(this) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Reads {@code file}. */
    public static DeviceProfileFile read(Path file) throws Invalid, IOException {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new Invalid(file + ": no such file");
        }
        DeviceProfileFile f;
        try {
            f = JSON.readValue(text, DeviceProfileFile.class);
        } catch (JsonProcessingException e) {
            throw new Invalid(file + ":" + (e.getLocation() != null ? e.getLocation().getLineNr() + ":" : " ")
                    + " not a locktable device profile: " + e.getOriginalMessage());
        }
        if (!FORMAT.equals(f.format())) {
            throw new Invalid(file + ": format \"" + f.format() + "\", this locktable reads \"" + FORMAT + "\"");
        }
        return f;
    }

    /** Whether {@code device} names a file rather than a built-in profile. */
    public static boolean names(String device) {
        return device.endsWith(".json") || device.contains("/");
    }

    /**
     * Reads {@code file} and adds its profile and its model error for this run ({@link Profiles#register},
     * {@link ModelError#register}); returns the profile's name.
     */
    public static String load(Path file) throws Invalid, IOException {
        DeviceProfileFile f = read(file);
        Class<? extends Device> type = TYPES.get(f.deviceType());
        if (type == null) {
            throw new Invalid(file + ": deviceType \"" + f.deviceType() + "\" is not one of " + TYPES.keySet());
        }
        ProfileSpec spec = new ProfileSpec(f.name(), f.description(), type);
        try {
            for (Parameter p : f.parameters()) {
                spec = spec.add(new ProfileSpec.Def(p.name(), p.unit(), Param.Source.valueOf(p.source()), p.value(),
                        p.lower(), p.upper(), p.ref(), p.scale(), p.provenance()));
            }
            Profiles.register(spec);
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw new Invalid(file + ": " + e.getMessage());
        }
        ModelError.register(new ModelError.Fit(f.name(), f.fit().runs(), f.fit().parameters(), f.fit().rms()));
        return f.name();
    }
}
