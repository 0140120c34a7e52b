package org.locktable.timing.seed;

import org.locktable.timing.cost.CostModel;
import org.locktable.timing.workload.Workload;

/**
 * One column of a published table: which seed workload, which kernel policy models it, on which profile, and
 * what is changed in the cost model for it (only seed 001's "before", see {@link Adjustment}).
 *
 * @param id short unique id, e.g. {@code s000-t1-base}
 * @param seed {@code 000} .. {@code 004}
 * @param table the table as the seed names it
 * @param label the column as the seed names it
 * @param profile the {@link org.locktable.timing.profile.Profiles profile} it runs on
 * @param workload the {@link org.locktable.timing.seed.SeedWorkloads seed workload}
 * @param policy the engine policy id that models the column
 * @param adjustment a column-specific cost term
 * @param model one line: why this policy (and adjustment) models the column
 */
public record Column(String id, String seed, String table, String label, String profile, String workload,
        String policy, Adjustment adjustment, String model) {

    /** Cost terms a column adds to its profile's cost model. */
    public enum Adjustment {
        NONE("none"),
        /**
         * Seed 001 "before": v5.5 ext4 without Jan Kara's overwrite ops. The lock path is the same as
         * {@code ext4-2019-overwrite} (exclusive, then {@code downgrade_write} for a written overwrite); what the
         * patch removed is the journal handle {@code ext4_iomap_alloc} started for every DIO write. The engine
         * has no pre-patch policy and the simulator charges journal handles only where a decision has them, so
         * the handle is charged here: the profile's {@code journalHandleNs} per write, spread over every I/O
         * as in-lock CPU ({@code lockedNs += writeShare × journalHandleNs}). Reads and writes both hold the lock
         * shared at that point, so the mean lock hold is preserved.
         */
        JOURNAL_HANDLE_PER_WRITE("+1 journal handle per write (pre-2019 ext4_iomap_alloc), as in-lock CPU");

        private final String text;

        Adjustment(String text) {
            this.text = text;
        }

        public String text() {
            return text;
        }

        /** The cost model for a run of {@code w}. */
        public CostModel apply(CostModel c, Workload w) {
            if (this == NONE) {
                return c;
            }
            double writeShare = (100 - w.job().readPercent()) / 100.0;
            return c.withLockedNs(c.lockedNs() + writeShare * c.journalHandleNs());
        }
    }
}
