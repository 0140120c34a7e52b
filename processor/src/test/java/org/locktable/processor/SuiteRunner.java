package org.locktable.processor;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.util.LinkedHashMap;
import java.util.Map;

import javax.tools.JavaFileObject;

import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.engine.support.descriptor.MethodSource;

import com.google.testing.compile.Compilation;

/** Loads the class files of a compilation from memory and runs a generated suite with the JUnit Platform Launcher. */
final class SuiteRunner {
    private SuiteRunner() {
    }

    /** A class loader over the compilation's class files; everything else (engine, JUnit) from the test's loader. */
    static ClassLoader loader(Compilation c) {
        Map<String, byte[]> classes = new LinkedHashMap<>();
        for (JavaFileObject f : c.generatedFiles()) {
            String path = Compile.path(f);
            if (f.getKind() == JavaFileObject.Kind.CLASS && path.startsWith("CLASS_OUTPUT/")) {
                String name = path.substring("CLASS_OUTPUT/".length(), path.length() - ".class".length()).replace('/', '.');
                classes.put(name, Compile.bytes(f));
            }
        }
        return new ClassLoader(SuiteRunner.class.getClassLoader()) {
            @Override
            protected Class<?> findClass(String name) throws ClassNotFoundException {
                byte[] b = classes.get(name);
                if (b == null) {
                    throw new ClassNotFoundException(name);
                }
                return defineClass(name, b, 0, b.length);
            }
        };
    }

    /** Each test method's result, by method name, in execution order. */
    static Map<String, TestExecutionResult> run(Class<?> suite) {
        Map<String, TestExecutionResult> results = new LinkedHashMap<>();
        LauncherDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request().selectors(selectClass(suite)).build();
        Launcher launcher = LauncherFactory.create();
        launcher.execute(request, new TestExecutionListener() {
            @Override
            public void executionFinished(TestIdentifier id, TestExecutionResult result) {
                if (id.isTest()) {
                    String name = id.getSource().filter(MethodSource.class::isInstance)
                            .map(s -> ((MethodSource) s).getMethodName()).orElse(id.getDisplayName());
                    results.put(name, result);
                } else if (result.getStatus() != TestExecutionResult.Status.SUCCESSFUL) {
                    results.put("container " + id.getDisplayName(), result);
                }
            }
        });
        return results;
    }

    static Map<String, TestExecutionResult> run(Compilation c, String suiteName) throws ClassNotFoundException {
        return run(Class.forName(suiteName, true, loader(c)));
    }

    /**
     * The results of one scenario's tests in its package's suite, by method name without the scenario's prefix
     * ({@code expect_ext4_base} for {@code Wrong_expect_ext4_base}); a failed container is kept.
     */
    static Map<String, TestExecutionResult> runScenario(Compilation c, String scenario) throws ClassNotFoundException {
        int dot = scenario.lastIndexOf('.');
        String prefix = scenario.substring(dot + 1) + "_";
        Map<String, TestExecutionResult> out = new LinkedHashMap<>();
        run(c, suiteOf(scenario)).forEach((name, result) -> {
            if (name.startsWith(prefix)) {
                out.put(name.substring(prefix.length()), result);
            } else if (name.startsWith("container ")) {
                out.put(name, result);
            }
        });
        return out;
    }

    /** The generated suite holding a scenario's tests: its package's {@code Scenarios_LocktableTest}. */
    static String suiteOf(String scenario) {
        int dot = scenario.lastIndexOf('.');
        return (dot < 0 ? "" : scenario.substring(0, dot + 1)) + SuiteWriter.PACKAGE_SUITE;
    }
}
