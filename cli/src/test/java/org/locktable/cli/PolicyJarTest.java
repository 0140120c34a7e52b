package org.locktable.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
 * A user's policy from their own jar on the CLI's class path: the policy module of the consumer project
 * ({@code processor/src/test/resources/consumer-policy/policy}, which ConsumerProjectTest builds with Maven) compiled
 * and jarred here, then {@code locktable} run in a fresh JVM with that jar on its class path.
 */
class PolicyJarTest {
    static final String USER_ID = "ext4-eof-extending";

    @TempDir
    static Path tmp;
    private static Path jar;

    @BeforeAll
    static void buildThePolicyJar() throws IOException {
        Path module = policyModule();
        jar = jar(compile(module.resolve("java"), tmp.resolve("classes")), module.resolve("resources"), tmp.resolve("eof.jar"));
    }

    private static Path policyModule() {
        return projectRoot().resolve("processor/src/test/resources/consumer-policy/policy/src/main");
    }

    @Test
    void policiesListsTheUsersPolicyAfterTheBuiltIns() throws Exception {
        Run r = locktable(jar, "policies");
        assertEquals(0, r.code(), r.toString());
        List<String> lines = r.out().lines().toList();
        assertTrue(lines.get(lines.size() - 1).startsWith(USER_ID + " "), r.toString());
    }

    @Test
    void diffAgainstExt4BaseShowsTheWriteEndingAtEof() throws Exception {
        Run r = locktable(jar, "diff", "ext4-base", USER_ID);
        assertEquals(0, r.code(), r.toString());
        assertTrue(r.out().contains("# ext4-base → " + USER_ID + " — where the decisions differ"), r.toString());
        assertTrue(r.out().lines().anyMatch(l -> l.contains("| aligned | U, W |") && l.contains("| S OK | X force-wait OK |")
                && l.endsWith("| `U` i_size=4096 · write 0+4096 |")), r.toString());
    }

    @Test
    void decideAndTableTakeTheUsersId() throws Exception {
        Run decide = locktable(jar, "decide", "--policy", USER_ID, "--layout", "W W", "--offset", "0", "--len", "8192");
        assertEquals(0, decide.code(), decide.toString());
        assertTrue(decide.out().contains("EXCLUSIVE"), decide.toString());
        Run table = locktable(jar, "table", "--policy", USER_ID);
        assertEquals(0, table.code(), table.toString());
        assertTrue(table.out().startsWith("# " + USER_ID), table.toString());
    }

    /**
     * The user's policy submits the data the skeleton submits, and the oracle replays it with ext4's steps: two
     * sequential, disjoint writes are SAFE (they were UNSAFE, bad [4096,8192), when a user's policy could say only that
     * I/O was submitted).
     */
    @Test
    void sequentialDisjointWritesAreSafe() throws Exception {
        Run r = locktable(jar, "race", "--policy", USER_ID, "--layout", "W W", "--op", "dio 0+4096", "--op", "dio 4096+4096");
        assertEquals(0, r.code(), r.toString());
        assertTrue(r.out().startsWith(USER_ID + " [dio 0+4096, dio 4096+4096]: SAFE"), r.toString());
    }

    /** Over the safety scope it closes ext4-base's R4 classes (an unaligned write ending at EOF is now exclusive and waited). */
    @Test
    void safetyDiffAgainstExt4BaseCountsWhatTheChangeFixes() throws Exception {
        Run r = locktable(jar, "safety", "diff", "ext4-base", USER_ID);
        assertEquals(0, r.code(), r.toString());
        assertTrue(r.out().contains("0 cases newly UNSAFE, 20 newly SAFE under " + USER_ID), r.toString());
    }

    /**
     * The reviewer's command on the user's jar (given with --policy-jar, not on the class path): one report, its prose
     * and lists at most 100 columns wide outside code blocks, naming the contract, the decision rows, the safety change.
     */
    @Test
    void reviewOfTheUsersJarIsOneReportReadableAtOneHundredColumns() throws Exception {
        Run r = locktable("", "review", "--policy", USER_ID, "--policy-jar", jar.toString(), "--no-price");
        assertEquals(0, r.code(), r.toString());
        assertTrue(r.out().startsWith("# Review of " + USER_ID + " against ext4-base\n"), r.toString());
        String text = r.out().replaceAll("\\s+", " ");
        assertTrue(text.contains("It keeps the policy contract over 59,328 cases."), r.out());
        assertTrue(text.contains("- Safety: SAFE over the race oracle's small scope; against ext4-base, 0 cases newly UNSAFE"
                + " and 20 newly SAFE (section 2)."), r.out());
        assertTrue(r.out().contains("## 1. Where the decisions differ from ext4-base"), r.out());
        boolean code = false;
        for (String line : r.out().lines().toList()) {
            code ^= line.startsWith("```");
            assertTrue(code || line.length() <= 100, () -> "over 100 columns: " + line);
        }
        assertTrue(r.err().lines().anyMatch(l -> l.startsWith("review: safety of " + USER_ID + " ... ")), r.err());
    }

