package org.locktable.fuzz;

import java.util.List;
import java.util.Optional;
import java.util.Random;

import org.junit.jupiter.api.Test;

import org.locktable.timing.fio.FioEnvironment;
import org.locktable.timing.fio.FioParseException;
import org.locktable.timing.fio.FioParser;

/**
 * The fio parser on mutations of the seeds' job files and command lines: workloads, or a
 * {@link FioParseException} with a message. Includes resolve to nothing, so no input reads the file system.
 */
class FioFuzzTest {
    private static final List<String> JOB_FILES = concat(
            Seeds.texts("timing/src/main/resources/org/locktable/timing/seed", ".fio"),
            Seeds.texts("timing/src/test/resources/fio", ".fio"));
    private static final List<String> COMMAND_LINES = Seeds.texts("timing/src/main/resources/org/locktable/timing/seed",
            ".cmdline");
    private static final FioParser PARSER = new FioParser(FioEnvironment.defaults()
            .withIncludes((name, including) -> Optional.empty()));

    @Test
    void malformedFioInputsAreParseErrors() {
        Fuzzer.assertNoBugs("fio", getClass(), 1000, FioFuzzTest::generate, FioFuzzTest::check);
    }

    /** A job file, or (first line {@code cmdline}) a command line. */
    static String generate(Random r) {
        if (r.nextInt(3) == 0) {
            return "cmdline\n" + TextMutator.mutate(TextMutator.pick(COMMAND_LINES, r), r);
        }
        return TextMutator.mutate(TextMutator.pick(JOB_FILES, r), r);
    }

    static Verdict check(String input) {
        try {
            if (input.startsWith("cmdline\n")) {
                PARSER.parseCommandLine(input.substring("cmdline\n".length()));
            } else {
                PARSER.parseJobFile(input, "fuzz.fio");
            }
            return Verdict.accepted();
        } catch (FioParseException e) {
            return e.getMessage() == null || e.getMessage().isBlank()
                    ? Verdict.bug("FioParseException without a message") : Verdict.rejected(e.getMessage());
        }
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> out = new java.util.ArrayList<>(a);
        out.addAll(b);
        return List.copyOf(out);
    }
}
