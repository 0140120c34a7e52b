package org.locktable.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.locktable.concurrency.Counterexample;
import org.locktable.concurrency.safety.FixCost;
import org.locktable.concurrency.safety.SafetyCase;
import org.locktable.concurrency.safety.SafetyDiff;
import org.locktable.concurrency.safety.SafetyScope;
import org.locktable.concurrency.safety.SafetySweep;
import org.locktable.concurrency.safety.SafetyTable;
import org.locktable.conformance.Conformance;
import org.locktable.conformance.Pass;
import org.locktable.engine.catalog.PolicyContract;
import org.locktable.docs.SafetyFixCost;
import org.locktable.engine.model.InvalidInputException;
import org.locktable.engine.policy.Policy;
import org.locktable.engine.policy.PolicyInfo;
import org.locktable.engine.space.CaseSpace;
import org.locktable.engine.table.PolicyDiff;
import org.locktable.engine.table.TableConflictException;
import org.locktable.matrix.GuestRaceRig;
import org.locktable.matrix.KernelBuild;
import org.locktable.matrix.KernelCache;
import org.locktable.matrix.KernelMatrix;
import org.locktable.matrix.KernelPatches;
import org.locktable.matrix.KernelRun;
import org.locktable.matrix.KernelSpec;
import org.locktable.replay.RaceRig;
import org.locktable.replay.ReplayAll;
import org.locktable.rig.EnvironmentException;

/**
 * The work of {@code locktable review}, step by step (each timed on standard error), and its report: a Markdown text
 * that reads as plain text at 100 columns ({@link MailText}).
 */
final class Review {
    /** Runs per replayed race in the guest: each class must be CORRUPTED (or INTACT) every time. */
    static final int REPLAY_RUNS = 3;

    /** Progress on standard error: {@code review: decisions ... 2.1 s}. */
    record Steps(PrintWriter err) {
        <T> T run(String what, java.util.concurrent.Callable<T> step) throws Exception {
            long t0 = System.nanoTime();
            err.print("review: " + what + " ...");
            err.flush();
            T result = step.call();
            err.printf(Locale.ROOT, " %.1f s%n", (System.nanoTime() - t0) / 1e9);
            err.flush();
            return result;
        }
    }

    private final Policy policy;
    private final Policy base;
    private final Steps steps;
    private final long started = System.nanoTime();

    private PolicyContract.Report contract;
    private PolicyDiff diff;
    private String diffRefused;
    private SafetyTable unsafe;
    private SafetyDiff safetyDiff;
    private KernelPart kernel;
    private FixCost price;

    Review(Policy policy, Policy base, Steps steps) {
        this.policy = policy;
        this.base = base;
        this.steps = steps;
    }

    /** What the kernel part found: the kernel, its grading against the policy and the replayed races. */
    record KernelPart(String kernel, String release, String pass, long cases, List<String> disagreements,
            List<ReplayAll.Row> races, double seconds) {
        boolean agrees() {
            return disagreements.isEmpty() && races.stream().allMatch(ReplayAll.Row::agree);
        }
    }

    double seconds() {
        return (System.nanoTime() - started) / 1e9;
    }

    void contract() throws CliException, EnvironmentException {
        contract = call("the policy contract", () -> PolicyContract.check(policy));
    }

    void decisions() throws CliException, InvalidInputException, EnvironmentException {
        if (policy.info().path() != base.info().path()) {
            throw new CliException(policy.id() + " is about " + path(policy) + " writes and " + base.id() + " about "
                    + path(base) + ": give --base a policy of the same writes");
        }
        CaseSpace space = CaseSpace.standard(policy.info().path());
        try {
            diff = call("decisions against " + base.id(), () -> PolicyDiff.between(base, policy, space));
        } catch (TableConflictException e) {
            diffRefused = e.getMessage();
        }
    }

