package org.locktable.processor;

import javax.annotation.processing.Messager;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.tools.Diagnostic;

import org.locktable.dsl.reader.Message;
import org.locktable.dsl.reader.Report;
import org.locktable.dsl.reader.Site;

/**
 * Reports {@link Message}s at the most precise position javac knows: element, annotation and value, taken from
 * the {@link ApSite} the annotation-processing source gave each item.
 */
final class Diagnostics {
    private final Messager messager;
    private final SourcePositions positions;

    Diagnostics(Messager messager, SourcePositions positions) {
        this.messager = messager;
        this.positions = positions;
    }

    /** Every item the DSL reader reported, in order, at its site. */
    void report(Report report) {
        for (Report.Item item : report.items()) {
            print(item.kind(), item.text(), item.site());
        }
    }

    void report(Message m, Site site, Object... args) {
        report(m.kind(), m, site, args);
    }

    /** Reports with a severity chosen by an option ({@code null}: off). */
    void report(Diagnostic.Kind kind, Message m, Site site, Object... args) {
        if (kind != null) {
            print(kind, m.format(args), site);
        }
    }

    void global(Message m, Object... args) {
        print(m.kind(), m.format(args), new ApSite(null, null, null));
    }

    private void print(Diagnostic.Kind kind, String text, Site site) {
        ApSite at = (ApSite) site;
        Element e = at.element();
        AnnotationMirror a = at.mirror();
        AnnotationValue v = at.value();
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
}
