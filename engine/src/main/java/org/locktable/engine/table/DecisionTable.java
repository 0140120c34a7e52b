package org.locktable.engine.table;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

import org.locktable.engine.policy.Policy;
import org.locktable.engine.policy.PolicyInfo;
import org.locktable.engine.space.Case;
import org.locktable.engine.space.Cases;
import org.locktable.engine.text.MarkdownTable;

/**
 * A policy's decisions over a whole {@link CaseSpace}, minimised into rules over the condition columns.
 * Every case of the space is reproduced: all rules matching its conditions give its outcome
 * ({@link #lookup(int)}; DecisionTableTest checks it case by case).
 */
public final class DecisionTable {
    private final PolicyInfo policy;
    private final Cases space;
    private final List<Rule> rules;
    private final long[] ruleCases;
    private final Case[] ruleWitness;
    private final long cases;
    private final int tuples;

    private DecisionTable(PolicyInfo policy, Cases space, List<Rule> rules, long[] ruleCases, Case[] ruleWitness,
            long cases, int tuples) {
        this.policy = policy;
        this.space = space;
        this.rules = rules;
        this.ruleCases = ruleCases;
        this.ruleWitness = ruleWitness;
        this.cases = cases;
        this.tuples = tuples;
    }

    /** Decides every case of the space and minimises; throws {@link TableConflictException} if the columns fall short. */
    public static DecisionTable build(Policy policy, Cases space) {
        CaseTally tally = CaseTally.of(policy, space);
        int[] codes = tally.realisedCodes();
        int[] outcomes = new int[codes.length];
        for (int i = 0; i < codes.length; i++) {
            outcomes[i] = tally.outcome[codes[i]];
        }
        List<Rule> rules = new ArrayList<>(Minimiser.minimise(codes, outcomes));
        rules.sort(Comparator.comparingInt(DecisionTable::lockOrder).thenComparingInt(Rule::outcome));
        long[] ruleCases = new long[rules.size()];
        Case[] ruleWitness = new Case[rules.size()];
        for (int r = 0; r < rules.size(); r++) {
            for (int code : codes) {
                if (rules.get(r).matches(Conditions.decode(code))) {
                    ruleCases[r] += tally.count[code];
                    Case w = tally.witness[code];
                    if (ruleWitness[r] == null || w.index() < ruleWitness[r].index()) {
                        ruleWitness[r] = w;
                    }
                }
            }
        }
        return new DecisionTable(policy.info(), space, List.copyOf(rules), ruleCases, ruleWitness, tally.cases, codes.length);
    }

    /**
     * The minimised rules of outcomes that come from elsewhere than a policy (a kernel's observed answers):
     * {@code codes} the realised condition codes, ascending, {@code outcomes[i]} the outcome class of
     * {@code codes[i]}; condition codes not in {@code codes} are don't-cares.
     */
    public static List<Rule> minimise(int[] codes, int[] outcomes) {
        return Minimiser.minimise(codes, outcomes);
    }

    /** Shared rows first, then exclusive, then refusals. */
    private static int lockOrder(Rule r) {
        Outcome o = Outcome.fromCode(r.outcome());
        return o.finalLock().ordinal() == 1 ? 0 : o.finalLock().ordinal() == 2 ? 1 : 2;
    }

    public PolicyInfo policy() {
        return policy;
    }

    public Cases space() {
        return space;
    }

    public List<Rule> rules() {
        return rules;
    }

    public long caseCount() {
        return cases;
    }

    /** Distinct condition tuples the space realises. */
    public int tupleCount() {
        return tuples;
    }

    /** The outcome the table gives for a condition code: present when some rule matches and all matching rules agree. */
    public Optional<Outcome> lookup(int conditionCode) {
        int[] values = Conditions.decode(conditionCode);
        Integer found = null;
        for (Rule r : rules) {
            if (r.matches(values)) {
                if (found != null && found != r.outcome()) {
                    return Optional.empty();
                }
                found = r.outcome();
            }
        }
        return found == null ? Optional.empty() : Optional.of(Outcome.fromCode(found));
    }

    public String toMarkdown() {
        StringBuilder md = new StringBuilder();
        md.append("# ").append(policy.id()).append(" — decision table\n\n");
        md.append(Legend.table()).append('\n');
        md.append(policy.title()).append(". Kernel: ").append(policy.kernel()).append(" (").append(policy.status().label())
                .append("). Seed: ").append(policy.seed().isEmpty() ? "none" : "`" + policy.seed() + "`").append(".\n\n");
        md.append("Space: ").append(space.describe()).append(". ");
        md.append(tuples).append(" distinct condition tuples, merged into ").append(rules.size())
                .append(" rows; every case matches at least one row and all rows it matches agree.\n\n");
        MarkdownTable table = Markdown.numberedTable("final lock", "drain", "force-wait", "NOWAIT gets", "result", "cases", "smallest case");
        for (int r = 0; r < rules.size(); r++) {
            Rule rule = rules.get(r);
            List<String> cells = new ArrayList<>();
            cells.add(Integer.toString(r + 1));
            cells.addAll(rule.cells());
            for (String c : Outcome.fromCode(rule.outcome()).cells()) {
                cells.add(c);
            }
            cells.add(Long.toString(ruleCases[r]));
            cells.add(Markdown.witness(ruleWitness[r]));
            table.row(cells);
        }
        return md.append(table.render()).toString();
    }
}
