package org.locktable.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.common.truth.Truth.assertWithMessage;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import javax.xml.parsers.DocumentBuilderFactory;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * Builds src/test/resources/consumer/ — a minimal user project naming the processor on annotationProcessorPaths — and
 * consumer-policy/ — a user's two-module project adding a policy of its own (see its pom.xml) — with
 * the machine's {@code mvn}, offline, against the local repository the locktable artifacts were installed into, on
 * the default JDK and on JDK 25; the generated suite must run and pass. Also shows that on JDK 25 a project with the
 * processor only on the class path is stopped by ProcessorGuard. It builds against the INSTALLED artifacts (as a
 * user would), not this module's target/classes: install after changing the processor. Skipped, with the reason, when
 * mvn or the installed artifacts are missing ({@code mvn install -DskipTests -pl processor -am}
 * installs them); {@code LOCKTABLE_CONSUMER_TESTS=required} (set by CI, which installs them first) turns the skip into
 * a failure. Slow (a Maven build each, 5..30 s); exclude with {@code -DexcludedGroups=consumer}.
 */
@Tag("consumer")
class ConsumerProjectTest {
    static final Path JDK25 = Paths.get("/usr/lib/jvm/temurin-25-jdk-amd64");
    private static final String SCENARIO = "org.example.consumer.UnalignedWrittenEdges";
    private static final String GUARD = "org.example.consumer.ProcessorRanTest";
    private static final String POLICY_SCENARIO = "org.example.scenarios.WriteEndingAtEof";

    private static String version;
    private static Path repository;
    private static String mvn;

    /** Why the builds cannot run here, or null. */
    private static String skipReason;

    @BeforeAll
    static void requirements() throws IOException {
        if ("skip".equals(System.getenv(REQUIRED_ENV))) {
            skipReason = REQUIRED_ENV + "=skip";
            return;
        }
        version = System.getProperty("locktable.version");
        if (version == null) {
            skipReason = "locktable.version not set: run from Maven (mvn test -pl processor)";
            return;
        }
        repository = localRepository();
        for (String artifact : List.of("locktable-dsl-annotations", "locktable-engine", "locktable-dsl-reader",
                "locktable-processor")) {
            Path jar = repository.resolve("org/locktable/" + artifact + "/" + version + "/" + artifact + "-" + version + ".jar");
            if (!Files.isRegularFile(jar)) {
                skipReason = "org.locktable:" + artifact + ":" + version + " is not installed in " + repository
                        + " (mvn install -DskipTests -pl processor -am)";
                return;
            }
        }
        Path parent = repository.resolve("org/locktable/locktable-parent/" + version + "/locktable-parent-" + version + ".pom");
        if (!Files.isRegularFile(parent)) {
            skipReason = "org.locktable:locktable-parent:" + version + " is not installed in " + repository;
            return;
        }
        String stale = staleInstall(parent);
        if (stale != null) {
            skipReason = "the installed locktable artifacts are older than this source tree (" + stale
                    + "); run mvn install -DskipTests to build the consumer against them";
            return;
        }
        mvn = onPath("mvn");
        if (mvn == null) {
            skipReason = "no mvn on the PATH";
        }
    }

    /**
     * Why the installed artifacts do not match this tree, or null: the installed parent POM must equal the
     * tree's, and the installed jars must be newer than every main source file of the modules they come from.
     */
    private static String staleInstall(Path installedParent) throws IOException {
        String root = System.getProperty("locktable.projectRoot");
        if (root == null || !Files.isDirectory(Paths.get(root, "processor"))) {
            return null;
        }
        if (!java.util.Arrays.equals(Files.readAllBytes(installedParent), Files.readAllBytes(Paths.get(root, "pom.xml")))) {
            return "the installed parent POM differs from pom.xml";
        }
        for (String[] m : new String[][] {{"dsl-annotations", "locktable-dsl-annotations"}, {"engine", "locktable-engine"},
            {"timing", "locktable-timing"}, {"dsl-reader", "locktable-dsl-reader"}, {"processor", "locktable-processor"}}) {
            Path jar = repository.resolve("org/locktable/" + m[1] + "/" + version + "/" + m[1] + "-" + version + ".jar");
            if (!Files.isRegularFile(jar)) {
                return m[1] + " is not installed";
            }
            java.nio.file.attribute.FileTime built = Files.getLastModifiedTime(jar);
            try (java.util.stream.Stream<Path> files = Files.walk(Paths.get(root, m[0], "src", "main"))) {
                if (files.filter(Files::isRegularFile).anyMatch(f -> newer(f, built))) {
                    return m[1] + " has sources newer than its installed jar";
                }
            }
        }
        return null;
    }

    private static boolean newer(Path f, java.nio.file.attribute.FileTime than) {
        try {
            return Files.getLastModifiedTime(f).compareTo(than) > 0;
        } catch (IOException e) {
            return true;
        }
    }

    /**
     * Set to {@code required} (CI does) to turn a skip into a failure; to {@code skip} to skip these builds where they
     * could run (CI's second JDK pass: the first built the consumer under JDK 17 and JDK 25 already).
     */
    static final String REQUIRED_ENV = "LOCKTABLE_CONSUMER_TESTS";

