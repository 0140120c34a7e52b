package org.locktable.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/** The one place a document is written: only when its bytes change, so an unchanged file keeps its mtime. */
public final class DocFiles {
    private DocFiles() {
    }

    /** Writes {@code bytes} to {@code file} unless it holds them already; true when it wrote. */
    public static boolean writeIfChanged(Path file, byte[] bytes) {
        try {
            if (Files.isRegularFile(file) && Arrays.equals(Files.readAllBytes(file), bytes)) {
                return false;
            }
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            Files.write(file, bytes);
            return true;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }
}
