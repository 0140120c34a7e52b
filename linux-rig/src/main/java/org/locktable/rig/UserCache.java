package org.locktable.rig;

import java.nio.file.Path;

/** locktable's directory in the user's cache: {@code $XDG_CACHE_HOME/locktable}, else {@code ~/.cache/locktable}. */
public final class UserCache {
    private UserCache() {
    }

    /** The directory, absolute; not created. */
    public static Path directory() {
        String xdg = System.getenv("XDG_CACHE_HOME");
        Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".cache");
        return base.resolve("locktable").toAbsolutePath();
    }
}