    /**
     * Each test is reported as skipped, with the reason, when the builds cannot run; with
     * {@code LOCKTABLE_CONSUMER_TESTS=required} it fails instead.
     */
    @BeforeEach
    void skipWithoutRequirements() {
        if (skipReason != null && "required".equals(System.getenv(REQUIRED_ENV))) {
            org.junit.jupiter.api.Assertions.fail(REQUIRED_ENV + "=required but the consumer builds cannot run: "
                    + skipReason);
        }
        assumeTrue(skipReason == null, skipReason);
    }

    /** The repository this build uses: -Dmaven.repo.local if given, else the settings' one, else ~/.m2/repository. */
    static Path localRepository() {
        for (String p : new String[] {System.getProperty("maven.repo.local"), System.getProperty("locktable.localRepository")}) {
            if (p != null && !p.isBlank() && !p.contains("${")) {
                return Paths.get(p);
            }
        }
        return Paths.get(System.getProperty("user.home"), ".m2", "repository");
    }

    private static String onPath(String program) {
        String path = System.getenv("PATH");
        if (path == null) {
            return null;
        }
        for (String dir : path.split(File.pathSeparator)) {
            Path p = Paths.get(dir, program);
            if (Files.isExecutable(p)) {
                return p.toString();
            }
        }
        return null;
    }

    @Test
    void buildsAndRunsTheGeneratedSuiteOnTheDefaultJdk(@TempDir Path tmp) throws Exception {
        Path project = copyConsumer(tmp, null);
        Build b = build(project, null);
        assertWithMessage("mvn test on the default JDK failed:\n%s", b.log).that(b.exitCode).isEqualTo(0);
        assertGeneratedSuiteRan(project, null);
    }

    @Test
    void buildsAndRunsTheGeneratedSuiteOnJdk25(@TempDir Path tmp) throws Exception {
        assumeTrue(Files.isDirectory(JDK25), "no JDK 25 at " + JDK25);
        Path project = copyConsumer(tmp, null);
        Build b = build(project, JDK25);
        assertWithMessage("mvn test with JAVA_HOME=%s failed:\n%s", JDK25, b.log).that(b.exitCode).isEqualTo(0);
        assertGeneratedSuiteRan(project, "25");
    }

    @Test
    void onJdk25AProcessorOnlyOnTheClassPathIsCaughtByTheGuard(@TempDir Path tmp) throws Exception {
        assumeTrue(Files.isDirectory(JDK25), "no JDK 25 at " + JDK25);
        Path project = copyConsumer(tmp, "consumer-classpath-only/pom.xml");
        Build b = build(project, JDK25);
        assertWithMessage("the build should fail: javac 25 runs no processor found only on the class path\n%s", b.log)
                .that(b.exitCode).isNotEqualTo(0);
        Path reports = project.resolve("target/surefire-reports");
        assertThat(Files.exists(reports.resolve("TEST-" + SuiteRunner.suiteOf(SCENARIO) + ".xml"))).isFalse();
        Element suite = report(reports, GUARD);
        assertThat(suite.getAttribute("failures")).isEqualTo("1");
        String failure = ((Element) suite.getElementsByTagName("failure").item(0)).getAttribute("message");
        assertThat(failure).contains("the locktable annotation processor did not run");
        assertThat(failure).contains("<annotationProcessorPaths>");
    }

    /**
     * resources/consumer-policy/: a policy module (META-INF/services) and a scenario module naming its id, with the
     * policy on annotationProcessorPaths and the test class path. The processor checks the expectation at compile
     * time (mismatches are errors there) and the generated suite runs it.
     */
    @Test
    void aUsersPolicyIsCheckedAtCompileTimeAndRunInTheGeneratedSuite(@TempDir Path tmp) throws Exception {
        Path project = copyProject(tmp, "consumer-policy");
        Build b = build(project, null);
        assertWithMessage("mvn test of the two-module policy project failed:\n%s", b.log).that(b.exitCode).isEqualTo(0);
        Element suite = report(project.resolve("scenarios/target/surefire-reports"), SuiteRunner.suiteOf(POLICY_SCENARIO));
        assertPassed(suite);
    }

    /**
     * examples/in-block-extension/, the worked example of a lock patch under review (README, locktable review): its
     * user policy, built on Ext4DioWriteIter with three hooks overridden, compiles against the installed engine, and
     * its scenario holds at compile time and in the generated suite.
     */
    @Test
    void theWorkedReviewExampleBuildsAndItsScenarioHolds(@TempDir Path tmp) throws Exception {
        Path project = copyTree(Path.of("..", "examples", "in-block-extension").toAbsolutePath().normalize(),
                tmp.resolve("in-block-extension"));
        Build b = build(project, null);
        assertWithMessage("mvn test of examples/in-block-extension failed:\n%s", b.log).that(b.exitCode).isEqualTo(0);
        // two expectations and the recorded decisions: three tests
        assertPassed(report(project.resolve("scenarios/target/surefire-reports"),
                SuiteRunner.suiteOf("org.example.inblock.InBlockExtension")), 3);
    }

