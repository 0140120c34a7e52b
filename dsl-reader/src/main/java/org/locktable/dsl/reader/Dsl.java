package org.locktable.dsl.reader;

import java.util.List;

/** The DSL's annotation names (repeatable ones also have a {@code .List} container). */
public final class Dsl {
    public static final String PKG = "org.locktable.dsl.";
    public static final String SCENARIO = PKG + "Scenario";
    public static final String EXTENT_LAYOUT = PKG + "ExtentLayout";
    public static final String WRITE = PKG + "Write";
    public static final String EXPECT_LOCK = PKG + "ExpectLock";
    public static final String POLICIES = PKG + "Policies";
    public static final String EXPECT_NO_STRICTER = PKG + "ExpectNoStricter";
    public static final String EXPECT_SAME = PKG + "ExpectSame";
    public static final String SWEEP = PKG + "Sweep";
    public static final String RULE = PKG + "Rule";
    public static final String WORKLOAD = PKG + "Workload";
    public static final String EXPECT_SPEEDUP = PKG + "ExpectSpeedup";
    public static final String CONCURRENT = PKG + "Concurrent";
    public static final String OP = PKG + "Op";
    public static final String EXPECT_SAFE = PKG + "ExpectSafe";
    public static final String EXPECT_UNSAFE = PKG + "ExpectUnsafe";

    /** Every annotation the processor handles, containers included. */
    public static final List<String> SUPPORTED = List.of(SCENARIO, EXTENT_LAYOUT, WRITE, EXPECT_LOCK, EXPECT_LOCK + ".List",
            POLICIES, EXPECT_NO_STRICTER, EXPECT_NO_STRICTER + ".List", EXPECT_SAME, EXPECT_SAME + ".List", SWEEP, RULE,
            RULE + ".List", WORKLOAD, EXPECT_SPEEDUP, EXPECT_SPEEDUP + ".List", CONCURRENT, OP, OP + ".List", EXPECT_SAFE,
            EXPECT_SAFE + ".List", EXPECT_UNSAFE, EXPECT_UNSAFE + ".List");

    private Dsl() {
    }

    /** The container a repeated annotation is held in: {@code org.locktable.dsl.ExpectLock.List}. */
    public static String container(String qualifiedName) {
        return qualifiedName + ".List";
    }
}
