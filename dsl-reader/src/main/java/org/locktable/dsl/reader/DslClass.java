package org.locktable.dsl.reader;

import java.util.List;
import java.util.Optional;

/**
 * A class that may be a scenario, as one source sees it: its names, its DSL annotations and those of its package.
 * The annotation-processing source reads mirrors; {@link ReflectedClass} reads a loaded class.
 */
public interface DslClass {
    /** The canonical name, {@code a.b.Outer.Inner}. */
    String qualifiedName();

    /** The binary name, {@code a.b.Outer$Inner}: what {@link Class#forName(String)} takes. */
    String binaryName();

    /** The name as declared, {@code Inner}. */
    String simpleName();

    /** The package's name; empty for the unnamed package. */
    String packageName();

    /** Whether this is a class (not an interface, enum, record or annotation type). */
    boolean isClass();

    /** What it is when not a class: {@code interface}, {@code enum}, {@code record}, {@code annotation type}. */
    String kindName();

    /** The class itself. */
    Site site();

    /** Every annotation of the DSL's package as written on the class, repeatable ones in their containers. */
    List<DslAnnotation> dslAnnotations();

    /** The annotation {@code qualifiedName} on the class, if written. */
    Optional<DslAnnotation> annotation(String qualifiedName);

    /** A repeatable annotation's occurrences in source order, whether written once or several times. */
    List<DslAnnotation> annotations(String qualifiedName);

    /** The annotation {@code qualifiedName} on the class's package, if written. */
    Optional<DslAnnotation> packageAnnotation(String qualifiedName);

    /** Whether a value could not be resolved (the compiler has reported it already; the reader adds nothing). */
    boolean hasErroneousValue();

    /** Whether the class {@code name} is visible where the scenario's generated suite will run. */
    boolean typeExists(String name);
}
