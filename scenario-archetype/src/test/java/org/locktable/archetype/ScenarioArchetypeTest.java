package org.locktable.archetype;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;

import javax.xml.parsers.DocumentBuilderFactory;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.w3c.dom.Element;

/**
 * Generates a project from the INSTALLED scenario archetype, as the README tells a user to (the archetype plugin's
 * generate goal with the local catalog), and builds it with the machine's mvn, offline, against the local repository
 * the artifacts were installed into: it passes; a wrong expectation fails it naming the scenario and the expectation;
 * without the processor it fails, never "0 tests, BUILD SUCCESS". On the default JDK and on JDK 25 when the machine
 * has it, and once with Maven 3.9. Skipped, with the reason, until the artifacts are installed
 * ({@value InstalledLocktable#INSTALL}); {@code LOCKTABLE_CONSUMER_TESTS=required} (CI) turns the skip into a failure.
 * Slow (a Maven build each, about 10 s); exclude with {@code -DexcludedGroups=consumer}. {@link CiScriptTest} runs the
 * generated project's CI script.
 */
@Tag("consumer")
class ScenarioArchetypeTest {
    private static final Path JDK25 = Paths.get("/usr/lib/jvm/temurin-25-jdk-amd64");
    /** Maven 3.9's home, target/apache-maven-VERSION (the module's pom). */
    private static final String MAVEN39_HOME = "locktable.maven39Home";
    private static final String PACKAGE = GeneratedProject.PACKAGE;
    private static final String GUARD = PACKAGE + ".ProcessorRanTest";
    /** The processor generates one suite per package, a test per expectation named by its scenario class. */
    private static final String SUITE = PACKAGE + ".Scenarios_LocktableTest";
    private static final String WRONG = "WrongExpectation";
    private static final String WRONG_SOURCE = """
            package org.example.scenarios;

            import static org.locktable.dsl.LockMode.SHARED;

            import org.locktable.dsl.ExpectLock;
            import org.locktable.dsl.ExtentLayout;
            import org.locktable.dsl.Scenario;
            import org.locktable.dsl.Write;

            @Scenario(title = "ext4 base runs an unaligned write into unwritten blocks shared (it does not)")
            @ExtentLayout(blocks = "W U U W")
            @Write(offset = 512, len = 14336)
            @ExpectLock(policy = "ext4-base", value = SHARED)
            class WrongExpectation {
            }
            """;

    @TempDir
    static Path generated;

    private static InstalledLocktable locktable;
    private static MavenRun maven;
    private static Path template;
    private static GeneratedProject.Once generatedOnce;

    @BeforeAll
    static void generateOnce() throws Exception {
        GeneratedProject.Once once = GeneratedProject.Once.generate(generated);
        locktable = once.locktable();
        maven = once.maven();
        template = once.template();
        generatedOnce = once;
    }

    @BeforeEach
    void skipWithoutRequirements() {
        generatedOnce.skipUnlessRunnable();
    }

    /** The default JDK (null), and JDK 25 where the machine has it. */
    static List<Path> jdks() {
        List<Path> jdks = new ArrayList<>();
        jdks.add(null);
        if (Files.isDirectory(JDK25)) {
            jdks.add(JDK25);
        }
        return jdks;
    }

    @ParameterizedTest(name = "JAVA_HOME={0} (null: the default)")
    @MethodSource("jdks")
    void theGeneratedProjectPassesAndRunsItsScenario(Path jdk, @TempDir Path tmp) throws Exception {
        Path project = copyOfGenerated(tmp);
        MavenRun.Result r = maven.run(project, jdk, List.of("test"));
        assertEquals(0, r.exitCode(), "mvn test of the generated project failed:\n" + r.tail());
        Path reports = project.resolve("target/surefire-reports");
        Element suite = report(reports, SUITE);
        assertTrue(Integer.parseInt(suite.getAttribute("tests")) > 0, "the generated suite ran no test");
        assertEquals("0", suite.getAttribute("failures"));
        assertEquals("0", suite.getAttribute("errors"));
        Element guard = report(reports, GUARD);
        assertEquals("1", guard.getAttribute("tests"));
        assertEquals("0", guard.getAttribute("failures"));
    }

    @ParameterizedTest(name = "JAVA_HOME={0} (null: the default)")
    @MethodSource("jdks")
    void aWrongExpectationFailsTheCompileNamingTheScenarioAndTheExpectation(Path jdk, @TempDir Path tmp)
            throws Exception {
        Path project = withWrongExpectation(copyOfGenerated(tmp));
        MavenRun.Result r = maven.run(project, jdk, List.of("test"));
        assertNotEquals(0, r.exitCode(), "the build should fail at the wrong expectation:\n" + r.tail());
        assertTrue(r.log().contains(WRONG + ".java:[13,1] [LT040] the engine decides differently for ext4-base: lock: "
                + "expected SHARED, decided EXCLUSIVE"), "the failure names the scenario and the expectation:\n" + r.tail());
        assertFalse(r.log().contains("BUILD SUCCESS"), r.tail());
    }

