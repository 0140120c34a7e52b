package org.locktable.engine.docs;

/**
 * The committed decision tables and diffs ({@code generated-docs/tables}, {@code generated-docs/diffs}) as a
 * mutation killer: engine's own golden-docs test, run again beside the scenario library's generated suites under
 * PIT (profile {@code mutation}). A mutant of a built-in policy that changes any row of any table or diff dies here.
 */
class PolicyGoldensTest extends GeneratedDocsAreFreshTest {
    /** Not a test here: generating twice costs half a minute under PIT's coverage and kills nothing the first misses. */
    @Override
    void generationIsDeterministic() {
    }
}
