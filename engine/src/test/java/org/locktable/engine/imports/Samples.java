package org.locktable.engine.imports;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

import org.locktable.engine.model.InvalidInputException;
import org.locktable.engine.model.Layout;

/** The captured tool outputs under {@code src/test/resources/imports/} (see the README there). */
final class Samples {
    private Samples() {
    }

    static String text(String path) {
        try (InputStream in = Samples.class.getResourceAsStream("/imports/" + path)) {
            if (in == null) {
                throw new IllegalArgumentException("no sample " + path);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static ExtentMap parse(String path, Integer blockSize, Long size) throws InvalidInputException {
        return ExtentMapParser.parse(text(path), new ExtentMapParser.Options(blockSize, size));
    }

    /** A layout typed in the notation; {@code ""} is the layout of no blocks. */
    static Layout layout(String notation) throws InvalidInputException {
        return notation.isEmpty() ? Layout.builder().build() : Layout.parse(notation);
    }

    /** Asserts a parse failure and returns it. */
    static ExtentMapException failure(String text, Integer blockSize, Long size) {
        try {
            ExtentMap m = ExtentMapParser.parse(text, new ExtentMapParser.Options(blockSize, size));
            throw new AssertionError("expected an ExtentMapException, got " + m);
        } catch (ExtentMapException e) {
            return e;
        } catch (InvalidInputException e) {
            throw new AssertionError("expected an ExtentMapException, got " + e, e);
        }
    }
}
