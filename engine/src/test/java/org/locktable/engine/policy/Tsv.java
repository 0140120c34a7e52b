package org.locktable.engine.policy;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Reads a tab-separated test resource: '#' comment lines, a header line, then one map per row. */
final class Tsv {
    private Tsv() {
    }

    static List<Map<String, String>> read(String resource) throws IOException {
        List<Map<String, String>> rows = new ArrayList<>();
        try (InputStream in = Tsv.class.getResourceAsStream(resource);
             BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            String[] header = null;
            String line;
            while ((line = r.readLine()) != null) {
                if (line.startsWith("#") || line.isBlank()) {
                    continue;
                }
                String[] cells = line.split("\t", -1);
                if (header == null) {
                    header = cells;
                    continue;
                }
                Map<String, String> row = new HashMap<>();
                for (int i = 0; i < header.length; i++) {
                    row.put(header[i], cells[i]);
                }
                rows.add(row);
            }
        }
        return rows;
    }
}