    @Test
    void aWrongExpectationForAUsersPolicyIsACompileError(@TempDir Path tmp) throws Exception {
        Path project = copyProject(tmp, "consumer-policy");
        Path scenario = project.resolve("scenarios/src/test/java/" + POLICY_SCENARIO.replace('.', '/') + ".java");
        String source = Files.readString(scenario, StandardCharsets.UTF_8);
        Files.writeString(scenario, source.replace("value = EXCLUSIVE, forceWait = true", "value = SHARED"),
                StandardCharsets.UTF_8);
        Build b = build(project, null);
        assertWithMessage("the build should fail at the expectation").that(b.exitCode).isNotEqualTo(0);
        assertThat(b.log).contains("[LT040] the engine decides differently for ext4-eof-extending: lock: expected SHARED, "
                + "decided EXCLUSIVE");
    }

    private static void assertGeneratedSuiteRan(Path project, String javaMajor) throws Exception {
        Path reports = project.resolve("target/surefire-reports");
        Element suite = report(reports, SuiteRunner.suiteOf(SCENARIO));
        assertPassed(suite);
        Element guard = report(reports, GUARD);
        assertThat(guard.getAttribute("tests")).isEqualTo("1");
        assertThat(guard.getAttribute("failures")).isEqualTo("0");
        if (javaMajor != null) {
            assertThat(property(suite, "java.specification.version")).isEqualTo(javaMajor);
        }
        assertThat(Files.exists(project.resolve("target/generated-test-sources/test-annotations/org/example/consumer/"
                + SuiteWriter.PACKAGE_SUITE + ".java"))).isTrue();
        assertThat(Files.exists(project.resolve("target/test-classes/locktable/scenarios.pages"))).isTrue();
    }

    /** A generated suite of two expectations and one relation: four tests (with the recorded decisions), all passed. */
    private static void assertPassed(Element suite) {
        assertPassed(suite, 4);
    }

    private static void assertPassed(Element suite, int tests) {
        assertThat(Integer.parseInt(suite.getAttribute("tests"))).isEqualTo(tests);
        assertThat(suite.getAttribute("failures")).isEqualTo("0");
        assertThat(suite.getAttribute("errors")).isEqualTo("0");
        assertThat(suite.getAttribute("skipped")).isEqualTo("0");
    }

    private static Element report(Path reports, String testClass) throws Exception {
        Path xml = reports.resolve("TEST-" + testClass + ".xml");
        assertWithMessage("Surefire report %s", xml).that(Files.exists(xml)).isTrue();
        return DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(xml.toFile()).getDocumentElement();
    }

    private static String property(Element suite, String name) {
        NodeList props = suite.getElementsByTagName("property");
        for (int i = 0; i < props.getLength(); i++) {
            Element p = (Element) props.item(i);
            if (p.getAttribute("name").equals(name)) {
                return p.getAttribute("value");
            }
        }
        return null;
    }

    /** A fresh copy of resources/consumer/, with another pom from the resources when {@code pom} is given. */
    private static Path copyConsumer(Path tmp, String pom) throws IOException, URISyntaxException {
        Path to = copyProject(tmp, "consumer");
        if (pom != null) {
            Files.copy(resource(pom), to.resolve("pom.xml"), StandardCopyOption.REPLACE_EXISTING);
        }
        return to;
    }

    /** A fresh copy of the project in resources/{@code name}/. */
    private static Path copyProject(Path tmp, String name) throws IOException, URISyntaxException {
        return copyTree(resource(name + "/pom.xml").getParent(), tmp.resolve(name));
    }

    /** The project under {@code from}, without what a build left in it ({@code target/}). */
    private static Path copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path p : files.filter(f -> !from.relativize(f).toString().matches("(.*/)?target(/.*)?")).toList()) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
        return to;
    }

    private static Path resource(String name) throws URISyntaxException {
        URL url = ConsumerProjectTest.class.getClassLoader().getResource(name);
        assertWithMessage("test resource %s", name).that(url).isNotNull();
        return Paths.get(url.toURI());
    }

    record Build(int exitCode, String log) {
    }

    /** {@code mvn -o -q -B test} in {@code project}, on {@code javaHome} (null: the inherited environment). */
    private static Build build(Path project, Path javaHome) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(mvn, "-o", "-q", "-B", "-Dlocktable.version=" + version,
                "-Dmaven.repo.local=" + repository, "test"));
        ProcessBuilder pb = new ProcessBuilder(command).directory(project.toFile()).redirectErrorStream(true);
        Path log = project.resolve("build.log");
        pb.redirectOutput(log.toFile());
        if (javaHome != null) {
            pb.environment().put("JAVA_HOME", javaHome.toString());
        }
        Process p = pb.start();
        if (!p.waitFor(10, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new AssertionError("mvn did not finish in 10 minutes: " + command + "\n" + tail(log));
        }
        return new Build(p.exitValue(), "$ " + String.join(" ", command) + (javaHome == null ? "" : "  (JAVA_HOME=" + javaHome
                + ")") + "\n" + tail(log));
    }

    private static String tail(Path log) throws IOException {
        List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 80), lines.size()));
    }
}
