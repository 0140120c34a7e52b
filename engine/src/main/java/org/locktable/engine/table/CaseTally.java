package org.locktable.engine.table;

import org.locktable.engine.decision.Detail;
import org.locktable.engine.policy.Policy;
import org.locktable.engine.space.Case;
import org.locktable.engine.space.Cases;

/**
 * One policy over a whole space, folded by condition tuple: the outcome of each realised tuple, how many
 * cases it has, and its smallest case (the witness).
 */
final class CaseTally {
    static final int CODES = codeSpace();

    final String policy;
    final Cases space;
    final int[] outcome = new int[CODES];
    final long[] count = new long[CODES];
    final Case[] witness = new Case[CODES];
    long cases;

    private CaseTally(String policy, Cases space) {
        this.policy = policy;
        this.space = space;
        java.util.Arrays.fill(outcome, -1);
    }

    static CaseTally of(Policy policy, Cases space) {
        CaseTally t = new CaseTally(policy.id(), space);
        space.forEach(c -> t.add(c, Outcome.codeOf(policy.decide(c.inode(), c.request(), Detail.LOCK))));
        return t;
    }

    private void add(Case c, int oc) {
        int code = Conditions.of(c.inode(), c.request());
        cases++;
        if (outcome[code] < 0) {
            outcome[code] = oc;
            witness[code] = c;
        } else if (outcome[code] != oc) {
            throw new TableConflictException(policy, code, witness[code], Outcome.fromCode(outcome[code]), c,
                    Outcome.fromCode(oc));
        }
        count[code]++;
    }

    int[] realisedCodes() {
        int n = 0;
        for (int code = 0; code < CODES; code++) {
            if (outcome[code] >= 0) {
                n++;
            }
        }
        int[] codes = new int[n];
        int k = 0;
        for (int code = 0; code < CODES; code++) {
            if (outcome[code] >= 0) {
                codes[k++] = code;
            }
        }
        return codes;
    }

    private static int codeSpace() {
        int n = 1;
        for (Column c : Column.ALL) {
            n *= c.size();
        }
        return n;
    }
}
