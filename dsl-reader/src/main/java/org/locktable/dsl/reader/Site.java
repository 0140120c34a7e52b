package org.locktable.dsl.reader;

/**
 * Where a problem is: a class or package, optionally one of its DSL annotations, optionally one value written in
 * it. Each source has its own kind of site (the processor's maps back to the {@code javax.lang.model} element,
 * annotation mirror and annotation value that javac positions a diagnostic at); the reader only passes them on.
 */
public interface Site {
    /** The site of {@code member} of the same annotation: its value when written, else the annotation itself. */
    Site at(String member);

    /** A one-line description, for reports printed outside a compiler: {@code a.B @ExpectLock.policy}. */
    String describe();
}
