package org.locktable.conformance;

import java.util.List;

/**
 * What a disagreement's minimal witness says in full: the engine's decision and trace, the shell lines that
 * reproduce the probe by hand with xfs_io, and what those lines gave when the run replayed them itself.
 *
 * @param decision the engine's decision, one line (result, lock path, NOWAIT outcome)
 * @param trace {@code policy.decide(...).trace()}
 * @param repro the reproduction: file system set-up, build, FIEMAP, probe
 * @param confirmation what replaying {@code repro} with xfs_io on the live file system answered
 */
public record Witness(String decision, List<String> trace, List<String> repro, String confirmation) {
}
