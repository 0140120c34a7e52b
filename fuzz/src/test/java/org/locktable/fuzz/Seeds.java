package org.locktable.fuzz;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** The valid inputs mutations start from: the project's own samples, read from its tree (sorted, so runs repeat). */
final class Seeds {
    private Seeds() {
    }

    /** The project root: the fuzz module's parent directory. */
    static Path root() {
        String dir = System.getProperty("fuzz.moduleDir");
        Path module = dir == null || dir.isBlank() ? Path.of("").toAbsolutePath() : Path.of(dir);
        return module.getParent();
    }

    /** The text of every regular file under {@code relativeDir} whose name ends with one of {@code suffixes}. */
    static List<String> texts(String relativeDir, String... suffixes) {
        return files(relativeDir, suffixes).stream().map(Seeds::read).collect(Collectors.toList());
    }

    static List<Path> files(String relativeDir, String... suffixes) {
        Path dir = root().resolve(relativeDir);
        try (Stream<Path> walk = Files.walk(dir)) {
            List<Path> out = walk.filter(Files::isRegularFile)
                    .filter(p -> Stream.of(suffixes).anyMatch(s -> p.getFileName().toString().endsWith(s)))
                    .sorted()
                    .collect(Collectors.toList());
            if (out.isEmpty()) {
                throw new IllegalStateException("no seed files under " + dir);
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String read(Path p) {
        try {
            return Files.readString(p, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
