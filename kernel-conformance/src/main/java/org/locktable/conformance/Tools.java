package org.locktable.conformance;

/** Absolute paths of the system tools (root's PATH may lack /sbin when the JVM was started by a user shell). */
final class Tools {
    private Tools() {
    }

    static String path(String name) {
        String p = Shell.which(name);
        return p != null ? p : name;
    }
}
