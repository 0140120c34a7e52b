package org.locktable.archetype;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * The generated project's CI template: {@code ci/locktable-ci.sh}, which the GitHub and GitLab CI files run (the hosted
 * CI cannot run here, the script can). On a project generated from the INSTALLED archetype, with the machine's mvn,
 * offline: the script passes as generated (the archetype ships the rendering of its scenario), fails naming every
 * drifted page when a scenario or a committed page changes, and {@code --update} rewrites the committed pages. The
 * same skip rules as {@link ScenarioArchetypeTest}; three builds of the project, about 30 s.
 */
@Tag("consumer")
class CiScriptTest {
    private static final String SCRIPT = "ci/locktable-ci.sh";
    private static final String RUN_SCRIPT = "bash " + SCRIPT;
    /** Where the script leaves the rendering, and the CI files take their artifact from. */
    private static final String RENDERED = "target/locktable-pages";
    private static final String COMMITTED = "docs/locktable";
    /** The processor's page bundle, which the generated README names. */
    private static final String BUNDLE = "target/test-classes/locktable/scenarios.pages";
    private static final String PAGE = COMMITTED + "/" + GeneratedProject.PACKAGE.replace('.', '/')
            + "/UnalignedWrittenEdges.md";
    private static final String INDEX = COMMITTED + "/index.md";

    @TempDir
    static Path generated;

    private static MavenRun maven;
    private static Path template;
    private static GeneratedProject.Once generatedOnce;

    @BeforeAll
    static void generateOnce() throws Exception {
        GeneratedProject.Once once = GeneratedProject.Once.generate(generated);
        maven = once.maven();
        template = once.template();
        generatedOnce = once;
    }

    @BeforeEach
    void skipWithoutRequirements() {
        generatedOnce.skipUnlessRunnable();
    }

    @Test
    void theGitHubWorkflowRunsTheScriptAndUploadsTheRendering() throws Exception {
        Map<?, ?> workflow = yaml(template.resolve(".github/workflows/locktable.yml"));
        // YAML 1.1 reads the key "on" as true; GitHub reads it as "on".
        assertTrue(workflow.containsKey("on") || workflow.containsKey(Boolean.TRUE), "no trigger: " + workflow);
        Map<?, ?> jobs = assertInstanceOf(Map.class, workflow.get("jobs"));
        assertEquals(1, jobs.size(), jobs.toString());
        Map<?, ?> job = assertInstanceOf(Map.class, jobs.values().iterator().next());
        List<Map<?, ?>> steps = assertInstanceOf(List.class, job.get("steps"), job.toString()).stream()
                .map(step -> (Map<?, ?>) assertInstanceOf(Map.class, step)).toList();
        List<Map<?, ?>> runs = steps.stream().filter(step -> step.containsKey("run")).toList();
        assertEquals(List.of(RUN_SCRIPT), runs.stream().map(step -> step.get("run")).toList(),
                "the one command is the script");
        Map<?, ?> upload = steps.stream()
                .filter(step -> String.valueOf(step.get("uses")).startsWith("actions/upload-artifact@"))
                .findFirst().orElseThrow(() -> new AssertionError("no upload-artifact step: " + steps));
        assertTrue(steps.indexOf(upload) > steps.indexOf(runs.get(0)), "the upload follows the script");
        assertEquals("always()", upload.get("if"), "the rendering is kept when the script fails too");
        Map<?, ?> with = assertInstanceOf(Map.class, upload.get("with"));
        assertEquals(RENDERED + "/", with.get("path"));
    }

    @Test
    void theGitLabJobRunsTheScriptAndKeepsTheRendering() throws Exception {
        Map<?, ?> ci = yaml(template.resolve(".gitlab-ci.yml"));
        Map<?, ?> job = assertInstanceOf(Map.class, ci.get("locktable"), ci.toString());
        assertEquals(List.of(RUN_SCRIPT), job.get("script"));
        Map<?, ?> artifacts = assertInstanceOf(Map.class, job.get("artifacts"));
        assertEquals("always", artifacts.get("when"), "the rendering is kept when the script fails too");
        assertEquals(List.of(RENDERED + "/"), artifacts.get("paths"));
    }

