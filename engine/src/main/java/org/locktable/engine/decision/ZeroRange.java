package org.locktable.engine.decision;

/** A byte range {@code [start, end)} the DIO layer writes zeroes to. */
public record ZeroRange(long start, long end, ZeroKind kind) {
    @Override
    public String toString() {
        return "[" + start + "," + end + ") " + kind.label();
    }
}
