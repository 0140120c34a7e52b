package org.locktable.processor;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.tools.Diagnostic;

import com.sun.source.tree.AnnotationTree;
import com.sun.source.tree.AssignmentTree;
import com.sun.source.tree.ClassTree;
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.Tree;
import com.sun.source.util.TreePath;
import com.sun.source.util.Trees;

/**
 * Where a repeated annotation stands in the source. javac gives the annotations of an implicit container
 * ({@code @ExpectLock} written twice) no position of their own, so {@code Messager} would report them at the
 * class; the public Compiler Tree API ({@code com.sun.source}) finds the n-th written {@code @ExpectLock} and the
 * value inside it. Outside javac, or when the source is not available, reports fall back to the element.
 */
final class SourcePositions {
    private final Trees trees;
    private final Map<AnnotationMirror, AnnotationTree> located = new IdentityHashMap<>();
    private final Map<AnnotationMirror, CompilationUnitTree> units = new IdentityHashMap<>();

    private SourcePositions(Trees trees) {
        this.trees = trees;
    }

    static SourcePositions of(ProcessingEnvironment env) {
        try {
            return new SourcePositions(Trees.instance(env));
        } catch (RuntimeException e) {
            return new SourcePositions(null);
        }
    }

    /** Remembers the source trees of the {@code mirrors} unpacked from an implicit container of {@code simpleName}. */
    void register(Element element, String simpleName, List<AnnotationMirror> mirrors) {
        if (trees == null) {
            return;
        }
        try {
            TreePath path = trees.getPath(element);
            if (path == null || !(path.getLeaf() instanceof ClassTree)) {
                return;
            }
            List<AnnotationTree> written = new ArrayList<>();
            for (AnnotationTree t : ((ClassTree) path.getLeaf()).getModifiers().getAnnotations()) {
                if (simpleName.equals(lastName(t.getAnnotationType()))) {
                    written.add(t);
                }
            }
            if (written.size() != mirrors.size()) {
                return; // an explicit @X.List: javac locates its members itself
            }
            for (int i = 0; i < mirrors.size(); i++) {
                located.put(mirrors.get(i), written.get(i));
                units.put(mirrors.get(i), path.getCompilationUnit());
            }
        } catch (RuntimeException e) {
            // no positions: reports fall back to the element
        }
    }

    /** Prints at the annotation (and value) when this mirror's tree is known; false when the caller must print. */
    boolean print(Diagnostic.Kind kind, String text, AnnotationMirror mirror, AnnotationValue value) {
        AnnotationTree tree = mirror == null ? null : located.get(mirror);
        if (tree == null) {
            return false;
        }
        Tree at = tree;
        String member = value == null ? null : memberOf(mirror, value);
        if (member != null) {
            for (ExpressionTree arg : tree.getArguments()) {
                if (arg instanceof AssignmentTree && member.equals(lastName(((AssignmentTree) arg).getVariable()))) {
                    at = ((AssignmentTree) arg).getExpression();
                }
            }
        }
        trees.printMessage(kind, text, at, units.get(mirror));
        return true;
    }

    private static String memberOf(AnnotationMirror mirror, AnnotationValue value) {
        for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> e : mirror.getElementValues().entrySet()) {
            if (e.getValue() == value) {
                return e.getKey().getSimpleName().toString();
            }
        }
        return null;
    }

    private static String lastName(Tree t) {
        if (t instanceof IdentifierTree) {
            return ((IdentifierTree) t).getName().toString();
        }
        if (t instanceof MemberSelectTree) {
            return ((MemberSelectTree) t).getIdentifier().toString();
        }
        return null;
    }
}