    /** With the compile-time check a warning, the generated test fails instead, and surefire names it. */
    @Test
    void aWrongExpectationCheckedOnlyByTheSuiteFailsTheTestNamingIt(@TempDir Path tmp) throws Exception {
        Path project = withWrongExpectation(copyOfGenerated(tmp));
        MavenRun.Result r = maven.run(project, null, List.of("-Dlocktable.mismatch=warning", "test"));
        assertNotEquals(0, r.exitCode(), "the generated test should fail:\n" + r.tail());
        Element suite = report(project.resolve("target/surefire-reports"), SUITE);
        assertEquals("1", suite.getAttribute("failures"));
        assertTrue(r.log().contains(PACKAGE + "." + WRONG + ": ext4-base does not decide as expected"), r.tail());
    }

    @ParameterizedTest(name = "JAVA_HOME={0} (null: the default)")
    @MethodSource("jdks")
    void withoutTheProcessorTheGuardFailsTheBuild(Path jdk, @TempDir Path tmp) throws Exception {
        Path project = copyOfGenerated(tmp);
        MavenRun.Result r = maven.run(project, jdk, List.of("-Dmaven.compiler.proc=none", "test"));
        assertNotEquals(0, r.exitCode(), "a build without the processor must fail:\n" + r.tail());
        Path reports = project.resolve("target/surefire-reports");
        assertFalse(Files.exists(reports.resolve("TEST-" + SUITE + ".xml")), "no suite was generated");
        assertEquals("1", report(reports, GUARD).getAttribute("failures"));
        assertTrue(r.log().contains("the locktable annotation processor did not run"), r.tail());
        assertFalse(r.log().contains("BUILD SUCCESS"), r.tail());
    }

    /** The parent's failIfNoTests: even without the guard test, a build that ran no test fails. */
    @Test
    void withoutTheProcessorAndWithoutTheGuardNoTestIsAFailure(@TempDir Path tmp) throws Exception {
        Path project = copyOfGenerated(tmp);
        Files.delete(sourceOf(project, "ProcessorRanTest"));
        MavenRun.Result r = maven.run(project, null, List.of("-Dmaven.compiler.proc=none", "test"));
        assertNotEquals(0, r.exitCode(), "a build that ran no test must fail:\n" + r.tail());
        assertTrue(r.log().contains("No tests were executed!"), r.tail());
        assertFalse(r.log().contains("BUILD SUCCESS"), r.tail());
    }

    /**
     * The same project built by Maven 3.9 (the machine's is 3.8; the module's pom unpacks 3.9's distribution into
     * target/): the parent's plugin pins and its Maven version rule hold there too, without a plugin validation
     * warning.
     */
    @Test
    void mavenThreeNineBuildsTheGeneratedProject(@TempDir Path tmp) throws Exception {
        Path home = Paths.get(System.getProperty(MAVEN39_HOME, ""));
        Path mvn = home.resolve("bin/mvn");
        GeneratedProject.skipUnlessRunnable(Files.isExecutable(mvn) ? null : "no Maven 3.9 at " + mvn + " ("
                + MAVEN39_HOME + ", unpacked by the module's pom before the tests: run from Maven)");
        Path project = copyOfGenerated(tmp);
        MavenRun.Result r = new MavenRun(locktable, mvn.toString()).run(project, null, List.of("-V", "verify"));
        assertEquals(0, r.exitCode(), "Maven 3.9's mvn verify of the generated project failed:\n" + r.tail());
        String version = home.getFileName().toString().substring("apache-maven-".length());
        assertTrue(r.log().contains("Apache Maven " + version + " "), "not Maven " + version + ":\n" + r.tail());
        assertTrue(version.startsWith("3.9."), version);
        assertFalse(r.log().contains("Plugin validation issues"), r.tail());
        Path reports = project.resolve("target/surefire-reports");
        Element suite = report(reports, SUITE);
        assertTrue(Integer.parseInt(suite.getAttribute("tests")) > 0, "the generated suite ran no test");
        assertEquals("0", suite.getAttribute("failures"));
        assertEquals("1", report(reports, GUARD).getAttribute("tests"));
    }

    private static Path withWrongExpectation(Path project) throws IOException {
        Files.writeString(sourceOf(project, WRONG), WRONG_SOURCE, StandardCharsets.UTF_8);
        return project;
    }

    private static Path sourceOf(Path project, String simpleName) {
        return GeneratedProject.sourceOf(project, simpleName);
    }

    private static Path copyOfGenerated(Path tmp) throws IOException {
        return GeneratedProject.copy(template, tmp);
    }

    private static Element report(Path reports, String testClass) throws Exception {
        Path xml = reports.resolve("TEST-" + testClass + ".xml");
        assertTrue(Files.exists(xml), "no Surefire report " + xml);
        return DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(xml.toFile()).getDocumentElement();
    }
}
