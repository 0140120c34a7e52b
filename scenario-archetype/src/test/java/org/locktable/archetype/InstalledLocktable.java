package org.locktable.archetype;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.attribute.FileTime;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

/**
 * What a build from the installed scenario archetype needs — mvn on the PATH and the locktable artifacts in the local
 * repository this build uses, installed from this source tree — or why it cannot run here.
 */
record InstalledLocktable(String version, Path repository, String mvn, String archetypePluginVersion) {
    static final String INSTALL = "mvn install -DskipTests -pl scenario-parent,scenario-archetype -am";

    private static final List<String> JARS = List.of("locktable-dsl-annotations", "locktable-engine",
            "locktable-dsl-reader", "locktable-timing", "locktable-processor", "locktable-scenario-archetype");

    /** The requirements of this run (from surefire's system properties), or an {@link IllegalStateException} saying why not. */
    static InstalledLocktable here() throws IOException {
        String version = System.getProperty("locktable.version");
        String plugin = System.getProperty("locktable.archetypePluginVersion");
        if (version == null || plugin == null) {
            throw new IllegalStateException("locktable.version or locktable.archetypePluginVersion not set: run from "
                    + "Maven (mvn test -pl scenario-archetype)");
        }
        Path repository = localRepository();
        for (String artifact : JARS) {
            if (!Files.isRegularFile(artifact(repository, artifact, version, "jar"))) {
                throw new IllegalStateException("org.locktable:" + artifact + ":" + version + " is not installed in "
                        + repository + " (" + INSTALL + ")");
            }
        }
        Path parent = artifact(repository, "locktable-scenario-parent", version, "pom");
        if (!Files.isRegularFile(parent)) {
            throw new IllegalStateException("org.locktable:locktable-scenario-parent:" + version + " is not installed in "
                    + repository + " (" + INSTALL + ")");
        }
        String stale = staleInstall(repository, version, parent);
        if (stale != null) {
            throw new IllegalStateException("the installed artifacts are older than this source tree (" + stale + "); "
                    + INSTALL);
        }
        String mvn = onPath("mvn");
        if (mvn == null) {
            throw new IllegalStateException("no mvn on the PATH");
        }
        return new InstalledLocktable(version, repository, mvn, plugin);
    }

    private static Path artifact(Path repository, String artifact, String version, String type) {
        return repository.resolve("org/locktable/" + artifact + "/" + version + "/" + artifact + "-" + version + "." + type);
    }

    /** Why the installed parent or archetype is not this tree's, or null. */
    private static String staleInstall(Path repository, String version, Path installedParent) throws IOException {
        Path root = Paths.get("..").toAbsolutePath().normalize();
        Path parentPom = root.resolve("scenario-parent/pom.xml");
        if (!Files.isRegularFile(parentPom)) {
            return null;
        }
        if (!Arrays.equals(Files.readAllBytes(installedParent), Files.readAllBytes(parentPom))) {
            return "the installed locktable-scenario-parent differs from scenario-parent/pom.xml";
        }
        FileTime built = Files.getLastModifiedTime(artifact(repository, "locktable-scenario-archetype", version, "jar"));
        try (Stream<Path> files = Files.walk(root.resolve("scenario-archetype/src/main"))) {
            if (files.filter(Files::isRegularFile).anyMatch(f -> modifiedAfter(f, built))) {
                return "scenario-archetype has sources newer than its installed jar";
            }
        }
        return null;
    }

    private static boolean modifiedAfter(Path file, FileTime time) {
        try {
            return Files.getLastModifiedTime(file).compareTo(time) > 0;
        } catch (IOException e) {
            return true;
        }
    }

    /** The effective local repository of the build running this test (-Dmaven.repo.local included). */
    private static Path localRepository() {
        String p = System.getProperty("locktable.localRepository");
        return p == null || p.isBlank() || p.contains("${")
                ? Paths.get(System.getProperty("user.home"), ".m2", "repository")
                : Paths.get(p);
    }

    private static String onPath(String program) {
        return Stream.of(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
                .map(dir -> Paths.get(dir, program))
                .filter(Files::isExecutable)
                .map(Path::toString)
                .findFirst()
                .orElse(null);
    }
}
