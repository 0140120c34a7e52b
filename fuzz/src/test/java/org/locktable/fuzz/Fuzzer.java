package org.locktable.fuzz;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;

/**
 * Runs one target over the inputs of a {@link FuzzSettings}: every input on a worker thread with a hang
 * detector and its stdout and stderr captured (the targets print nothing of their own), counts what was accepted and what was rejected the documented way, shrinks every bug and says how to
 * re-run it.
 */
final class Fuzzer {
    /** Not a timing assertion: an input still running after this long is taken to loop forever. */
    static final long HANG_SECONDS = 60;
    /** Bugs shrunk and printed in full; later ones are only counted. */
    private static final int REPORTED = 5;

    private final String name;
    private final String testClass;
    private final FuzzSettings settings;
    private ExecutorService worker = newWorker();

    Fuzzer(String name, Class<?> testClass, FuzzSettings settings) {
        this.name = name;
        this.testClass = testClass.getSimpleName();
        this.settings = settings;
    }

    /** The outcome of a run: counts and the reported bugs. */
    record Result(String name, int accepted, int rejected, List<String> bugs, int bugCount, long millis) {
        String summary() {
            return String.format(
                    "fuzz %s: %,d inputs, %,d accepted, %,d rejected with a documented error, %,d bugs, %.1f s",
                    name, accepted + rejected + bugCount, accepted, rejected, bugCount, millis / 1000.0);
        }

        String failureMessage() {
            return summary() + "\n" + String.join("\n", bugs);
        }
    }

    /** Runs {@code target} on {@code defaultCount} (or {@code -Dfuzz.count}) inputs and fails on the first bugs. */
    static void assertNoBugs(String name, Class<?> testClass, int defaultCount, Function<Random, String> generator,
            Function<String, Verdict> target) {
        Result r = new Fuzzer(name, testClass, FuzzSettings.fromSystemProperties(defaultCount)).run(generator, target);
        org.junit.jupiter.api.Assertions.assertEquals(0, r.bugCount(), r::failureMessage);
    }

    Result run(Function<Random, String> generator, Function<String, Verdict> target) {
        long start = System.nanoTime();
        int accepted = 0;
        int rejected = 0;
        int bugCount = 0;
        List<String> bugs = new ArrayList<>();
        for (int i = settings.from(); i < settings.to(); i++) {
            String input = generator.apply(settings.random(i));
            Verdict v = runOne(target, input);
            switch (v.kind()) {
                case ACCEPTED -> accepted++;
                case REJECTED -> rejected++;
                default -> {
                    if (bugCount++ < REPORTED) {
                        bugs.add(describe(i, input, v, target));
                    }
                }
            }
        }
        worker.shutdownNow();
        Result result = new Result(name, accepted, rejected, bugs, bugCount, (System.nanoTime() - start) / 1_000_000);
        System.out.println(result.summary() + " (seed " + settings.seed() + ")");
        return result;
    }

    private String describe(int i, String input, Verdict v, Function<String, Verdict> target) {
        String kind = kindOf(v);
        String minimal = v.detail().startsWith("hang") ? input
                : Shrinker.shrink(input, candidate -> kindOf(runOne(target, candidate)).equals(kind));
        Verdict onMinimal = runOne(target, minimal);
        return "fuzz " + name + ": seed " + settings.seed() + ", input " + i + ": " + v.detail()
                + "\n  input:         " + Literal.of(input)
                + "\n  minimal input: " + Literal.of(minimal) + " -> " + onMinimal.detail()
                + "\n  re-run:        " + settings.rerun(testClass, i);
    }

    /** A bug's class, kept while shrinking: the exception's name (or the verdict's first words), without numbers. */
    private static String kindOf(Verdict v) {
        if (!v.isBug()) {
            return "";
        }
        String d = v.detail();
        int colon = d.indexOf(':');
        return (colon < 0 ? d : d.substring(0, colon)).replaceAll("\\d+", "N");
    }

    private Verdict runOne(Function<String, Verdict> target, String input) {
        Future<Verdict> f = worker.submit(() -> {
            PrintStream out = System.out;
            PrintStream err = System.err;
            ByteArrayOutputStream stray = new ByteArrayOutputStream();
            System.setOut(new PrintStream(stray, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(stray, true, StandardCharsets.UTF_8));
            Verdict v;
            try {
                v = target.apply(input);
            } catch (Throwable t) { // every escaping throwable, Errors included, is what the fuzzer looks for
                v = Verdict.bug(t);
            } finally {
                System.setOut(out);
                System.setErr(err);
            }
            // a library's own warning printed past the caller (picocli's [picocli WARN]) is a bug too
            return stray.size() == 0 || v.isBug() ? v
                    : Verdict.bug("stray output on stdout or stderr: " + stray.toString(StandardCharsets.UTF_8));
        });
        try {
            return f.get(HANG_SECONDS, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            f.cancel(true);
            worker.shutdownNow();
            worker = newWorker();
            return Verdict.bug("hang: no answer after " + HANG_SECONDS + " s");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } catch (ExecutionException e) {
            return Verdict.bug(e.getCause());
        }
    }

    private static ExecutorService newWorker() {
        return Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(null, r, "fuzz-worker", 0);
            t.setDaemon(true);
            return t;
        });
    }
}
