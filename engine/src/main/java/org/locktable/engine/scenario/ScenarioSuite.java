package org.locktable.engine.scenario;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

import org.locktable.engine.model.Inode;
import org.locktable.engine.model.InvalidInputException;
import org.locktable.engine.model.WriteRequest;

/**
 * What a generated suite holds for one scenario class: its name, its inode and its write, kept as the text the
 * engine prints for them, and the {@link ScenarioCheck}s its tests call. A generated test is one line, such as
 * {@code SUITE.expect("expect_ext4_base", "ext4-base", "EXCLUSIVE, drain")}: cheap for javac to compile, and
 * every failure reads as a full {@link DecisionReport} with the command that reruns the test.
 */
public final class ScenarioSuite {
    private final String scenario;
    private final String suite;
    private final Inode inode;
    private final WriteRequest write;

    private ScenarioSuite(String scenario, String suite, Inode inode, WriteRequest write) {
        this.scenario = scenario;
        this.suite = suite;
        this.inode = inode;
        this.write = write;
    }

    /**
     * @param scenario the scenario class's qualified name
     * @param suite    the generated suite's simple name, for the rerun command
     * @param inode    {@link Inode#toString()} of the scenario's inode
     * @param write    {@link WriteRequest#toString()} of its write
     */
    public static ScenarioSuite of(String scenario, String suite, String inode, String write) {
        try {
            return new ScenarioSuite(scenario, suite, ScenarioText.inode(inode), ScenarioText.write(write));
        } catch (InvalidInputException e) {
            throw new AssertionError(scenario + ": the generated suite " + suite + " does not match this engine ("
                    + e.getMessage() + "); recompile the scenario", e);
        }
    }

    public Inode inode() {
        return inode;
    }

    public WriteRequest write() {
        return write;
    }

    /** The policy decides as {@code expected}, an {@link Expectation#describe()} text. */
    public void expect(String method, String policy, String expected) {
        Expectation e;
        try {
            e = ScenarioText.expectation(policy, expected);
        } catch (InvalidInputException x) {
            throw new AssertionError(scenario + ": " + x.getMessage() + "; recompile the scenario", x);
        }
        ScenarioCheck.expect(scenario, inode, write, e, rerun(method));
    }

    public void noStricter(String method, String policy, String than) {
        ScenarioCheck.noStricter(scenario, inode, write, policy, than, rerun(method));
    }

    public void same(String method, String... policies) {
        ScenarioCheck.same(scenario, inode, write, Arrays.asList(policies), rerun(method));
    }

    /** Each argument is {@code policy=summary}, as {@link ScenarioCheck#decideAll} gave when the suite was generated. */
    public void recorded(String method, String... outcomes) {
        Map<String, String> recorded = new LinkedHashMap<>();
        for (String o : outcomes) {
            int eq = o.indexOf('=');
            recorded.put(o.substring(0, eq), o.substring(eq + 1));
        }
        ScenarioCheck.recorded(scenario, inode, write, recorded, rerun(method));
    }

    private String rerun(String method) {
        return "mvn test -Dtest=" + suite + "#" + method;
    }
}
