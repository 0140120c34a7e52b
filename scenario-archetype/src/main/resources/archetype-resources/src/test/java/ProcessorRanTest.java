package ${package};

import org.junit.jupiter.api.Test;
import org.locktable.engine.scenario.ProcessorGuard;

/** Fails with the fix when the build compiled the scenarios without running the locktable annotation processor. */
class ProcessorRanTest {
    @Test
    void everyScenarioHasItsGeneratedSuite() {
        ProcessorGuard.assertSuitesGenerated(ProcessorRanTest.class);
    }
}
