package org.locktable.dsl.reader;

import java.util.ArrayList;
import java.util.List;

/**
 * One DSL annotation as written on a class or package, from either source: typed member values (defaults
 * applied), whether a member was written, and the sites to report problems at. A member the annotation does not
 * have (an incompatible DSL version) is an {@link IllegalStateException}.
 */
public interface DslAnnotation {
    /** The annotation type's simple name, e.g. {@code ExpectLock}. */
    String name();

    /** The annotation type's canonical name, e.g. {@code org.locktable.dsl.ExpectLock.List}. */
    String qualifiedName();

    /** The annotation as a whole. */
    Site site();

    /** Whether the member was written (rather than left at its default). */
    boolean written(String member);

    /** A scalar member's value: a {@link String}, a boxed number or {@link Boolean}, or an enum constant's name. */
    Object value(String member);

    /** An array member's elements, each with its own site. */
    List<DslValue> list(String member);

    /** An annotation-valued member. */
    DslAnnotation nested(String member);

    default Site at(String member) {
        return site().at(member);
    }

    default String string(String member) {
        return (String) value(member);
    }

    default long longValue(String member) {
        return ((Number) value(member)).longValue();
    }

    default int intValue(String member) {
        return ((Number) value(member)).intValue();
    }

    default double doubleValue(String member) {
        return ((Number) value(member)).doubleValue();
    }

    default boolean bool(String member) {
        return (Boolean) value(member);
    }

    /** An enum constant's name. */
    default String enumName(String member) {
        return (String) value(member);
    }

    default List<String> strings(String member) {
        List<String> out = new ArrayList<>();
        for (DslValue v : list(member)) {
            out.add((String) v.value());
        }
        return out;
    }

    default List<String> enumNames(String member) {
        return strings(member);
    }

    default boolean[] bools(String member) {
        List<DslValue> l = list(member);
        boolean[] out = new boolean[l.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = (Boolean) l.get(i).value();
        }
        return out;
    }
}
