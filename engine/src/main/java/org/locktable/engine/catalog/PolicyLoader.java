package org.locktable.engine.catalog;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.Set;

import org.locktable.engine.policy.Policy;
import org.locktable.engine.policy.PolicyCatalogException;

/**
 * Finds users' policies with {@link ServiceLoader}: classes extending {@link Policy}, with a public no-argument
 * constructor, listed in {@code META-INF/services/org.locktable.engine.policy.Policy} of a jar on the class path
 * (or on javac's annotation processor path, for the processor's compile-time checks).
 */
final class PolicyLoader {
    /** True while this thread builds a catalog: a provider's constructor asking for one would recurse forever. */
    private static final ThreadLocal<Boolean> LOADING = ThreadLocal.withInitial(() -> false);

    private PolicyLoader() {
    }

    /**
     * The built-ins in their order, then the policies the class loaders provide, sorted by id. Throws
     * {@link PolicyCatalogException} for a provider that cannot be loaded and for two policies with one id.
     */
    static List<Policy> catalog(List<Policy> builtIns, List<ClassLoader> loaders) {
        if (LOADING.get()) {
            throw new PolicyCatalogException("a policy's constructor asked for the catalog while it is being built; "
                    + "compose a built-in policy with PolicyCatalog.builtIn(id)");
        }
        LOADING.set(true);
        try {
            return load(builtIns, loaders);
        } finally {
            LOADING.remove();
        }
    }

    private static List<Policy> load(List<Policy> builtIns, List<ClassLoader> loaders) {
        Map<String, Policy> byId = new LinkedHashMap<>();
        for (Policy p : builtIns) {
            add(byId, p);
        }
        List<Policy> users = new ArrayList<>();
        for (Policy p : providers(loaders)) {
            add(byId, p);
            users.add(p);
        }
        users.sort(Comparator.comparing(Policy::id));
        refuseBreaches(users);
        List<Policy> all = new ArrayList<>(builtIns);
        all.addAll(users);
        return List.copyOf(all);
    }

    /**
     * A user's policy whose model breaks the {@link PolicyContract} (no data submitted, a relock, I/O without the lock,
     * i_size grown without the exclusive lock, nondeterminism) would give wrong answers without a word: refused, one
     * line per broken rule with its smallest witness. The built-ins are held to the same contract by their tests.
     */
    private static void refuseBreaches(List<Policy> users) {
        List<String> lines = new ArrayList<>();
        for (Policy p : users) {
            for (PolicyContract.Breach b : PolicyContract.check(p).breaches()) {
                lines.add(b.line());
            }
        }
        if (!lines.isEmpty()) {
            throw new PolicyCatalogException(String.join("\n", lines));
        }
    }

    /** The thread's context class loader and the engine's own, without repeats or nulls. */
    static List<ClassLoader> defaultLoaders() {
        Set<ClassLoader> loaders = new LinkedHashSet<>();
        ClassLoader context = Thread.currentThread().getContextClassLoader();
        if (context != null) {
            loaders.add(context);
        }
        loaders.add(Policy.class.getClassLoader());
        return List.copyOf(loaders);
    }

    private static void add(Map<String, Policy> byId, Policy p) {
        Policy other = byId.putIfAbsent(p.id(), p);
        if (other != null) {
            throw new PolicyCatalogException("two policies have the id \"" + p.id() + "\": " + other.getClass().getName()
                    + " and " + p.getClass().getName());
        }
    }

    /** Each provider class once, however many of the loaders see it. */
    private static List<Policy> providers(List<ClassLoader> loaders) {
        Map<Class<?>, Policy> found = new LinkedHashMap<>();
        for (ClassLoader loader : loaders) {
            if (!seesThisEngine(loader)) {
                continue; // its providers would extend another copy of Policy
            }
            Iterator<ServiceLoader.Provider<Policy>> it = ServiceLoader.load(Policy.class, loader).stream().iterator();
            while (true) {
                ServiceLoader.Provider<Policy> provider;
                try {
                    if (!it.hasNext()) {
                        break;
                    }
                    provider = it.next();
                    if (!found.containsKey(provider.type())) {
                        found.put(provider.type(), provider.get());
                    }
                } catch (ServiceConfigurationError e) {
                    throw new PolicyCatalogException("cannot load a user policy: " + message(e));
                }
            }
        }
        return new ArrayList<>(found.values());
    }

    private static boolean seesThisEngine(ClassLoader loader) {
        try {
            return Class.forName(Policy.class.getName(), false, loader) == Policy.class;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }

    /** The error's message with its causes', which name the class and what is wrong with it. */
    private static String message(Throwable e) {
        StringBuilder m = new StringBuilder(String.valueOf(e.getMessage()));
        for (Throwable c = e.getCause(); c != null; c = c.getCause()) {
            m.append(": ").append(c.getMessage() != null ? c.getMessage() : c.getClass().getName());
        }
        return m.toString();
    }
}
