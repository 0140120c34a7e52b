package org.locktable.archetype;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * scenario-parent/pom.xml is standalone (a user's project must not inherit locktable-parent's build), so it states
 * its versions itself: they must be locktable-parent's.
 */
class ScenarioParentPinsTest {
    private static Pom locktableParent;
    private static Pom scenarioParent;

    @BeforeAll
    static void readPoms() throws Exception {
        Path root = Path.of("..").toAbsolutePath().normalize();
        locktableParent = Pom.read(root.resolve("pom.xml"));
        scenarioParent = Pom.read(root.resolve("scenario-parent/pom.xml"));
    }

    @Test
    void itIsReleasedWithLocktableAndDependsOnThatVersion() throws Exception {
        assertEquals(locktableParent.version(), scenarioParent.version());
        assertEquals(locktableParent.version(), scenarioParent.property("locktable.version"));
        for (String artifact : new String[] {"locktable-dsl-annotations", "locktable-engine", "locktable-timing",
            "locktable-processor"}) {
            assertEquals(locktableParent.version(), scenarioParent.managedDependencyVersion("org.locktable", artifact),
                    artifact);
        }
    }

    @Test
    void itPinsThePluginsAtLocktableParentsVersions() throws Exception {
        Map<String, String> ours = locktableParent.managedPluginVersions();
        Map<String, String> theirs = scenarioParent.managedPluginVersions();
        assertFalse(theirs.isEmpty(), "scenario-parent pins no plugin");
        theirs.forEach((plugin, version) -> assertEquals(ours.get(plugin), version, plugin));
    }

    @Test
    void itPinsJunitAtLocktableParentsVersion() throws Exception {
        assertEquals(locktableParent.managedDependencyVersion("org.junit", "junit-bom"),
                scenarioParent.managedDependencyVersion("org.junit", "junit-bom"));
    }

    @Test
    void itCompilesForTheSameJavaRelease() throws Exception {
        assertEquals(locktableParent.property("maven.compiler.release"), scenarioParent.property("maven.compiler.release"));
    }
}