    /** What the CI files take for granted of the script, and what git needs to keep the pages byte for byte. */
    @Test
    void theScriptIsGeneratedExecutableAndRendersWhereTheCiFilesLook() throws Exception {
        Path script = template.resolve(SCRIPT);
        assertTrue(Files.isExecutable(script), script + " is not executable");
        String text = Files.readString(script, StandardCharsets.UTF_8);
        assertTrue(text.startsWith("#!/usr/bin/env bash\n"), "not a bash script");
        assertTrue(text.contains("readonly RENDERED=" + RENDERED + "\n"), "the script renders elsewhere");
        assertTrue(text.contains("readonly COMMITTED=" + COMMITTED + "\n"), "the script compares elsewhere");
        assertTrue(Files.readString(template.resolve(".gitignore")).lines().anyMatch("target/"::equals));
        assertTrue(Files.readString(template.resolve(".gitattributes")).contains(COMMITTED + "/** -text"));
        String readme = Files.readString(template.resolve("README.md"), StandardCharsets.UTF_8);
        for (String named : List.of(SCRIPT, SCRIPT + " --update", ".github/workflows/locktable.yml", ".gitlab-ci.yml",
                BUNDLE, RENDERED + "/", COMMITTED + "/")) {
            assertTrue(readme.contains(named), "the README does not name " + named);
        }
    }

    @Test
    void theScriptPassesAsGeneratedFailsNamingEachDriftedPageAndUpdatesThem(@TempDir Path tmp) throws Exception {
        Path project = GeneratedProject.copy(template, tmp);
        Map<String, String> shipped = tree(project.resolve(COMMITTED));
        assertEquals(List.of(INDEX, PAGE).stream().map(p -> p.substring(COMMITTED.length() + 1)).sorted().toList(),
                List.copyOf(shipped.keySet()), "the archetype's rendering");

        MavenRun.Result passes = maven.ciScript(project, List.of());
        assertEquals(0, passes.exitCode(), "the script fails on the project as generated: the archetype's "
                + COMMITTED + " is not what this locktable renders (archetype-metadata.xml says how to renew it):\n"
                + passes.tail());
        assertTrue(passes.log().contains("the 2 files of " + COMMITTED + "/ are this build's rendering"),
                passes.tail());
        assertTrue(Files.isRegularFile(project.resolve(BUNDLE)), "no " + BUNDLE + ", which the README names");
        assertEquals(shipped, tree(project.resolve(RENDERED)));

        // A scenario's page changes with the scenario; a page edited by hand; a page of no scenario.
        Path scenario = GeneratedProject.sourceOf(project, "UnalignedWrittenEdges");
        String source = Files.readString(scenario, StandardCharsets.UTF_8);
        String why = "why = \"the case patch 2 relaxes\"";
        assertTrue(source.contains(why), source);
        Files.writeString(scenario, source.replace(why, "why = \"the case patch 2 relaxes, and 1 does not\""),
                StandardCharsets.UTF_8);
        Files.writeString(project.resolve(INDEX), shipped.get("index.md") + "edited by hand\n", StandardCharsets.UTF_8);
        Files.writeString(project.resolve(COMMITTED + "/Stale.md"), "# gone\n", StandardCharsets.UTF_8);

        MavenRun.Result drifted = maven.ciScript(project, List.of());
        assertNotEquals(0, drifted.exitCode(), "the script passes with drifted pages:\n" + drifted.tail());
        for (String line : List.of(PAGE + " (differs from the rendering)", INDEX + " (differs from the rendering)",
                COMMITTED + "/Stale.md (committed, no longer rendered)", "3 files drifted",
                "run ci/locktable-ci.sh --update", "+the case patch 2 relaxes, and 1 does not", "-edited by hand")) {
            assertTrue(drifted.log().contains(line), "the failure does not say \"" + line + "\":\n" + drifted.tail());
        }
        assertTrue(Files.exists(project.resolve(COMMITTED + "/Stale.md")), "without --update nothing is rewritten");

        MavenRun.Result updated = maven.ciScript(project, List.of("--update"));
        assertEquals(0, updated.exitCode(), "--update failed:\n" + updated.tail());
        assertTrue(updated.log().contains("rewrote " + COMMITTED + "/ to this build's rendering"), updated.tail());
        Map<String, String> committed = tree(project.resolve(COMMITTED));
        assertEquals(tree(project.resolve(RENDERED)), committed);
        assertEquals(shipped.keySet(), committed.keySet(), "Stale.md is gone, the others stay");
        assertEquals(shipped.get("index.md"), committed.get("index.md"));
        assertTrue(committed.get(PAGE.substring(COMMITTED.length() + 1)).contains("patch 2 relaxes, and 1 does not"),
                "the scenario's page is the new one");
    }

    private static Map<?, ?> yaml(Path file) throws IOException {
        Object document = new Yaml(new SafeConstructor(new LoaderOptions()))
                .load(Files.readString(file, StandardCharsets.UTF_8));
        return assertInstanceOf(Map.class, document, file + " is not a YAML mapping");
    }

    /** Every file under {@code dir}, by its path relative to it, as UTF-8 text. */
    private static Map<String, String> tree(Path dir) throws IOException {
        Map<String, String> files = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path f : walk.filter(Files::isRegularFile).toList()) {
                files.put(dir.relativize(f).toString(), Files.readString(f, StandardCharsets.UTF_8));
            }
        }
        return files;
    }
}
