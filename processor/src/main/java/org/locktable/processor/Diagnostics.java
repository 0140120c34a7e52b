package org.locktable.processor;

import javax.annotation.processing.Messager;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.tools.Diagnostic;

import org.locktable.engine.policy.PolicyCatalog;

/**
 * Reports {@link Message}s at the most precise position javac knows: element, annotation and value. Counts
 * errors so a class with any error generates nothing.
 */
final class Diagnostics {
    private final Messager messager;
    private final SourcePositions positions;
    private int errors;

    Diagnostics(Messager messager, SourcePositions positions) {
        this.messager = messager;
        this.positions = positions;
    }

    void report(Message m, Element e, AnnotationMirror a, AnnotationValue v, Object... args) {
        report(m.kind(), m, e, a, v, args);
    }

    /** Reports with a severity chosen by an option ({@code null}: off). */
    void report(Diagnostic.Kind kind, Message m, Element e, AnnotationMirror a, AnnotationValue v, Object... args) {
        if (kind == null) {
            return;
        }
        if (kind == Diagnostic.Kind.ERROR) {
            errors++;
        }
        String text = m.format(args);
        if (positions != null && positions.print(kind, text, a, v)) {
            return;
        }
        if (a != null && v != null) {
            messager.printMessage(kind, text, e, a, v);
        } else if (a != null) {
            messager.printMessage(kind, text, e, a);
        } else if (e != null) {
            messager.printMessage(kind, text, e);
        } else {
            messager.printMessage(kind, text);
        }
    }

    /** True when {@code id} names a catalog policy; otherwise reports LT030 at its value, with "did you mean". */
    boolean knownPolicy(Ann where, AnnotationValue value, String id) {
        if (PolicyCatalog.find(id).isPresent()) {
            return true;
        }
        String closest = PolicyCatalog.closest(id);
        report(Message.UNKNOWN_POLICY, where.element, where.mirror, value, id,
                closest == null ? "" : " (did you mean \"" + closest + "\"?)", String.join(", ", PolicyCatalog.ids()));
        return false;
    }

    void global(Message m, Object... args) {
        report(m, null, null, null, args);
    }

    int errors() {
        return errors;
    }
}
