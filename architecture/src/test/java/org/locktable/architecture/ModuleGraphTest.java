package org.locktable.architecture;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;

/**
 * The module graph and package structure, checked over the main classes of every module: no package cycle, no
 * import a module may not make, no package that belongs to no module. A failure names each offending class pair.
 */
class ModuleGraphTest {
    private static final JavaClasses MAIN = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("org.locktable");

    @Test
    void noPackageCycles() {
        slices().matching("org.locktable.(**)").should().beFreeOfCycles().check(MAIN);
    }

    @Test
    void everyImportFollowsTheModuleGraph() {
        TreeSet<String> violations = new TreeSet<>();
        for (JavaClass c : MAIN) {
            Optional<Module> from = Module.owning(c.getPackageName());
            if (from.isEmpty()) {
                continue; // reported by everyPackageBelongsToAModule
            }
            for (Dependency d : c.getDirectDependenciesFromSelf()) {
                JavaClass target = d.getTargetClass();
                Optional<Module> to = Module.owning(target.getPackageName());
                if (to.isPresent() && !from.get().mayImport(to.get())) {
                    violations.add(from.get().directory + " -> " + to.get().directory + ": " + c.getName() + " uses "
                            + target.getName());
                }
            }
        }
        assertEquals(List.of(), List.copyOf(violations), "imports the module graph (ARCHITECTURE.md) forbids");
    }

    /**
     * The same rule over the sources: javac inlines a constant ({@code static final} String or number), so a module that
     * uses only another's constants leaves no trace in its class files; its source names them, in an import or a
     * qualified name.
     */
    @Test
    void everySourceReferenceFollowsTheModuleGraph() throws IOException {
        Path root = Path.of("..").toAbsolutePath().normalize();
        Pattern reference = Pattern.compile("\\b(org\\.locktable(?:\\.[a-z][a-z0-9_]*)*)\\.[A-Z]");
        TreeSet<String> violations = new TreeSet<>();
        for (Module from : Module.values()) {
            Path sources = root.resolve(from.directory).resolve("src/main/java");
            List<Path> files;
            try (var walk = Files.walk(sources)) {
                files = walk.filter(p -> p.toString().endsWith(".java")).sorted().toList();
            }
            for (Path file : files) {
                Matcher m = reference.matcher(withoutComments(Files.readString(file)));
                while (m.find()) {
                    Optional<Module> to = Module.owning(m.group(1));
                    if (to.isPresent() && !from.mayImport(to.get())) {
                        violations.add(from.directory + " -> " + to.get().directory + ": "
                                + root.relativize(file) + " names " + m.group(1));
                    }
                }
            }
        }
        assertEquals(List.of(), List.copyOf(violations), "source references the module graph (ARCHITECTURE.md) forbids");
    }

    /**
     * Java source without its string literals and comments, so that a Javadoc mention of another module's class, or a
     * help text naming {@code org.locktable.cli.Main}, is no reference.
     */
    private static String withoutComments(String java) {
        return java.replaceAll("\"(?:[^\"\\\\\n]|\\\\.)*\"", "\"\"").replaceAll("(?s)/\\*.*?\\*/", " ")
                .replaceAll("(?m)//.*$", " ");
    }

    /**
     * The built-in policies are written against the public policy API only, as a user's policy is: they use nothing of
     * the engine but the policy API ({@code org.locktable.engine.policy}) and what it hands a policy (decisions and the
     * file model); no built-in member is reached for from outside except through the catalog. With the compiler, which
     * keeps a package's non-public members from another package, this is the proof that a user's policy can say
     * everything a built-in says.
     */
    @Test
    void theBuiltInPoliciesUseOnlyThePublicPolicyApi() {
        String builtin = "org.locktable.engine.policy.builtin";
        List<String> allowed = List.of("org.locktable.engine.policy", "org.locktable.engine.decision",
                "org.locktable.engine.model");
        TreeSet<String> violations = new TreeSet<>();
        for (JavaClass c : MAIN) {
            for (Dependency d : c.getDirectDependenciesFromSelf()) {
                JavaClass target = d.getTargetClass();
                String to = target.getPackageName();
                if (c.getPackageName().equals(builtin) && to.startsWith("org.locktable") && !to.equals(builtin)
                        && !allowed.contains(to)) {
                    violations.add(c.getName() + " uses " + target.getName());
                }
                if (to.equals(builtin) && !c.getPackageName().equals(builtin)
                        && !c.getPackageName().equals("org.locktable.engine.catalog")) {
                    violations.add(c.getName() + " reaches into the built-ins: " + target.getName());
                }
            }
        }
        assertEquals(List.of(), List.copyOf(violations), "the built-in policies and the public API");
    }

