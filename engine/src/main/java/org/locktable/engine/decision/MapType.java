package org.locktable.engine.decision;

/** The mapping type `iomap_begin` hands to the DIO layer. */
public enum MapType {
    MAPPED, UNWRITTEN
}
