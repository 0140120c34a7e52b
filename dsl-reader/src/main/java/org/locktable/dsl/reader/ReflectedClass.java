package org.locktable.dsl.reader;

import java.lang.annotation.Annotation;
import java.lang.reflect.AnnotatedElement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The reflection source: a loaded class, read through its runtime-retained annotations (the DSL's all are), as the
 * conformance replay does with the scenario library.
 */
public final class ReflectedClass implements DslClass {
    private final Class<?> type;

    private ReflectedClass(Class<?> type) {
        this.type = type;
    }

    public static ReflectedClass of(Class<?> type) {
        return new ReflectedClass(type);
    }

    @Override
    public String qualifiedName() {
        String canonical = type.getCanonicalName();
        return canonical != null ? canonical : type.getName().replace('$', '.');
    }

    @Override
    public String binaryName() {
        return type.getName();
    }

    @Override
    public String simpleName() {
        return type.getSimpleName();
    }

    @Override
    public String packageName() {
        return type.getPackageName();
    }

    @Override
    public boolean isClass() {
        return !type.isInterface() && !type.isEnum() && !type.isRecord();
    }

    @Override
    public String kindName() {
        return type.isAnnotation() ? "annotation type" : type.isInterface() ? "interface" : type.isEnum() ? "enum"
                : type.isRecord() ? "record" : "class";
    }

    @Override
    public Site site() {
        return new ReflectedSite(type.getName(), null, null, -1);
    }

    @Override
    public List<DslAnnotation> dslAnnotations() {
        List<DslAnnotation> out = new ArrayList<>();
        for (Annotation a : type.getDeclaredAnnotations()) {
            if (a.annotationType().getName().startsWith(Dsl.PKG)) {
                out.add(new ReflectedAnnotation(type.getName(), a));
            }
        }
        return out;
    }

    @Override
    public Optional<DslAnnotation> annotation(String qualifiedName) {
        return one(type, type.getName(), qualifiedName);
    }

    @Override
    public List<DslAnnotation> annotations(String qualifiedName) {
        List<DslAnnotation> out = new ArrayList<>();
        Class<? extends Annotation> annotationType = annotationType(qualifiedName);
        if (annotationType != null) {
            for (Annotation a : type.getDeclaredAnnotationsByType(annotationType)) {
                out.add(new ReflectedAnnotation(type.getName(), a));
            }
        }
        return out;
    }

    @Override
    public Optional<DslAnnotation> packageAnnotation(String qualifiedName) {
        Package pkg = type.getPackage();
        return pkg == null ? Optional.empty() : one(pkg, pkg.getName(), qualifiedName);
    }

    private Optional<DslAnnotation> one(AnnotatedElement on, String where, String qualifiedName) {
        Class<? extends Annotation> annotationType = annotationType(qualifiedName);
        Annotation a = annotationType == null ? null : on.getDeclaredAnnotation(annotationType);
        return a == null ? Optional.empty() : Optional.of(new ReflectedAnnotation(where, a));
    }

    /** The annotation type as the scenario class sees it; null when its class loader has no such type. */
    private Class<? extends Annotation> annotationType(String qualifiedName) {
        try {
            return Class.forName(qualifiedName, false, type.getClassLoader()).asSubclass(Annotation.class);
        } catch (ClassNotFoundException | ClassCastException e) {
            return null;
        }
    }

    @Override
    public boolean hasErroneousValue() {
        return false;
    }

    @Override
    public boolean typeExists(String name) {
        try {
            Class.forName(name, false, type.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }
}
