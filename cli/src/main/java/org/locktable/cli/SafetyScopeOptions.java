package org.locktable.cli;

import org.locktable.concurrency.safety.SafetyScope;
import org.locktable.engine.policy.Policy;
import org.locktable.engine.policy.PolicyInfo.WritePath;

import picocli.CommandLine.Option;

/** The two-write small scope of {@code safety} and {@code safety-diff}. */
final class SafetyScopeOptions {
    @Option(names = "--blocks", paramLabel = "N", description = "Layouts of 1..N blocks: one block exhaustively, 2..N by "
            + "seeded samples (default: ${DEFAULT-VALUE}; at most " + SafetyScope.MAX_BLOCKS + ").")
    int blocks = 2;

    @Option(names = "--samples", paramLabel = "N", description = "Distinct samples per block count above one "
            + "(default: ${DEFAULT-VALUE}).")
    int samples = SafetyScope.DEFAULT_SAMPLES;

    @Option(names = "--seed", paramLabel = "N", description = "The sampling seed (default: ${DEFAULT-VALUE}); one seed "
            + "gives one output.")
    long seed = SafetyScope.DEFAULT_SEED;

    SafetyScope build() throws CliException {
        if (blocks < 1 || blocks > SafetyScope.MAX_BLOCKS) {
            throw new CliException("--blocks must be 1 to " + SafetyScope.MAX_BLOCKS + ", got " + blocks);
        }
        if (samples < 0) {
            throw new CliException("--samples must be 0 or more, got " + samples);
        }
        return new SafetyScope(blocks, samples, seed);
    }

    /** The model races direct writes: a buffered policy's writes run under it only through its direct policy. */
    static void requireDirect(Policy p) throws CliException {
        if (p.info().path() != WritePath.DIRECT) {
            throw new CliException(p.id() + " is a policy of " + p.info().path().name().toLowerCase(java.util.Locale.ROOT)
                    .replace('_', ' ') + " writes; safety tables race direct writes: give a direct-write policy");
        }
    }
}
