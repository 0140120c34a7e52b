package org.locktable.dsl.reader;

import java.lang.annotation.Annotation;
import java.lang.reflect.Array;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * An annotation of a loaded class, read by reflection. A class file does not record which members were written, so
 * a member counts as written when its value differs from the default: writing the default explicitly reads as
 * leaving it out.
 */
final class ReflectedAnnotation implements DslAnnotation {
    private final String element;
    private final Annotation annotation;

    ReflectedAnnotation(String element, Annotation annotation) {
        this.element = element;
        this.annotation = annotation;
    }

    @Override
    public String name() {
        return annotation.annotationType().getSimpleName();
    }

    @Override
    public String qualifiedName() {
        return annotation.annotationType().getCanonicalName();
    }

    @Override
    public Site site() {
        return new ReflectedSite(element, annotation, null, -1);
    }

    @Override
    public boolean written(String member) {
        Object dflt = method(member).getDefaultValue();
        return dflt == null || !Objects.deepEquals(raw(member), dflt);
    }

    @Override
    public Object value(String member) {
        return plain(raw(member));
    }

    @Override
    public List<DslValue> list(String member) {
        Object array = raw(member);
        List<DslValue> out = new ArrayList<>();
        for (int i = 0; i < Array.getLength(array); i++) {
            out.add(new DslValue(plain(Array.get(array, i)), new ReflectedSite(element, annotation, member, i)));
        }
        return out;
    }

    @Override
    public DslAnnotation nested(String member) {
        return new ReflectedAnnotation(element, (Annotation) raw(member));
    }

    private Object raw(String member) {
        try {
            return method(member).invoke(annotation);
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException("@" + name() + "." + member + " cannot be read: " + e, e);
        }
    }

    private Method method(String member) {
        try {
            Method m = annotation.annotationType().getMethod(member);
            m.setAccessible(true);
            return m;
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException("@" + name() + " has no member " + member, e);
        }
    }

    /** An enum constant as its name; everything else as it is. */
    private static Object plain(Object v) {
        return v instanceof Enum<?> ? ((Enum<?>) v).name() : v;
    }
}
