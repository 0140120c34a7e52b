package org.locktable.dsl;

/** The inode lock mode held when the write's bios are submitted. */
public enum LockMode {
    SHARED, EXCLUSIVE, NONE
}
