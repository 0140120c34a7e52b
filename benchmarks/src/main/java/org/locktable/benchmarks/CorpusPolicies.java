package org.locktable.benchmarks;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.locktable.engine.catalog.PolicyCatalog;
import org.locktable.engine.policy.Policy;
import org.locktable.engine.policy.PolicyInfo.WritePath;

/** The policies {@link ScenarioCorpus} draws its expectations from: the built-ins of each write path, in catalog order. */
final class CorpusPolicies {
    /** Built-in policies the corpus leaves out, with why. */
    static final Map<String, String> LEFT_OUT = Map.of("ext4-v5.10", "joined the catalog after the corpus was fixed: "
            + "adding it would change the corpus the overhead in benchmarks/README.md was measured on",
            "ext4-eof-fix", "the candidate R4 fix joined the catalog after the corpus was fixed, as ext4-v5.10 did");

    /** The built-in direct-write policies. */
    static final List<String> DIRECT = builtIns(WritePath.DIRECT);
    /** The built-in buffered policies, then the write-through one. */
    static final List<String> BUFFERED = builtIns(WritePath.BUFFERED, WritePath.WRITETHROUGH_NOSERIAL);

    private CorpusPolicies() {
    }

    private static List<String> builtIns(WritePath... paths) {
        List<String> ids = new ArrayList<>();
        for (WritePath path : paths) {
            for (Policy p : PolicyCatalog.builtIns()) {
                if (p.info().path() == path && !LEFT_OUT.containsKey(p.id())) {
                    ids.add(p.id());
                }
            }
        }
        return List.copyOf(ids);
    }
}
