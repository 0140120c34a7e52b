package org.locktable.conformance;

/**
 * One scenario replayed (or not) on one file system.
 *
 * @param scenario the scenario class's name
 * @param fs the file system's label, or {@code -} when none applies
 * @param policy the running kernel's policy the kernel was compared with, or {@code -}
 * @param verdict {@link Verdict}
 * @param detail the answers, or the reason it was not replayed
 * @param witness for a disagreement: decision, trace and reproduction; else null
 */
public record ScenarioLine(String scenario, String fs, String policy, Verdict verdict, String detail, Witness witness) {
    /** What became of a scenario. */
    public enum Verdict {
        AGREE("agree"), DISAGREE("disagree"), NOT_REALISABLE("not realisable"), NOT_APPLICABLE("not applicable");

        private final String label;

        Verdict(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }
}
