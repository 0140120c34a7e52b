package org.locktable.rig;

import java.nio.file.Path;

/** A file system made by {@link Sandbox#loopFs}: its image, the loop device over it, and where it is mounted. */
public record LoopFs(LoopFsSpec spec, Path image, String device, Path mountPoint) {
}
