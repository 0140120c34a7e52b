package org.locktable.engine.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.locktable.engine.catalog.PolicyCatalog;
import org.locktable.engine.policy.Policy;

/**
 * The README's policies table lists exactly the built-in policies, in catalog order, each with the summary its
 * {@code @PolicyMetadata} declares. A failure prints the table to paste.
 */
class ReadmePoliciesTableTest {
    static final String HEADING = "Policies (`bin/locktable policies`):";

    @Test
    void readmeTableIsTheCatalog() throws IOException {
        List<String> readme = Files.readAllLines(GeneratedDocsAreFreshTest.projectRoot().resolve("README.md"),
                StandardCharsets.UTF_8);
        int at = readme.indexOf(HEADING);
        List<String> table = new ArrayList<>();
        for (int i = at + 2; at >= 0 && i < readme.size() && readme.get(i).startsWith("|"); i++) {
            table.add(readme.get(i));
        }
        List<String> expected = expectedTable();
        assertEquals(String.join("\n", expected), String.join("\n", table),
                "README.md's table after \"" + HEADING + "\" and a blank line should be:\n" + String.join("\n", expected));
    }

    static List<String> expectedTable() {
        List<String> rows = new ArrayList<>(List.of("| id | models |", "|---|---|"));
        for (Policy p : PolicyCatalog.builtIns()) {
            rows.add("| `" + p.id() + "` | " + p.info().summary() + " |");
        }
        return rows;
    }
}
