package org.locktable.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.junit.jupiter.api.Test;

/**
 * Malformed scenario sources, mutated from the scenario library, compiled with the processor: no javac crash, no
 * exception out of the processor, every processor message with its ID at an element (see {@link ScenarioCompiler}).
 */
class ProcessorFuzzTest {
    private static final int BATCH = 25;
    private static final int REPORTED = 5;
    private static final long BATCH_HANG_SECONDS = 600;
    private static final List<String> SEEDS = Seeds.files("scenarios-module/src/test/java", ".java").stream()
            .filter(p -> !p.getFileName().toString().equals("package-info.java"))
            .map(Path::normalize).map(Seeds::read).map(ProcessorFuzzTest::withoutPackage).toList();

    @Test
    void malformedScenariosGetDiagnosticsNotCrashes() {
        FuzzSettings settings = FuzzSettings.fromSystemProperties(100);
        long start = System.nanoTime();
        ScenarioCompiler compiler = new ScenarioCompiler();
        TreeMap<Integer, ScenarioCompiler.Outcome> outcomes = new TreeMap<>();
        Map<Integer, String> texts = new TreeMap<>();
        List<ScenarioCompiler.Source> batch = new ArrayList<>();
        for (int i = settings.from(); i < settings.to(); i++) {
            String text = generate(settings.random(i));
            texts.put(i, text);
            batch.add(new ScenarioCompiler.Source(i, text));
            if (batch.size() == BATCH || i == settings.to() - 1) {
                outcomes.putAll(compileOrHang(compiler, batch));
                batch.clear();
            }
        }
        int syntax = 0;
        int javacErrors = 0;
        int withLt = 0;
        int ltTotal = 0;
        List<String> bugs = new ArrayList<>();
        int bugCount = 0;
        for (Map.Entry<Integer, ScenarioCompiler.Outcome> e : outcomes.entrySet()) {
            ScenarioCompiler.Outcome o = e.getValue();
            syntax += o.syntaxError() ? 1 : 0;
            javacErrors += o.javacError() && !o.syntaxError() ? 1 : 0;
            withLt += o.ltDiagnostics() > 0 ? 1 : 0;
            ltTotal += o.ltDiagnostics();
            if (!o.bugs().isEmpty() && bugCount++ < REPORTED) {
                bugs.add(describe(settings, compiler, e.getKey(), texts.get(e.getKey()), o));
            }
        }
        String summary = String.format("fuzz processor: %,d scenario sources, %,d bugs (crashes, uncaught exceptions, "
                + "messages without ID or element); %,d with syntax errors, %,d more with other javac errors, %,d with "
                + "LT diagnostics (%,d in all, every one with its ID at an element), %.1f s (seed %d)",
                outcomes.size(), bugCount, syntax, javacErrors, withLt, ltTotal, (System.nanoTime() - start) / 1e9,
                settings.seed());
        System.out.println(summary);
        assertEquals(0, bugCount, () -> summary + "\n" + String.join("\n", bugs));
    }

    /**
     * The batch's outcomes, or every source of it marked as a bug when the batch throws or is still compiling after
     * {@link #BATCH_HANG_SECONDS} (a hang detector, not a timing assertion: a batch normally takes seconds).
     */
    private static Map<Integer, ScenarioCompiler.Outcome> compileOrHang(ScenarioCompiler compiler,
            List<ScenarioCompiler.Source> batch) {
        List<ScenarioCompiler.Source> copy = List.copyOf(batch);
        ExecutorService worker = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "fuzz-javac");
            t.setDaemon(true);
            return t;
        });
        String bug;
        try {
            return worker.submit(() -> compiler.compile(copy)).get(BATCH_HANG_SECONDS, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            bug = "hang: the batch of sources " + copy.get(0).index() + ".." + copy.get(copy.size() - 1).index()
                    + " still compiling after " + BATCH_HANG_SECONDS + " s (re-run each with -Dfuzz.index)";
        } catch (ExecutionException e) {
            bug = "the batch threw " + Verdict.bug(e.getCause()).detail();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } finally {
            worker.shutdownNow();
        }
        Map<Integer, ScenarioCompiler.Outcome> out = new TreeMap<>();
        for (ScenarioCompiler.Source s : copy) {
            out.put(s.index(), new ScenarioCompiler.Outcome(false, false, 0, List.of(bug)));
        }
        return out;
    }

    static String generate(Random r) {
        return ScenarioMutator.mutate(TextMutator.pick(SEEDS, r), SEEDS, r);
    }

    private static String describe(FuzzSettings settings, ScenarioCompiler compiler, int i, String text,
            ScenarioCompiler.Outcome o) {
        String minimal = o.bugs().get(0).startsWith("hang") ? text : shrinkLines(text, candidate -> {
            try {
                return !compiler.compile(List.of(new ScenarioCompiler.Source(i, candidate))).get(i).bugs().isEmpty();
            } catch (RuntimeException e) {
                return true;
            }
        });
        return "fuzz processor: seed " + settings.seed() + ", source " + i + ": " + String.join("; ", o.bugs())
                + "\n  minimal source (package fuzz.s" + i + "):\n" + minimal.indent(4)
                + "  re-run: " + settings.rerun(ProcessorFuzzTest.class.getSimpleName(), i);
    }

    /** Drops lines while the source still shows a bug; one javac run per step, so lines, not characters. */
    private static String shrinkLines(String text, java.util.function.Predicate<String> fails) {
        List<String> lines = new ArrayList<>(List.of(text.split("\n", -1)));
        for (int k = lines.size() - 1; k >= 0; k--) {
            List<String> candidate = new ArrayList<>(lines);
            candidate.remove(k);
            if (fails.test(String.join("\n", candidate))) {
                lines = candidate;
            }
        }
        return String.join("\n", lines);
    }

    private static String withoutPackage(String source) {
        return source.replaceFirst("(?m)^package [^;]*;\n", "");
    }
}