    /** Every command is in cli: no other module's main code touches picocli (ARCHITECTURE.md, "cli"). */
    @Test
    void onlyTheCommandLineUsesPicocli() {
        TreeSet<String> violations = new TreeSet<>();
        for (JavaClass c : MAIN) {
            if (c.getPackageName().startsWith("org.locktable.cli")) {
                continue;
            }
            for (Dependency d : c.getDirectDependenciesFromSelf()) {
                if (d.getTargetClass().getPackageName().startsWith("picocli")) {
                    violations.add(c.getName() + " uses " + d.getTargetClass().getName());
                }
            }
        }
        assertEquals(List.of(), List.copyOf(violations), "picocli outside cli");
    }

    @Test
    void everyPackageBelongsToAModule() {
        TreeSet<String> orphans = new TreeSet<>();
        for (JavaClass c : MAIN) {
            if (c.getPackageName().startsWith("org.locktable") && Module.owning(c.getPackageName()).isEmpty()) {
                orphans.add(c.getPackageName());
            }
        }
        assertEquals(List.of(), List.copyOf(orphans), "packages no module of ARCHITECTURE.md owns: add them to Module");
    }

    /** Guards the checks above against passing on an empty import: every module's main classes are there. */
    @Test
    void everyModuleOfTheReactorIsCheckedAndKnown() throws IOException {
        Path root = Path.of("..").toAbsolutePath().normalize();
        String pom = Files.readString(root.resolve("pom.xml"));
        TreeSet<String> withMainCode = new TreeSet<>();
        Matcher m = Pattern.compile("<module>([^<]+)</module>").matcher(pom);
        while (m.find()) {
            if (Files.isDirectory(root.resolve(m.group(1)).resolve("src/main/java"))) {
                withMainCode.add(m.group(1));
            }
        }
        TreeSet<String> known = new TreeSet<>();
        for (Module module : Module.values()) {
            known.add(module.directory);
            boolean imported = MAIN.stream().anyMatch(c -> Module.owning(c.getPackageName()).orElse(null) == module);
            assertTrue(imported, module.directory + ": no main class of " + module.rootPackage + " on the class path");
        }
        assertEquals(withMainCode, known, "the reactor's modules with main code (pom.xml) and the graph's (Module)");
    }

    /** ARCHITECTURE.md's table of modules says what {@link Module} says. */
    @Test
    void theDocumentedGraphIsTheCheckedOne() throws IOException {
        String doc = Files.readString(Path.of("..", "ARCHITECTURE.md").toAbsolutePath().normalize());
        Matcher row = Pattern.compile("(?m)^\\| `([a-z-]+)` \\| `(org\\.locktable[a-z.]*)` \\| ([^|]*) \\|$").matcher(doc);
        TreeSet<String> documented = new TreeSet<>();
        while (row.find()) {
            String imports = row.group(3).strip();
            documented.add(row.group(1) + " " + row.group(2) + " -> " + (imports.equals("—") ? "" : imports));
        }
        TreeSet<String> checked = new TreeSet<>();
        for (Module m : Module.values()) {
            List<String> imports = new java.util.ArrayList<>();
            for (Module other : Module.values()) {
                if (other != m && m.mayImport(other)) {
                    imports.add(other.directory);
                }
            }
            checked.add(m.directory + " " + m.rootPackage + " -> " + String.join(", ", imports));
        }
        assertEquals(checked, documented, "ARCHITECTURE.md's module table and Module (in the enum's order)");
    }
}
