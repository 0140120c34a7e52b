package org.locktable.dsl.reader;

/**
 * One element of an array member, with its own site. {@code value} is a {@link String}, a boxed number or
 * {@link Boolean}, or, for an enum constant, the constant's name.
 */
public record DslValue(Object value, Site site) {
}
