package org.locktable.engine.table;

import org.locktable.engine.space.Case;

/**
 * Two cases with the same condition tuple got different outcomes: the condition columns do not determine
 * the policy's decision, so no table over them can be right. Names both cases.
 */
public final class TableConflictException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    TableConflictException(String policy, int code, Case first, Outcome firstOutcome, Case second, Outcome secondOutcome) {
        super(policy + ": the conditions " + Conditions.describe(code) + " do not determine the outcome:\n  " + first
                + " -> " + firstOutcome + "\n  " + second + " -> " + secondOutcome);
    }
}