    /** A policy that takes the shared lock and then hands the write to mainline would self-deadlock: refused, one line. */
    @Test
    void aPolicyThatRelocksIsRefusedWithAWitness() throws Exception {
        Path src = tmp.resolve("relock/src/org/example/policy/SharedThenMainline.java");
        Files.createDirectories(src.getParent());
        Files.writeString(src, String.join("\n",
                "package org.example.policy;",
                "import org.locktable.engine.catalog.PolicyCatalog;",
                "import org.locktable.engine.policy.*;",
                "@PolicyMetadata(id = \"shared-then-mainline\", title = \"S, then ext4-base\", fileSystem = FileSystem.EXT4,",
                "        path = PolicyInfo.WritePath.DIRECT, kernel = \"none\", status = PolicyInfo.Status.PROPOSED, functions = \"none\")",
                "public final class SharedThenMainline extends Policy {",
                "    private final Policy base = PolicyCatalog.builtIn(\"ext4-base\");",
                "    @Override protected void write(DecisionBuilder b) { b.lockShared(); writeWith(base, b); }",
                "}", ""), StandardCharsets.UTF_8);
        Path classes = compile(src.getParent().getParent().getParent().getParent(), tmp.resolve("relock/classes"));
        services(classes, "org.example.policy.SharedThenMainline");
        Run r = locktable(jar(classes, classes, tmp.resolve("relock.jar")), "policies");
        assertEquals(Main.EXIT_USAGE, r.code(), r.toString());
        assertEquals(1, r.err().lines().count(), r.toString());
        assertTrue(r.err().startsWith("locktable: policy shared-then-mainline refused: takes the inode lock while holding it"
                + " (no unlock between): the kernel would deadlock; witness: "), r.toString());
    }

    @Test
    void aSecondPolicyWithTheSameIdIsOneLineNamingBothClasses() throws Exception {
        Path copy = tmp.resolve("copy");
        Path source = copy.resolve("src/org/example/policy/Ext4EofExtendingCopy.java");
        Files.createDirectories(source.getParent());
        Files.writeString(source, Files.readString(policyModule().resolve("java/org/example/policy/Ext4EofExtending.java"),
                StandardCharsets.UTF_8).replace("class Ext4EofExtending ", "class Ext4EofExtendingCopy "), StandardCharsets.UTF_8);
        Path classes = compile(copy.resolve("src"), copy.resolve("classes"));
        services(classes, "org.example.policy.Ext4EofExtendingCopy");
        Run r = locktable(jar + File.pathSeparator + jar(classes, classes, copy.resolve("copy.jar")), "policies");
        assertEquals(Main.EXIT_USAGE, r.code(), r.toString());
        assertEquals("locktable: two policies have the id \"" + USER_ID + "\": org.example.policy.Ext4EofExtending and "
                + "org.example.policy.Ext4EofExtendingCopy\n", r.err());
    }

    @Test
    void aServicesEntryForAMissingClassIsOneLine() throws Exception {
        Path missing = tmp.resolve("missing");
        services(missing, "org.example.policy.Missing");
        Run r = locktable(jar(missing, missing, tmp.resolve("missing.jar")), "decide", "--policy", "ext4-base",
                "--layout", "W", "--offset", "0", "--len", "4096");
        assertEquals(Main.EXIT_USAGE, r.code(), r.toString());
        assertTrue(r.err().startsWith("locktable: cannot load a user policy: ") && r.err().contains("org.example.policy.Missing")
                && r.err().lines().count() == 1, r.toString());
    }

    private static void services(Path root, String... providers) throws IOException {
        Path file = root.resolve("META-INF/services/org.locktable.engine.policy.Policy");
        Files.createDirectories(file.getParent());
        Files.writeString(file, String.join("\n", providers) + "\n", StandardCharsets.UTF_8);
    }

    private static Run locktable(Object extraClassPath, String... args) throws IOException, InterruptedException {
        return LocktableProcess.run(tmp, extraClassPath, args);
    }

    private static Path compile(Path sources, Path classes) throws IOException {
        List<String> args = new ArrayList<>(List.of("--release", "17", "-d", classes.toString(),
                "-classpath", System.getProperty("java.class.path")));
        try (Stream<Path> files = Files.walk(sources)) {
            files.filter(f -> f.toString().endsWith(".java")).forEach(f -> args.add(f.toString()));
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        assertEquals(0, javac.run(null, null, null, args.toArray(new String[0])), "javac " + args);
        return classes;
    }

    /** A jar of the files under {@code classes} and {@code resources}. */
    private static Path jar(Path classes, Path resources, Path jar) throws IOException {
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
            for (Path root : classes.equals(resources) ? List.of(classes) : List.of(classes, resources)) {
                try (Stream<Path> files = Files.walk(root)) {
                    for (Path f : (Iterable<Path>) files.filter(Files::isRegularFile).sorted()::iterator) {
                        out.putNextEntry(new JarEntry(root.relativize(f).toString().replace('\\', '/')));
                        out.write(Files.readAllBytes(f));
                        out.closeEntry();
                    }
                }
            }
        }
        return jar;
    }

    /** The repository root, which Surefire sets (the parent POM's locktable.projectRoot). */
    private static Path projectRoot() {
        String root = System.getProperty("locktable.projectRoot");
        assertTrue(root != null && Files.isDirectory(Paths.get(root, "processor")), "locktable.projectRoot: " + root);
        return Paths.get(root);
    }
}
