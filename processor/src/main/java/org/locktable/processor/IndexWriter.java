package org.locktable.processor;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

import org.locktable.dsl.reader.ScenarioModel;
import org.locktable.engine.scenario.ScenarioIndex;

/** The {@link ScenarioIndex} of the scenarios a compilation generated suites for. */
final class IndexWriter {
    private IndexWriter() {
    }

    /** {@code suiteOf}: scenario class (qualified name) → the qualified name of the suite holding its tests. */
    static String index(Collection<ScenarioModel> models, java.util.Map<String, String> suiteOf) {
        List<ScenarioIndex.Entry> entries = new ArrayList<>();
        for (ScenarioModel m : models) {
            entries.add(new ScenarioIndex.Entry(m.binaryName(), suiteOf.get(m.qualifiedName()), m.expected().size(),
                    m.relations().size(), m.sweep() == null ? 0 : m.sweep().statedRules().size(),
                    m.timing() == null ? 0 : m.timing().speedups().size(),
                    m.race() == null ? 0 : m.race().expectations().size()));
        }
        return ScenarioIndex.format(entries);
    }
}
