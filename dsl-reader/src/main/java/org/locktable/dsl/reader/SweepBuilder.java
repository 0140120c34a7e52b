package org.locktable.dsl.reader;

import org.locktable.engine.model.InvalidInputException;
import org.locktable.engine.scenario.SweepSpec;

/** Builds the engine's {@link SweepSpec} from a sweep's declared values (the same calls the generated suite makes). */
final class SweepBuilder {
    private SweepBuilder() {
    }

    static SweepSpec build(ScenarioModel.SweepParams p, long maxCases) throws InvalidInputException {
        SweepSpec.Builder b = SweepSpec.builder().blockSize(p.blockSize()).boundaries(p.boundaries())
                .sizes(p.layoutEnd(), p.midLastBlock())
                .offsets(p.offsets()[0], p.offsets()[1], p.offsets()[2])
                .lengths(p.lengths()[0], p.lengths()[1], p.lengths()[2])
                .nosec(p.nosec()).nowait(p.nowait()).async(p.async()).direct(p.direct());
        for (String pattern : p.patterns()) {
            b.pattern(pattern);
        }
        return b.build(maxCases);
    }
}
