package org.locktable.calibration.live;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

/**
 * The committed live recordings' JSON ({@link RecordedLiveRun}, {@link RecordedPairs}, {@link PageWritebackCounts}):
 * read from a resource of this package, written indented with a final newline, so that a recording reads and writes
 * back byte for byte.
 */
final class RecordingJson {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private RecordingJson() {
    }

    /** The resource {@code file} of this package as a {@code type}. */
    static <T> T read(String file, Class<T> type) {
        try (InputStream in = RecordingJson.class.getResourceAsStream(file)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + file);
            }
            return JSON.readValue(in, type);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    /** {@code recording} as its file holds it. */
    static String write(Object recording) {
        try {
            return JSON.writeValueAsString(recording) + "\n";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
