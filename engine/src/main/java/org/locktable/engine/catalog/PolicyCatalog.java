package org.locktable.engine.catalog;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

import org.locktable.engine.model.InvalidInputException;
import org.locktable.engine.names.DidYouMean;
import org.locktable.engine.policy.FileSystem;
import org.locktable.engine.policy.KernelVersion;
import org.locktable.engine.policy.Policy;
import org.locktable.engine.policy.PolicyInfo;
import org.locktable.engine.policy.builtin.BuiltInPolicies;
import org.locktable.engine.policy.builtin.HistoryPolicies;

/**
 * Every policy locktable models, by id: the built-ins, then the policies users add from their own jars (see
 * {@link PolicyLoader}), sorted by id. Built on first use; a broken user policy or a repeated id is a
 * {@link PolicyCatalogException} naming the classes.
 */
public final class PolicyCatalog {
    private static volatile List<Policy> catalog;

    private PolicyCatalog() {
    }

    /** All policies: the built-ins in catalog order (ext4 DIO history, XFS DIO, buffered paths), then users', by id. */
    public static List<Policy> all() {
        List<Policy> loaded = catalog;
        if (loaded == null) {
            synchronized (PolicyCatalog.class) {
                if (catalog == null) {
                    catalog = PolicyLoader.catalog(BuiltInPolicies.ALL, PolicyLoader.defaultLoaders());
                }
                loaded = catalog;
            }
        }
        return loaded;
    }

    /**
     * Rebuilds the catalog with the users' policies {@code loader} provides besides those of the default loaders (a
     * {@code --policy-jar}): the same checks as at first load, so a broken policy there is refused the same way.
     */
    public static void addUsersFrom(ClassLoader loader) {
        synchronized (PolicyCatalog.class) {
            List<ClassLoader> loaders = new ArrayList<>(PolicyLoader.defaultLoaders());
            loaders.add(loader);
            catalog = PolicyLoader.catalog(BuiltInPolicies.ALL, loaders);
        }
    }

    /** The policies locktable ships, in catalog order: what the generated docs and the benchmarks are about. */
    public static List<Policy> builtIns() {
        return BuiltInPolicies.ALL;
    }

    /**
     * The built-in policy {@code id}, without looking for users' policies: for a user's policy that composes a
     * built-in one (its constructor runs while the catalog is being built).
     */
    public static Policy builtIn(String id) {
        for (Policy p : BuiltInPolicies.ALL) {
            if (p.id().equals(id)) {
                return p;
            }
        }
        throw new IllegalArgumentException("no built-in policy \"" + id + "\"");
    }

    /**
     * The eras of ext4's and XFS's direct write before the built-ins' ({@link HistoryPolicies}): found by id and by
     * kernel version, but not in {@link #all()}, so the shipped tables, docs and scenario defaults stay about today's
     * kernels; {@code generated-docs/history.md} is theirs.
     */
    public static List<Policy> history() {
        return HistoryPolicies.ALL;
    }

    public static List<String> ids() {
        List<String> ids = new ArrayList<>();
        for (Policy p : all()) {
            ids.add(p.id());
        }
        return ids;
    }

    public static Optional<Policy> find(String id) {
        for (Policy p : all()) {
            if (p.id().equals(id)) {
                return Optional.of(p);
            }
        }
        for (Policy p : history()) {
            if (p.id().equals(id)) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }

    /** The policy, or an error naming the unknown id, the closest known one and the full list. */
    public static Policy get(String id) throws InvalidInputException {
        Optional<Policy> p = find(id);
        if (p.isPresent()) {
            return p.get();
        }
        List<String> known = new ArrayList<>(ids());
        history().forEach(h -> known.add(h.id()));
        throw new InvalidInputException("policy", DidYouMean.unknown("policy", id, known));
    }

    /**
     * What a printed reproduce command needs before {@code bin/locktable} to find policy {@code id}: nothing for the
     * built-ins and the history's eras; for a user's policy, {@code LOCKTABLE_CLASSPATH=PATH } with the jar or directory
     * its class was loaded from, so the command works pasted into a shell that does not have the variable set.
     */
    public static String launcherPrefix(String id) {
        Optional<Policy> p = find(id);
        if (p.isEmpty() || BuiltInPolicies.ALL.contains(p.get()) || HistoryPolicies.ALL.contains(p.get())) {
            return "";
        }
        java.security.CodeSource source = p.get().getClass().getProtectionDomain().getCodeSource();
        if (source == null || !"file".equals(source.getLocation().getProtocol())) {
            return "";
        }
        String path;
        try {
            path = java.nio.file.Path.of(source.getLocation().toURI()).toString();
        } catch (java.net.URISyntaxException | IllegalArgumentException e) {
            return "";
        }
        boolean plain = path.chars().allMatch(c -> Character.isLetterOrDigit(c) || "/._-+=:,@".indexOf(c) >= 0);
        return "LOCKTABLE_CLASSPATH=" + (plain ? path : "'" + path.replace("'", "'\\''") + "'") + " ";
    }

    /** The known id nearest to {@code id} ({@link DidYouMean}), or null when none is close. */
    public static String closest(String id) {
        return DidYouMean.closest(id, ids()).orElse(null);
    }

    /**
     * The policy whose live range contains this kernel for this file system, the history's included: what the running
     * kernel should match, and what {@code --policy kernel:VERSION} names.
     */
    public static Optional<Policy> forKernel(FileSystem fileSystem, KernelVersion version, PolicyInfo.WritePath path) {
        return java.util.stream.Stream.concat(all().stream(), history().stream())
                .filter(p -> p.info().path() == path && p.info().live() != null && p.info().live().contains(fileSystem, version))
                .max(Comparator.comparing(p -> p.info().live().from()));
    }
}
