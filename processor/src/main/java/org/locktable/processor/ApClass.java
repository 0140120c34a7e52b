package org.locktable.processor;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.PackageElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Elements;

import org.locktable.dsl.reader.Dsl;
import org.locktable.dsl.reader.DslAnnotation;
import org.locktable.dsl.reader.DslClass;
import org.locktable.dsl.reader.Site;

/**
 * The annotation-processing source: a type element being compiled, read through its annotation mirrors. Repeated
 * annotations are registered with {@link SourcePositions} so that reports on them point at the one written.
 */
final class ApClass implements DslClass {
    private final TypeElement type;
    private final Elements elements;
    private final SourcePositions positions;

    ApClass(TypeElement type, Elements elements, SourcePositions positions) {
        this.type = type;
        this.elements = elements;
        this.positions = positions;
    }

    @Override
    public String qualifiedName() {
        return type.getQualifiedName().toString();
    }

    @Override
    public String binaryName() {
        return elements.getBinaryName(type).toString();
    }

    @Override
    public String simpleName() {
        return type.getSimpleName().toString();
    }

    @Override
    public String packageName() {
        PackageElement pkg = elements.getPackageOf(type);
        return pkg.isUnnamed() ? "" : pkg.getQualifiedName().toString();
    }

    @Override
    public boolean isClass() {
        return type.getKind() == ElementKind.CLASS;
    }

    @Override
    public String kindName() {
        return type.getKind().name().toLowerCase(Locale.ROOT).replace('_', ' ');
    }

    @Override
    public Site site() {
        return new ApSite(type, null, null);
    }

    @Override
    public List<DslAnnotation> dslAnnotations() {
        List<DslAnnotation> out = new ArrayList<>();
        for (AnnotationMirror m : type.getAnnotationMirrors()) {
            if (ApAnnotation.qualifiedName(m).startsWith(Dsl.PKG)) {
                out.add(new ApAnnotation(type, m, elements));
            }
        }
        return out;
    }

    @Override
    public Optional<DslAnnotation> annotation(String qualifiedName) {
        return one(type, qualifiedName);
    }

    @Override
    public Optional<DslAnnotation> packageAnnotation(String qualifiedName) {
        return one(elements.getPackageOf(type), qualifiedName);
    }

    private Optional<DslAnnotation> one(Element e, String qualifiedName) {
        for (AnnotationMirror m : e.getAnnotationMirrors()) {
            if (ApAnnotation.qualifiedName(m).equals(qualifiedName)) {
                return Optional.of(new ApAnnotation(e, m, elements));
            }
        }
        return Optional.empty();
    }

    @Override
    public List<DslAnnotation> annotations(String qualifiedName) {
        List<DslAnnotation> out = new ArrayList<>();
        for (AnnotationMirror m : type.getAnnotationMirrors()) {
            String n = ApAnnotation.qualifiedName(m);
            if (n.equals(qualifiedName)) {
                out.add(new ApAnnotation(type, m, elements));
            } else if (n.equals(Dsl.container(qualifiedName))) {
                List<AnnotationMirror> members = new ApAnnotation(type, m, elements).mirrors("value");
                for (AnnotationMirror member : members) {
                    out.add(new ApAnnotation(type, member, elements));
                }
                positions.register(type, qualifiedName.substring(qualifiedName.lastIndexOf('.') + 1), members);
            }
        }
        return out;
    }

    /** javac hands an unresolvable value (an undefined constant) to processors as the text {@code <error>}. */
    @Override
    public boolean hasErroneousValue() {
        for (AnnotationMirror m : type.getAnnotationMirrors()) {
            if (ApAnnotation.qualifiedName(m).startsWith(Dsl.PKG) && m.toString().contains("<error>")) {
                return true;
            }
        }
        return false;
    }

    @Override
    public boolean typeExists(String name) {
        return elements.getTypeElement(name) != null;
    }
}
