package org.locktable.processor;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.util.Elements;

/**
 * One annotation as written on an element, read through its mirror: typed access to member values (with
 * defaults), whether a member was written, and the position to report a problem with it at.
 */
final class Ann {
    final Element element;
    final AnnotationMirror mirror;
    private final Map<? extends ExecutableElement, ? extends AnnotationValue> explicit;
    private final Map<? extends ExecutableElement, ? extends AnnotationValue> withDefaults;

    Ann(Element element, AnnotationMirror mirror, Elements elements) {
        this.element = element;
        this.mirror = mirror;
        this.explicit = mirror.getElementValues();
        this.withDefaults = elements.getElementValuesWithDefaults(mirror);
    }

    /** The annotation's simple name, e.g. {@code ExpectLock}. */
    String name() {
        return mirror.getAnnotationType().asElement().getSimpleName().toString();
    }

    boolean written(String member) {
        return find(explicit, member) != null;
    }

    /** The value as written, else null: where javac can point. */
    AnnotationValue at(String member) {
        return find(explicit, member);
    }

    private AnnotationValue value(String member) {
        AnnotationValue v = find(withDefaults, member);
        if (v == null) {
            throw new IllegalStateException("@" + name() + " has no member " + member);
        }
        return v;
    }

    private static AnnotationValue find(Map<? extends ExecutableElement, ? extends AnnotationValue> map, String member) {
        for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> e : map.entrySet()) {
            if (e.getKey().getSimpleName().contentEquals(member)) {
                return e.getValue();
            }
        }
        return null;
    }

    String string(String member) {
        return (String) value(member).getValue();
    }

    long longValue(String member) {
        return ((Number) value(member).getValue()).longValue();
    }

    int intValue(String member) {
        return ((Number) value(member).getValue()).intValue();
    }

    boolean bool(String member) {
        return (Boolean) value(member).getValue();
    }

    /** An enum constant's name. */
    String enumName(String member) {
        return ((VariableElement) value(member).getValue()).getSimpleName().toString();
    }

    List<String> strings(String member) {
        List<String> out = new ArrayList<>();
        for (AnnotationValue v : list(member)) {
            out.add((String) v.getValue());
        }
        return out;
    }

    List<String> enumNames(String member) {
        List<String> out = new ArrayList<>();
        for (AnnotationValue v : list(member)) {
            out.add(((VariableElement) v.getValue()).getSimpleName().toString());
        }
        return out;
    }

    boolean[] bools(String member) {
        List<? extends AnnotationValue> l = list(member);
        boolean[] out = new boolean[l.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = (Boolean) l.get(i).getValue();
        }
        return out;
    }

    /** Array elements, each with its own position. */
    @SuppressWarnings("unchecked")
    List<? extends AnnotationValue> list(String member) {
        return (List<? extends AnnotationValue>) value(member).getValue();
    }

    Ann nested(String member, Elements elements) {
        return new Ann(element, (AnnotationMirror) value(member).getValue(), elements);
    }
}
