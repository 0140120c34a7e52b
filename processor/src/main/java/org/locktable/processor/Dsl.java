package org.locktable.processor;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Elements;

/** The DSL's annotation names and how to find them (repeatable ones directly or in their containers). */
final class Dsl {
    static final String PKG = "org.locktable.dsl.";
    static final String SCENARIO = PKG + "Scenario";
    static final String EXTENT_LAYOUT = PKG + "ExtentLayout";
    static final String WRITE = PKG + "Write";
    static final String EXPECT_LOCK = PKG + "ExpectLock";
    static final String POLICIES = PKG + "Policies";
    static final String EXPECT_NO_STRICTER = PKG + "ExpectNoStricter";
    static final String EXPECT_SAME = PKG + "ExpectSame";
    static final String SWEEP = PKG + "Sweep";
    static final String RULE = PKG + "Rule";
    static final String WORKLOAD = PKG + "Workload";
    static final String EXPECT_SPEEDUP = PKG + "ExpectSpeedup";

    /** Every annotation the processor handles, containers included. */
    static final List<String> SUPPORTED = List.of(SCENARIO, EXTENT_LAYOUT, WRITE, EXPECT_LOCK, EXPECT_LOCK + ".List",
            POLICIES, EXPECT_NO_STRICTER, EXPECT_NO_STRICTER + ".List", EXPECT_SAME, EXPECT_SAME + ".List", SWEEP, RULE,
            RULE + ".List", WORKLOAD, EXPECT_SPEEDUP, EXPECT_SPEEDUP + ".List");

    private Dsl() {
    }

    static Optional<Ann> one(Element e, String name, Elements elements) {
        for (AnnotationMirror m : e.getAnnotationMirrors()) {
            if (qualifiedName(m).equals(name)) {
                return Optional.of(new Ann(e, m, elements));
            }
        }
        return Optional.empty();
    }

    /** A repeatable annotation's occurrences in source order, whether written once or several times. */
    static List<Ann> all(Element e, String name, Elements elements) {
        return all(e, name, elements, null);
    }

    /** As {@link #all(Element, String, Elements)}, registering repeated annotations' source positions. */
    static List<Ann> all(Element e, String name, Elements elements, SourcePositions positions) {
        List<Ann> out = new ArrayList<>();
        for (AnnotationMirror m : e.getAnnotationMirrors()) {
            String n = qualifiedName(m);
            if (n.equals(name)) {
                out.add(new Ann(e, m, elements));
            } else if (n.equals(name + ".List")) {
                Ann container = new Ann(e, m, elements);
                List<AnnotationMirror> members = new ArrayList<>();
                for (javax.lang.model.element.AnnotationValue v : container.list("value")) {
                    members.add((AnnotationMirror) v.getValue());
                    out.add(new Ann(e, (AnnotationMirror) v.getValue(), elements));
                }
                if (positions != null) {
                    positions.register(e, name.substring(name.lastIndexOf('.') + 1), members);
                }
            }
        }
        return out;
    }

    static String qualifiedName(AnnotationMirror m) {
        return ((TypeElement) m.getAnnotationType().asElement()).getQualifiedName().toString();
    }
}
