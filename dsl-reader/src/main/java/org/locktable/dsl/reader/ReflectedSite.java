package org.locktable.dsl.reader;

import java.lang.annotation.Annotation;

/**
 * A site in a loaded class: the class or package, an annotation on it (or null), a member of that annotation (or
 * null) and, for an array member, the element's index (or -1).
 */
record ReflectedSite(String element, Annotation annotation, String member, int index) implements Site {
    @Override
    public Site at(String name) {
        return annotation == null ? this : new ReflectedSite(element, annotation, name, -1);
    }

    @Override
    public String describe() {
        if (annotation == null) {
            return element;
        }
        String where = element + " @" + annotation.annotationType().getSimpleName();
        if (member == null) {
            return where;
        }
        return where + "." + member + (index < 0 ? "" : "[" + index + "]");
    }
}
