package org.locktable.engine.table;

import org.locktable.engine.space.Case;

/**
 * No table can be right: two cases agree on every column a table can have — the fixed condition columns and every
 * condition of the {@link ConditionLibrary} — yet the policy (or, for a diff, the pair of policies) decides them
 * differently. Names the policy and both cases with what each got; {@code locktable table} and {@code diff} refuse with
 * it (exit 2). A condition that tells the two apart, added to the library, makes the table possible (engine/README.md).
 */
public final class TableConflictException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String policy;
    private final transient Case first;
    private final transient Case second;

    TableConflictException(String policy, String columns, Case first, String firstOutcome, Case second,
            String secondOutcome) {
        super(policy + ": no table column, the condition library's included, tells these two cases apart, yet they are "
                + "decided differently:\n  " + first + " -> " + firstOutcome + "\n  " + second + " -> " + secondOutcome
                + "\n  (both: " + columns + ")");
        this.policy = policy;
        this.first = first;
        this.second = second;
    }

    /** The policy, or for a diff {@code a and b}. */
    public String policy() {
        return policy;
    }

    /** The smallest case of the tuple the two share. */
    public Case first() {
        return first;
    }

    /** The first case found with another outcome. */
    public Case second() {
        return second;
    }
}
