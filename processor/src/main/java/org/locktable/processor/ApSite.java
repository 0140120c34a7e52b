package org.locktable.processor;

import java.util.Map;

import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;

import org.locktable.dsl.reader.Site;

/**
 * A site as javac positions a diagnostic: the element, optionally one of its annotation mirrors, optionally a value
 * written in it ({@code mirror} and {@code value} may be null).
 */
record ApSite(Element element, AnnotationMirror mirror, AnnotationValue value) implements Site {
    @Override
    public Site at(String member) {
        return mirror == null ? this : new ApSite(element, mirror, written(mirror, member));
    }

    /** The value of {@code member} as written, else null. */
    static AnnotationValue written(AnnotationMirror mirror, String member) {
        for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> e : mirror.getElementValues().entrySet()) {
            if (e.getKey().getSimpleName().contentEquals(member)) {
                return e.getValue();
            }
        }
        return null;
    }

    @Override
    public String describe() {
        return element + (mirror == null ? "" : " " + mirror) + (value == null ? "" : " at " + value);
    }
}
