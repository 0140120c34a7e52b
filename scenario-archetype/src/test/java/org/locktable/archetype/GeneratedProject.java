package org.locktable.archetype;

import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.stream.Stream;

/**
 * A project generated from the INSTALLED scenario archetype as the README tells a user to (the archetype plugin's
 * generate goal with the local catalog), copies of it for the builds that change it, and the rule the consumer tests
 * skip by.
 */
final class GeneratedProject {
    static final String PACKAGE = "org.example.scenarios";
    /**
     * Set to {@code required} (CI does) to turn a skip into a failure; to {@code skip} to skip these builds where they
     * could run (CI's second JDK pass: the first built the generated project under JDK 17 and JDK 25 already).
     */
    static final String REQUIRED_ENV = "LOCKTABLE_CONSUMER_TESTS";

    private GeneratedProject() {
    }

    /** {@code my-scenarios} of package {@value #PACKAGE}, generated in {@code directory}; its directory. */
    static Path generate(MavenRun maven, InstalledLocktable locktable, Path directory) throws Exception {
        MavenRun.Result r = maven.run(directory, null, List.of(
                "org.apache.maven.plugins:maven-archetype-plugin:" + locktable.archetypePluginVersion() + ":generate",
                "-DarchetypeCatalog=local", "-DarchetypeGroupId=org.locktable",
                "-DarchetypeArtifactId=locktable-scenario-archetype", "-DarchetypeVersion=" + locktable.version(),
                "-DgroupId=org.example", "-DartifactId=my-scenarios", "-Dversion=1.0-SNAPSHOT", "-Dpackage=" + PACKAGE,
                "-DinteractiveMode=false"));
        Path project = directory.resolve("my-scenarios");
        if (r.exitCode() != 0 || !Files.isRegularFile(project.resolve("pom.xml"))) {
            fail("archetype:generate failed:\n" + r.tail());
        }
        return project;
    }

    /** A copy of {@code project} in {@code tmp}, file modes included (the CI script's). */
    static Path copy(Path project, Path tmp) throws IOException {
        Path to = tmp.resolve(project.getFileName().toString());
        try (Stream<Path> files = Files.walk(project)) {
            for (Path p : files.toList()) {
                Path target = to.resolve(project.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.COPY_ATTRIBUTES);
                }
            }
        }
        return to;
    }

    static Path sourceOf(Path project, String simpleName) {
        return project.resolve("src/test/java/" + PACKAGE.replace('.', '/') + "/" + simpleName + ".java");
    }

    /**
     * The project a test class generates once, in its {@code @BeforeAll}, with the Maven that built it; or, on a machine
     * without the installed artifacts, why not ({@link #skipUnlessRunnable()} in each test's {@code @BeforeEach}).
     */
    record Once(InstalledLocktable locktable, MavenRun maven, Path template, String skipReason) {
        static Once generate(Path directory) throws Exception {
            if ("skip".equals(System.getenv(REQUIRED_ENV))) {
                return new Once(null, null, null, REQUIRED_ENV + "=skip");
            }
            InstalledLocktable locktable;
            try {
                locktable = InstalledLocktable.here();
            } catch (IllegalStateException e) {
                return new Once(null, null, null, e.getMessage());
            }
            MavenRun maven = new MavenRun(locktable);
            return new Once(locktable, maven, GeneratedProject.generate(maven, locktable, directory), null);
        }

        void skipUnlessRunnable() {
            GeneratedProject.skipUnlessRunnable(skipReason);
        }
    }

    /** Skips, with {@code reason}, unless it is null; fails instead under {@value #REQUIRED_ENV}=required. */
    static void skipUnlessRunnable(String reason) {
        if (reason != null && "required".equals(System.getenv(REQUIRED_ENV))) {
            fail(REQUIRED_ENV + "=required but the archetype builds cannot run: " + reason);
        }
        assumeTrue(reason == null, reason);
    }
}
