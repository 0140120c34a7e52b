package org.locktable.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.locktable.engine.catalog.PolicyCatalog;
import org.locktable.engine.policy.Policy;

/**
 * The benchmarks' policy lists against the catalog: JMH's @Param must be constants, so a test keeps them in step;
 * the corpus derives its lists from the catalog, and its bytes are pinned.
 */
class CatalogListsTest {
    @Test
    void decisionBenchmarkParamsAreTheBuiltInIdsInCatalogOrder() throws Exception {
        assertEquals(PolicyCatalog.builtIns().stream().map(Policy::id).toList(), DecisionBenchmark.policyParams(),
                "DecisionBenchmark's @Param policyId");
    }

    /**
     * The corpus is the processor-overhead benchmark's input: a change of its policy lists changes every measured
     * corpus. This pins it; update the hash deliberately (and say so in benchmarks/README.md) when a new built-in
     * policy joins it.
     */
    @Test
    void corpusIsUnchanged(@TempDir Path dir) throws IOException, NoSuchAlgorithmException {
        MessageDigest sha = MessageDigest.getInstance("SHA-256");
        for (Path f : ScenarioCorpus.write(dir, 1000, ProcessorOverheadBenchmark.SEED)) {
            sha.update(dir.relativize(f).toString().getBytes(StandardCharsets.UTF_8));
            sha.update(Files.readAllBytes(f));
        }
        assertEquals("1405abf0acc94cae527347b0f8fcc724c128bc5becf8c0ca7b0a54f0cd47c79b", HexFormat.of().formatHex(sha.digest()));
    }
}