    void safety() throws CliException, EnvironmentException {
        SafetyScopeOptions.requireDirect(policy);
        SafetyScope scope = SafetyScope.standard();
        List<SafetyCase> cases = scope.cases();
        SafetySweep after = call("safety of " + policy.id(), () -> SafetySweep.run(policy, scope, cases));
        SafetySweep before = call("safety of " + base.id(), () -> SafetySweep.run(base, scope, cases));
        unsafe = SafetyTable.of(after);
        safetyDiff = SafetyDiff.between(before, after);
    }

    /**
     * Builds the kernel with {@code patches} (unless {@code given}), grades its decisions against the policy under QEMU
     * and replays the races in it. Returns whether the kernel agrees with the policy everywhere.
     */
    boolean kernel(KernelSpec given, String source, List<Path> patches, KernelCache cache, Pass pass)
            throws CliException, EnvironmentException {
        long t0 = System.nanoTime();
        PrintStream console = new PrintStream(System.err, true, StandardCharsets.UTF_8);
        KernelSpec spec = given;
        if (spec == null) {
            if (!source.startsWith("debian:")) {
                throw new CliException("unknown kernel source \"" + source + "\": use debian:6.12");
            }
            KernelBuild.Built built = call("kernel build (" + source + " + " + patches.size() + " patch"
                    + (patches.size() == 1 ? "" : "es") + ")",
                    () -> new KernelBuild(cache, System.err).build(source.substring("debian:".length()), patches));
            spec = KernelSpec.parse(built.image().toString());
        }
        KernelSpec k = spec;
        Conformance.Options options = Conformance.Options.of(List.of(onlyItsFileSystem(pass)), false, false, List.of())
                .withPolicies(List.of(policy));
        KernelRun run = call("grading " + k + " against " + policy.id(),
                () -> KernelRun.run(k, cache, options, console, KernelMatrix.defaultGuests()));
        List<ReplayAll.Row> races = call("replaying the races in " + k, () -> {
            try (RaceRig rig = GuestRaceRig.open(k, cache, console)) {
                return ReplayAll.review(rig, policy, base, REPLAY_RUNS, row -> { });
            }
        });
        long probed = run.report().passes().stream().flatMap(r -> r.results().stream()).mapToLong(r -> r.realised()).sum();
        kernel = new KernelPart(k.toString(), run.release(), pass.title(), probed, run.report().disagreementTexts(),
                races, (System.nanoTime() - t0) / 1e9);
        return kernel.agrees();
    }

    /** {@code pass} on the policy's file system alone: the other one's answers say nothing about the patch. */
    private Pass onlyItsFileSystem(Pass pass) {
        return new Pass(pass.id(), pass.title(), pass.fileSystems().stream()
                .filter(fs -> fs.kind().fileSystem() == policy.info().fileSystem()).toList(), pass.space(), pass.lbs());
    }

    void price() throws CliException, EnvironmentException {
        price = call("the price (timing model)", () -> SafetyFixCost.simulate(base.id(), policy.id()));
    }

    /** Runs a step; environment and input errors keep their kind, anything else is the step's failure. */
    private <T> T call(String what, java.util.concurrent.Callable<T> step) throws CliException, EnvironmentException {
        try {
            return steps.run(what, step);
        } catch (CliException e) {
            throw e;
        } catch (KernelPatches.PatchFailedException | InvalidInputException e) {
            throw new CliException(e.getMessage());
        } catch (EnvironmentException e) {
            throw new EnvironmentException("the kernel part: " + e.getMessage()); // Main: exit 3
        } catch (IOException e) {
            throw new CliException(what + " failed: " + Main.oneLine(e.getMessage()));
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException(what + " failed", e);
        }
    }

    private static String path(Policy p) {
        return p.info().path().name().toLowerCase(Locale.ROOT).replace('_', '+');
    }

    String report(List<Path> patches, KernelSpec given) {
        return new ReviewReport(policy, base).write(contract, diff, diffRefused, unsafe, safetyDiff, kernel, patches,
                given, price);
    }

    static String describe(PolicyInfo i) {
        return i.id() + " — " + i.title() + " (" + i.kernel() + "; " + i.status().label() + ")";
    }

    static String timeline(Counterexample cx) {
        return String.join("\n", cx.steps());
    }
}
