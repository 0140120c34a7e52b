/**
 * Safety tables over the two-write small scope (issue 11): {@link org.locktable.concurrency.safety.SafetyScope}
 * enumerates the cases smallest first (one block exhaustively, then seeded samples), {@link
 * org.locktable.concurrency.safety.SafetySweep} races each under a policy, {@link
 * org.locktable.concurrency.safety.SafetyTable} minimises the UNSAFE cases into classes over the decision tables'
 * condition columns of the first write plus the second write's kind and position (the engine's {@code TupleMinimiser}),
 * each with its minimal witness, {@link org.locktable.concurrency.safety.SafetyDiff} compares two policies' verdicts,
 * and {@link org.locktable.concurrency.safety.SafetyReport} renders {@code generated-docs/safety.md}.
 */
package org.locktable.concurrency.safety;
