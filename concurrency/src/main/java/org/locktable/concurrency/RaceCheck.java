package org.locktable.concurrency;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.locktable.engine.catalog.PolicyCatalog;
import org.locktable.engine.model.Inode;
import org.locktable.engine.model.InvalidInputException;
import org.locktable.engine.scenario.ScenarioText;

/**
 * The runtime side of a {@code @Concurrent} scenario: what its generated tests call, and what the processor asks
 * while compiling. One race (a file and its operations, kept as the text the engine and {@link Operation} print),
 * explored once per policy and JVM.
 */
public final class RaceCheck {
    private final String scenario;
    private final Inode inode;
    private final List<Operation> ops;
    private final Map<String, Verdict> verdicts = new ConcurrentHashMap<>();

    private RaceCheck(String scenario, Inode inode, List<Operation> ops) {
        this.scenario = scenario;
        this.inode = inode;
        this.ops = List.copyOf(ops);
    }

    /**
     * @param scenario the scenario class's qualified name
     * @param inode    {@link Inode#toString()} of the race's file
     * @param ops      each {@link Operation#toString()}, lane A first
     */
    public static RaceCheck of(String scenario, String inode, String... ops) {
        try {
            List<Operation> parsed = new ArrayList<>();
            for (String op : ops) {
                parsed.add(Operation.parse(op));
            }
            return new RaceCheck(scenario, ScenarioText.inode(inode), parsed);
        } catch (InvalidInputException e) {
            throw new AssertionError(scenario + ": the generated suite does not match this oracle (" + e.getMessage()
                    + "); recompile the scenario", e);
        }
    }

    /** Every schedule under the catalog policy {@code policy}, explored on first use. */
    public Verdict verdict(String policy) {
        return verdicts.computeIfAbsent(policy, id -> Race.explore(PolicyCatalog.find(id).orElseThrow(
                () -> new AssertionError(scenario + ": no policy " + id + " in the catalog")), inode, ops));
    }

    /** Asserts that every schedule under {@code policy} is explained by a serial order. */
    public void safe(String policy, String rerun) {
        check(policy, true, "", rerun);
    }

    /** Asserts that some schedule under {@code policy} is not; {@code badRanges} (empty: any) those of its shortest. */
    public void unsafe(String policy, String badRanges, String rerun) {
        check(policy, false, badRanges, rerun);
    }

    private void check(String policy, boolean safe, String badRanges, String rerun) {
        Verdict v = verdict(policy);
        String problem = problem(v, safe, badRanges);
        if (problem != null) {
            throw new AssertionError(scenario + ": " + ops + " under " + policy + ": " + problem + "\n"
                    + v.counterexample().map(RaceCheck::drawn).orElse("") + "rerun: " + rerun);
        }
    }

    /** Null when the verdict is as expected, else what differs, one line. */
    public static String problem(Verdict v, boolean safe, String badRanges) {
        String schedules = v.schedules() + " schedules in " + v.states() + " states";
        if (safe && !v.safe()) {
            return "expected SAFE, but " + v.counterexample().map(c -> "the shortest of the unsafe schedules ("
                    + c.steps().size() + " steps) leaves bad " + c.badRangesText()).orElse("a schedule is unsafe")
                    + " (" + schedules + ")";
        }
        if (!safe && v.safe()) {
            return "expected UNSAFE, but all " + schedules + " are explained by a serial order";
        }
        if (!safe && !badRanges.isEmpty()) {
            String found = v.counterexample().map(Counterexample::badRangesText).orElse("");
            if (!found.equals(badRanges)) {
                return "expected the shortest counterexample to leave bad " + badRanges + ", it leaves bad " + found
                        + " (" + schedules + ")";
            }
        }
        return null;
    }

    /** The counterexample's timeline, its bad ranges and the file it leaves, as the failure message prints them. */
    public static String drawn(Counterexample c) {
        return c.timeline() + "bad: " + c.badRangesText() + "\nfile: " + c.contents()
                + " (a letter per 512-byte sector: A, B, C an operation's bytes, 0 zeros, o original, ? stale)\n";
    }
}
