package org.locktable.timing.calibrate;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;

import org.locktable.timing.validate.RecordedLiveRun;
import org.locktable.timing.validate.TimingValidation;

/**
 * {@code LiveMain --out FILE [--tiny] [--section FILE]}: runs {@link LiveCalibration} and writes the validation
 * report with the live section appended to {@code --out} (and the section alone to {@code --section}); it prints
 * the {@code FittedValues} entry and the {@code RecordedLiveRun} data of the run, to commit it.
 * {@code LiveMain --refit-recorded} refits {@code local-loop} on the committed recording ({@code RecordedLiveRun}),
 * no root needed, and prints the same.
 * Without root, loop devices or fio it prints one line, {@code SKIP: <reason>}, and exits 0; with
 * {@code LOCKTABLE_KERNEL_TESTS=required} it prints {@code FAIL: <reason>} and exits 1 instead.
 *
 * <pre>
 * cd /work/main &amp;&amp; mvn -q -o install -DskipTests -pl engine,timing
 * java -cp timing/target/classes:engine/target/locktable-engine-0.1.0-SNAPSHOT.jar \
 *     org.locktable.timing.calibrate.LiveMain --out /tmp/timing-validation.md
 * </pre>
 */
public final class LiveMain {
    private LiveMain() {
    }

    public static void main(String[] args) throws IOException {
        Path out = null;
        Path section = null;
        boolean tiny = false;
        if (args.length == 1 && args[0].equals("--refit-recorded")) {
            LiveCalibration.Plan plan = LiveCalibration.Plan.full();
            Fitter.Result fit = LiveCalibration.fit(RecordedLiveRun.DATA, plan, plan.fit());
            printFit(fit);
            return;
        }
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--out":
                    out = Path.of(args[++i]);
                    break;
                case "--section":
                    section = Path.of(args[++i]);
                    break;
                case "--tiny":
                    tiny = true;
                    break;
                default:
                    System.err.println("usage: LiveMain --out FILE [--tiny] [--section FILE] | --refit-recorded");
                    System.exit(2);
                    return;
            }
        }
        if (out == null && section == null) {
            System.err.println("usage: LiveMain --out FILE [--tiny] [--section FILE]");
            System.exit(2);
            return;
        }
        Optional<String> missing = LiveEnvironment.missing();
        if (missing.isPresent()) {
            if (LiveEnvironment.required()) {
                System.out.println("FAIL: " + missing.get() + " (" + LiveEnvironment.REQUIRED_ENV + "=required)");
                System.exit(1);
            }
            System.out.println("SKIP: " + missing.get());
            return;
        }
        String command = "java -cp timing/target/classes:engine/target/locktable-engine-0.1.0-SNAPSHOT.jar "
                + LiveMain.class.getName() + " " + String.join(" ", args);
        LiveCalibration.Outcome o = LiveCalibration.run(tiny ? LiveCalibration.Plan.tiny()
                : LiveCalibration.Plan.full(), command);
        if (section != null) {
            LiveCalibration.write(section, o.section());
        }
        if (out != null) {
            LiveCalibration.write(out, TimingValidation.reportWithLive(o.section()));
        }
        System.out.print(o.section());
        printFit(o.fit());
        System.err.println("RecordedLiveRun.DATA for this run:\n" + literal(o.data()));
    }

    private static void printFit(Fitter.Result fit) {
        StringBuilder fv = new StringBuilder("        put(\"local-loop\"");
        fit.values().forEach((k, v) -> fv.append(",\n                \"").append(k).append("\", ")
                .append(Calibration.javaLiteral(v)));
        System.err.printf(Locale.ROOT, "FittedValues (objective %.3g, %d evaluations, RecordedLiveRun.FIT_EVALUATIONS):%n%s%n",
                fit.objective(), fit.evaluations(), fv.append(");"));
    }

    /** The run's measurements as the rows of {@code RecordedLiveRun.DATA}. */
    static String literal(LiveCalibration.LiveData d) {
        StringBuilder s = new StringBuilder();
        s.append(String.format(Locale.ROOT, "plan %s, kernel %s, %s, %d cores, load %s, layout: %s%n", d.plan(),
                d.kernel(), d.fio(), d.cores(), d.load(), d.layoutCheck()));
        for (LiveCalibration.MeasuredRun r : d.runs()) {
            s.append(String.format(Locale.ROOT, "  %s %s %s %s jobs=%d median=%.0f min=%.0f max=%.0f%n", r.group(),
                    r.fs(), r.column(), r.policy(), r.jobs(), r.median(), r.min(), r.max()));
        }
        return s.toString();
    }
}
