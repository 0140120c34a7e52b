package org.locktable.engine.table;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.Set;

import org.locktable.engine.model.BlockState;
import org.locktable.engine.model.Inode;
import org.locktable.engine.model.Layout;
import org.locktable.engine.model.WriteRequest;
import org.locktable.engine.policy.PolicyCatalogException;

/**
 * The conditions a table may add to its fixed columns ({@link Column}), in the order it tries them: the built-in ones,
 * then those users' jars list as services of {@link Condition}, sorted by name. Only conditions the fixed columns do
 * not already imply are worth a place: "crosses i_size" (EOF {@code straddles}) or "starts at or after EOF"
 * ({@code appends}, {@code beyond ...}) could never tell two cases of one row apart.
 */
public final class ConditionLibrary {
    /** The write's first and last byte lie in one block. */
    public static final Condition ONE_BLOCK = Condition.yesNo("one block",
            "yes when the write's first and last byte lie in one block (a sub-block write, or one unaligned at one end "
                    + "only that stays inside its block)",
            (inode, r) -> first(inode, r) == last(inode, r));

    /** The write's last byte lies in the block holding i_size - 1. */
    public static final Condition ENDS_IN_EOF_BLOCK = Condition.yesNo("ends in EOF block",
            "yes when the write's last byte lies in the EOF block, the block holding the file's last byte (i_size - 1): "
                    + "no when it ends before that block or crosses into the next one, or the file is empty",
            (inode, r) -> inode.size() > 0 && last(inode, r) == eofBlock(inode));

    /** The write's first byte lies in the block holding i_size - 1. */
    public static final Condition STARTS_IN_EOF_BLOCK = Condition.yesNo("starts in EOF block",
            "yes when the write's first byte lies in the EOF block (the block holding i_size - 1); no for an empty file",
            (inode, r) -> inode.size() > 0 && first(inode, r) == eofBlock(inode));

    /** The write's blocks include the file's last allocated block. */
    public static final Condition TOUCHES_LAST_ALLOCATED = Condition.yesNo("touches last allocated block",
            "yes when the write's blocks include the file's last allocated (written or unwritten) block; no when the "
                    + "file has none",
            (inode, r) -> {
                long b = lastAllocated(inode.layout());
                return b >= 0 && first(inode, r) <= b && b <= last(inode, r);
            });

    /** The block holding i_size - 1 is written. */
    public static final Condition EOF_BLOCK_WRITTEN = Condition.yesNo("EOF block written",
            "yes when the EOF block (the block holding i_size - 1) is written, whether or not the write touches it",
            (inode, r) -> inode.size() > 0 && inode.layout().stateAt(eofBlock(inode)) == BlockState.WRITTEN);

    private static final List<Condition> BUILT_IN = List.of(ONE_BLOCK, ENDS_IN_EOF_BLOCK, STARTS_IN_EOF_BLOCK,
            TOUCHES_LAST_ALLOCATED, EOF_BLOCK_WRITTEN);

    private static volatile List<Condition> standard;

    private ConditionLibrary() {
    }

    /** The built-in conditions, in the order a table tries them. */
    public static List<Condition> builtIn() {
        return BUILT_IN;
    }

    /**
     * The built-in conditions, then the services of {@link Condition} found by the thread's context class loader and the
     * engine's own, sorted by name; loaded once. A provider that cannot be loaded, or a name used twice (or a fixed
     * column's header), is a {@link PolicyCatalogException}, as a broken policy jar is.
     */
    public static List<Condition> standard() {
        List<Condition> loaded = standard;
        if (loaded == null) {
            synchronized (ConditionLibrary.class) {
                if (standard == null) {
                    standard = with(providers());
                }
                loaded = standard;
            }
        }
        return loaded;
    }

    /** The built-in conditions followed by {@code more}, sorted by name; checked as {@link #standard()} is. */
    public static List<Condition> with(List<? extends Condition> more) {
        List<Condition> users = new ArrayList<>(more);
        users.sort(Comparator.comparing(Condition::name));
        List<Condition> all = new ArrayList<>(BUILT_IN);
        all.addAll(users);
        check(all);
        return List.copyOf(all);
    }

    private static void check(List<Condition> all) {
        Map<String, Condition> byName = new HashMap<>();
        for (Column c : Column.ALL) {
            byName.put(c.header(), null);
        }
        for (Condition c : all) {
            int n = c.values().size();
            if (n < 1 || n > 31) {
                throw new PolicyCatalogException("table condition \"" + c.name() + "\" (" + c.getClass().getName()
                        + ") has " + n + " values: a condition has 1 to 31");
            }
            if (byName.containsKey(c.name())) {
                Condition other = byName.get(c.name());
                throw new PolicyCatalogException("two table conditions have the name \"" + c.name() + "\": "
                        + (other == null ? "the fixed column" : other.getClass().getName()) + " and "
                        + c.getClass().getName());
            }
            byName.put(c.name(), c);
        }
    }

    /** Each provider class once, however many of the loaders see it. */
    private static List<Condition> providers() {
        Set<ClassLoader> loaders = new LinkedHashSet<>();
        ClassLoader context = Thread.currentThread().getContextClassLoader();
        if (context != null) {
            loaders.add(context);
        }
        loaders.add(Condition.class.getClassLoader());
        Map<Class<?>, Condition> found = new LinkedHashMap<>();
        for (ClassLoader loader : loaders) {
            Iterator<ServiceLoader.Provider<Condition>> it = ServiceLoader.load(Condition.class, loader).stream().iterator();
            try {
                while (it.hasNext()) {
                    ServiceLoader.Provider<Condition> p = it.next();
                    if (!found.containsKey(p.type())) {
                        found.put(p.type(), p.get());
                    }
                }
            } catch (ServiceConfigurationError e) {
                throw new PolicyCatalogException("cannot load a table condition: " + e.getMessage());
            }
        }
        return new ArrayList<>(found.values());
    }

    private static long first(Inode inode, WriteRequest r) {
        return r.offset() >>> inode.blockBits();
    }

    private static long last(Inode inode, WriteRequest r) {
        return (r.end() - 1) >>> inode.blockBits();
    }

    private static long eofBlock(Inode inode) {
        return (inode.size() - 1) >>> inode.blockBits();
    }

    /** The last written or unwritten block, or -1. */
    private static long lastAllocated(Layout layout) {
        for (int i = layout.recordCount() - 1; i >= 0; i--) {
            if (layout.recordState(i).allocated()) {
                return layout.recordEnd(i) - 1;
            }
        }
        return -1;
    }
}
