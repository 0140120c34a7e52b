package org.locktable.processor;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.util.Elements;

import org.locktable.dsl.reader.DslAnnotation;
import org.locktable.dsl.reader.DslValue;
import org.locktable.dsl.reader.Site;

/** One annotation as written on an element, read through its mirror (the annotation-processing source). */
final class ApAnnotation implements DslAnnotation {
    private final Element element;
    private final AnnotationMirror mirror;
    private final Elements elements;
    private final Map<? extends ExecutableElement, ? extends AnnotationValue> withDefaults;

    ApAnnotation(Element element, AnnotationMirror mirror, Elements elements) {
        this.element = element;
        this.mirror = mirror;
        this.elements = elements;
        this.withDefaults = elements.getElementValuesWithDefaults(mirror);
    }

    AnnotationMirror mirror() {
        return mirror;
    }

    @Override
    public String name() {
        return mirror.getAnnotationType().asElement().getSimpleName().toString();
    }

    @Override
    public String qualifiedName() {
        return qualifiedName(mirror);
    }

    static String qualifiedName(AnnotationMirror m) {
        return ((TypeElement) m.getAnnotationType().asElement()).getQualifiedName().toString();
    }

    @Override
    public Site site() {
        return new ApSite(element, mirror, null);
    }

    @Override
    public boolean written(String member) {
        return ApSite.written(mirror, member) != null;
    }

    private AnnotationValue annotationValue(String member) {
        for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> e : withDefaults.entrySet()) {
            if (e.getKey().getSimpleName().contentEquals(member)) {
                return e.getValue();
            }
        }
        throw new IllegalStateException("@" + name() + " has no member " + member);
    }

    @Override
    public Object value(String member) {
        return plain(annotationValue(member).getValue());
    }

    /** Array elements, each with its own position. */
    @Override
    public List<DslValue> list(String member) {
        List<DslValue> out = new ArrayList<>();
        for (AnnotationValue v : elementValues(member)) {
            out.add(new DslValue(plain(v.getValue()), new ApSite(element, mirror, v)));
        }
        return out;
    }

    /** The mirrors held by an annotation-array member (a repeatable annotation's container). */
    List<AnnotationMirror> mirrors(String member) {
        List<AnnotationMirror> out = new ArrayList<>();
        for (AnnotationValue v : elementValues(member)) {
            out.add((AnnotationMirror) v.getValue());
        }
        return out;
    }

    @SuppressWarnings("unchecked")
    private List<? extends AnnotationValue> elementValues(String member) {
        return (List<? extends AnnotationValue>) annotationValue(member).getValue();
    }

    @Override
    public DslAnnotation nested(String member) {
        return new ApAnnotation(element, (AnnotationMirror) annotationValue(member).getValue(), elements);
    }

    /** An enum constant as its name; everything else as javac gives it. */
    private static Object plain(Object v) {
        return v instanceof VariableElement ? ((VariableElement) v).getSimpleName().toString() : v;
    }
}
