package org.locktable.processor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;

import org.junit.jupiter.api.Test;

import org.locktable.dsl.reader.Message;

/** Every message ID is unique and documented in the processor's README, with its kind. */
class MessageCatalogDocTest {
    @Test
    void everyMessageIsUniqueAndDocumented() throws IOException {
        Path readme = Paths.get("README.md");
        if (!Files.exists(readme)) {
            readme = Paths.get("processor", "README.md");
        }
        String doc = Files.readString(readme, StandardCharsets.UTF_8);
        Set<String> ids = new HashSet<>();
        for (Message m : Message.values()) {
            assertTrue(ids.add(m.id()), "duplicate message ID " + m.id());
            assertTrue(m.id().matches("LT\\d{3}"), m.id());
            String row = "| `" + m.id() + "` | " + m.kind().name().toLowerCase(Locale.ROOT) + " |";
            assertTrue(doc.contains(row), "processor/README.md has no row " + row + " for " + m.name());
        }
        assertEquals(Message.values().length, doc.split("\\| `LT", -1).length - 1, "README lists other IDs");
    }
}
