package org.locktable.timing.calibrate;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;

import org.locktable.timing.validate.RecordedLiveRun;

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
            System.err.print(LiveCalibration.fittedValuesEntry(LiveCalibration.fit(RecordedLiveRun.DATA, plan,
                    plan.fit())));
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
        LiveCalibration.Outcome o = LiveCalibration.runAndWrite(tiny ? LiveCalibration.Plan.tiny()
                : LiveCalibration.Plan.full(), command, out, section);
        System.out.print(o.section());
        System.err.print(LiveCalibration.fittedValuesEntry(o.fit()));
        System.err.print(LiveCalibration.recordingLiteral(o.data()));
    }
}
