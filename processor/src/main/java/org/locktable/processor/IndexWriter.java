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

    static String index(Collection<ScenarioModel> models) {
        List<ScenarioIndex.Entry> entries = new ArrayList<>();
        for (ScenarioModel m : models) {
            entries.add(new ScenarioIndex.Entry(m.binaryName(), m.suiteQualifiedName(), m.expected().size(),
                    m.relations().size(), m.sweep() == null ? 0 : m.sweep().statedRules().size(),
                    m.timing() == null ? 0 : m.timing().speedups().size()));
        }
        return ScenarioIndex.format(entries);
    }
}
