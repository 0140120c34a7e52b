package org.locktable.concurrency.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * The known races of ext4's and XFS's history: every race the model runs is UNSAFE under a kernel inside its buggy
 * range (with the bytes its fix describes) and SAFE under the fixing one; the committed history.md is what they give.
 */
class HistoryReportTest {
    private static final List<HistoryReport.Row> ROWS = HistoryReport.run();

    @Test
    void everyModelledRaceIsUnsafeInsideItsBuggyRangeAndSafeAtItsFix() {
        for (HistoryReport.Row r : ROWS) {
            if (r.race().miss().isEmpty()) {
                assertTrue(r.found(), () -> r.race().name() + " (" + r.race().fileSystem() + "): "
                        + r.buggy().map(HistoryReport.Run::cell).orElse("-") + " / "
                        + r.fixed().map(HistoryReport.Run::cell).orElse("open"));
            }
        }
    }

    /** generic/538's own offsets: the first write's bytes 40960-41471 are the ones zeroed. */
    @Test
    void generic538sCaseLosesTheBytesItsFixDescribes() {
        HistoryReport.Row r = ROWS.stream().filter(x -> x.race().xfstests().equals("generic/538")
                && x.race().size() == 41472).findFirst().orElseThrow();
        assertEquals("[40960,41472)", r.buggy().orElseThrow().verdict().counterexample().orElseThrow().badRangesText());
    }

    /** Regenerate with {@code bin/locktable docs}. */
    @Test
    void theCommittedPageIsFresh() throws IOException {
        Path root = Path.of("").toAbsolutePath();
        while (root != null && !Files.isDirectory(root.resolve("concurrency"))) {
            root = root.getParent();
        }
        if (root == null) {
            fail("cannot find the repository root");
        }
        String committed = Files.readString(root.resolve("generated-docs/history.md"), StandardCharsets.UTF_8);
        Path live = root.resolve("generated-docs/data/history-live.tsv");
        String liveTsv = Files.exists(live) ? Files.readString(live, StandardCharsets.UTF_8) : "";
        assertEquals(HistoryReport.render(ROWS, liveTsv), committed,
                "generated-docs/history.md is stale: run bin/locktable docs");
    }
}
