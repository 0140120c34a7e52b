package org.locktable.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.locktable.cli.LocktableProcess.Run;

/**
 * Issue 26, deliverable 4 through the front door: users' policies whose decisions the fixed condition columns do not
 * determine, from their own jar, in a fresh JVM. The policies are the engine's test sources
 * ({@code engine/src/test/java/org/example/policies}), compiled and jarred here as a user would: {@code table} and
 * {@code diff} add the library column that determines them (exit 0), or refuse with two witnesses (exit 2, never 70);
 * a condition in a second jar, a service of {@code org.locktable.engine.table.Condition}, joins the library.
 */
class TableColumnsJarTest {
    static final String IN_BLOCK = "test-in-block-extension";
    static final String FIRST_DRAFT = "test-in-block-extension-any-block";
    static final String THIRD_BLOCK = "test-third-block-exclusive";

    @TempDir
    static Path tmp;
    private static Path policies;
    private static Path condition;

    @BeforeAll
    static void buildTheJars() throws IOException {
        Path sources = projectRoot().resolve("engine/src/test/java/org/example/policies");
        Path classes = compile(tmp.resolve("policies"), sources.resolve("Ext4InBlockExtension.java"),
                sources.resolve("Ext4InBlockExtensionAnyBlock.java"), sources.resolve("Ext4ThirdBlockExclusive.java"));
        services(classes, "org.locktable.engine.policy.Policy", "org.example.policies.Ext4InBlockExtension",
                "org.example.policies.Ext4InBlockExtensionAnyBlock", "org.example.policies.Ext4ThirdBlockExclusive");
        policies = jar(classes, tmp.resolve("policies.jar"));
        Path conditionClasses = compile(tmp.resolve("condition"), sources.resolve("ThirdBlockCondition.java"));
        services(conditionClasses, "org.locktable.engine.table.Condition", "org.example.policies.ThirdBlockCondition");
        condition = jar(conditionClasses, tmp.resolve("condition.jar"));
    }

    @Test
    void theInBlockExtensionTabulatesAndDiffsAgainstExt4Base() throws Exception {
        Run table = locktable(policies, "table", "--policy", IN_BLOCK);
        assertEquals(Main.EXIT_OK, table.code(), table.toString());
        assertTrue(table.out().startsWith("# " + IN_BLOCK + " — decision table"), table.toString());
        // the quick check before the lock sends a write crossing out of the EOF block exclusive at once, an in-block one
        // shared: under NOWAIT their -EAGAIN differs in the lock held, which only "ends in EOF block" tells apart
        assertTrue(table.out().contains("| I/O | ends in EOF block | final lock |"), table.toString());
        Run diff = locktable(policies, "diff", "ext4-base", IN_BLOCK);
        assertEquals(Main.EXIT_OK, diff.code(), diff.toString());
        assertTrue(diff.out().lines().anyMatch(l -> l.contains("| X drain force-wait OK | S OK |")
                && l.endsWith("| `W` i_size=2048 · write 2048+512 |")), diff.toString());
    }

    @Test
    void theFirstDraftGetsTheColumnThatDeterminesIt() throws Exception {
        Run table = locktable(policies, "table", "--policy", FIRST_DRAFT);
        assertEquals(Main.EXIT_OK, table.code(), table.toString());
        assertTrue(table.out().contains("| I/O | one block | ends in EOF block | final lock |"), table.toString());
        assertTrue(table.out().contains("the table adds the columns *one block*, *ends in EOF block* from the condition library"),
                table.toString());
        Run diff = locktable(policies, "diff", "ext4-base", FIRST_DRAFT);
        assertEquals(Main.EXIT_OK, diff.code(), diff.toString());
        assertTrue(diff.out().contains("| I/O | one block | ends in EOF block | before | after |"), diff.toString());
        assertTrue(diff.out().lines().anyMatch(l -> l.contains("| X drain force-wait OK | S OK |")
                && l.endsWith("| `H` i_size=2048 · write 2048+512 |")), diff.toString());
    }

    @Test
    void aPolicyNoColumnDeterminesIsRefusedWithTwoWitnesses() throws Exception {
        Run table = locktable(policies, "table", "--policy", THIRD_BLOCK);
        assertEquals(Main.EXIT_USAGE, table.code(), table.toString());
        assertEquals("", table.out());
        assertEquals(1, table.err().lines().count(), table.toString());
        assertTrue(table.err().startsWith("locktable: cannot tabulate " + THIRD_BLOCK + ": no table column, the condition "
                + "library's included, tells these two cases apart"), table.toString());
        assertTrue(table.err().contains("layout=\"U\" bs=4096 lbs=512 i_size=4096; O_DIRECT write offset=0 len=4096 -> S OK")
                && table.err().contains("layout=\"H H U\" bs=4096 lbs=512 i_size=12288; O_DIRECT write offset=8192 len=4096 "
                        + "-> X OK"), table.toString());
        Run diff = locktable(policies, "diff", "ext4-base", THIRD_BLOCK);
        assertEquals(Main.EXIT_USAGE, diff.code(), diff.toString());
        assertTrue(diff.err().startsWith("locktable: cannot compare ext4-base and " + THIRD_BLOCK + ": no table column"),
                diff.toString());
    }

    @Test
    void aConditionFromTheUsersJarJoinsTheLibrary() throws Exception {
        Run table = locktable(policies + File.pathSeparator + condition, "table", "--policy", THIRD_BLOCK, "--blocks", "3");
        assertEquals(Main.EXIT_OK, table.code(), table.toString());
        assertTrue(table.out().contains("| I/O | starts in a third block | final lock |"), table.toString());
        assertFalse(table.out().contains("| one block |"), table.toString());
    }

    private static Run locktable(Object extraClassPath, String... args) throws IOException, InterruptedException {
        return LocktableProcess.run(tmp, extraClassPath, args);
    }

    private static Path compile(Path classes, Path... sources) throws IOException {
        List<String> args = new ArrayList<>(List.of("--release", "17", "-d", classes.toString(),
                "-classpath", System.getProperty("java.class.path")));
        for (Path s : sources) {
            args.add(s.toString());
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        assertEquals(0, javac.run(null, null, null, args.toArray(new String[0])), "javac " + args);
        return classes;
    }

    private static void services(Path classes, String service, String... providers) throws IOException {
        Path file = classes.resolve("META-INF/services/" + service);
        Files.createDirectories(file.getParent());
        Files.writeString(file, String.join("\n", providers) + "\n", StandardCharsets.UTF_8);
    }

    private static Path jar(Path root, Path jar) throws IOException {
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar));
                Stream<Path> files = Files.walk(root)) {
            for (Path f : (Iterable<Path>) files.filter(Files::isRegularFile).sorted()::iterator) {
                out.putNextEntry(new JarEntry(root.relativize(f).toString().replace('\\', '/')));
                out.write(Files.readAllBytes(f));
                out.closeEntry();
            }
        }
        return jar;
    }

    /** The repository root, which Surefire sets (the parent POM's locktable.projectRoot). */
    private static Path projectRoot() {
        String root = System.getProperty("locktable.projectRoot");
        assertTrue(root != null && Files.isDirectory(Paths.get(root, "engine")), "locktable.projectRoot: " + root);
        return Paths.get(root);
    }
}
