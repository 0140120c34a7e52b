package org.locktable.engine.table;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

import org.locktable.engine.decision.Detail;
import org.locktable.engine.model.Inode;
import org.locktable.engine.model.WriteRequest;
import org.locktable.engine.policy.Policy;
import org.locktable.engine.policy.PolicyInfo;
import org.locktable.engine.space.Case;
import org.locktable.engine.space.Cases;
import org.locktable.engine.text.MarkdownTable;

/**
 * A policy's decisions over a whole {@link CaseSpace}, minimised into rules over the condition columns: the fixed ones
 * ({@link Column}) and, when those do not determine the policy's decisions, the fewest conditions of the
 * {@link ConditionLibrary} that do ({@link #addedConditions()}). Every case of the space is reproduced: all rules
 * matching its conditions give its outcome ({@link #lookup(Inode, WriteRequest)}; DecisionTableTest checks it case by
 * case).
 */
public final class DecisionTable {
    private final PolicyInfo policy;
    private final Cases space;
    private final List<Condition> added;
    private final List<Rule> rules;
    private final long[] ruleCases;
    private final Case[] ruleWitness;
    private final long cases;
    private final int tuples;

    private DecisionTable(PolicyInfo policy, Cases space, List<Condition> added, List<Rule> rules, long[] ruleCases,
            Case[] ruleWitness, long cases, int tuples) {
        this.policy = policy;
        this.space = space;
        this.added = added;
        this.rules = rules;
        this.ruleCases = ruleCases;
        this.ruleWitness = ruleWitness;
        this.cases = cases;
        this.tuples = tuples;
    }

    /**
     * Decides every case of the space and minimises, adding columns from {@link ConditionLibrary#standard()} where the
     * fixed ones fall short; throws {@link TableConflictException} when even the whole library does.
     */
    public static DecisionTable build(Policy policy, Cases space) {
        return build(policy, space, ConditionLibrary.standard());
    }

    /** As {@link #build(Policy, Cases)}, with {@code library} the conditions the table may add, in the order it tries them. */
    public static DecisionTable build(Policy policy, Cases space, List<Condition> library) {
        CaseTally tally = CaseTally.of(policy.id(), space, new CaseTally.Classifier() {
            @Override
            public int classOf(Case c) {
                return Outcome.codeOf(policy.decide(c.inode(), c.request(), Detail.LOCK));
            }

            @Override
            public String describe(Case c) {
                return Outcome.of(policy.decide(c.inode(), c.request(), Detail.LOCK)).toString();
            }
        }, library);
        List<Rule> rules = new ArrayList<>(tally.minimise());
        rules.sort(Comparator.comparingInt(DecisionTable::lockOrder).thenComparingInt(Rule::outcome));
        long[] ruleCases = new long[rules.size()];
        Case[] ruleWitness = new Case[rules.size()];
        for (int r = 0; r < rules.size(); r++) {
            for (int i = 0; i < tally.tuples.length; i++) {
                if (rules.get(r).matches(tally.tuples[i])) {
                    ruleCases[r] += tally.count[i];
                    Case w = tally.witness[i];
                    if (ruleWitness[r] == null || w.index() < ruleWitness[r].index()) {
                        ruleWitness[r] = w;
                    }
                }
            }
        }
        return new DecisionTable(policy.info(), space, tally.added, List.copyOf(rules), ruleCases, ruleWitness,
                tally.cases, tally.tuples.length);
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

    /**
     * The library conditions the table adds after the fixed columns, in column order: empty when the fixed columns
     * determine the policy's decisions (every built-in policy). A rule's masks hold the fixed columns, then these.
     */
    public List<Condition> addedConditions() {
        return added;
    }

    public List<Rule> rules() {
        return rules;
    }

    /** A rule's condition cells: the fixed columns', then the added conditions'. */
    public List<String> cells(Rule rule) {
        return rule.cells(added);
    }

    public long caseCount() {
        return cases;
    }

    /** Distinct condition tuples the space realises. */
    public int tupleCount() {
        return tuples;
    }

    /** The values of every column of this table for one case: the fixed columns', then the added conditions'. */
    public int[] conditions(Inode inode, WriteRequest request) {
        int[] values = Arrays.copyOf(Conditions.decode(Conditions.of(inode, request)), Column.ALL.length + added.size());
        for (int i = 0; i < added.size(); i++) {
            values[Column.ALL.length + i] = added.get(i).evaluate(inode, request);
        }
        return values;
    }

    /** The outcome the table gives for one case: present when some rule matches and all matching rules agree. */
    public Optional<Outcome> lookup(Inode inode, WriteRequest request) {
        return lookup(conditions(inode, request));
    }

    /**
     * The outcome the table gives for a condition code of the fixed columns: present when some rule matches and all
     * matching rules agree. The added conditions, which a code does not carry, take any value.
     */
    public Optional<Outcome> lookup(int conditionCode) {
        int[] values = Arrays.copyOf(Conditions.decode(conditionCode), Column.ALL.length + added.size());
        for (int i = 0; i < added.size(); i++) {
            values[Column.ALL.length + i] = -1;
        }
        return lookup(values);
    }

    /** {@code values[i] < 0}: column i takes any value. */
    private Optional<Outcome> lookup(int[] values) {
        Integer found = null;
        for (Rule r : rules) {
            if (matches(r.masks(), values)) {
                if (found != null && found != r.outcome()) {
                    return Optional.empty();
                }
                found = r.outcome();
            }
        }
        return found == null ? Optional.empty() : Optional.of(Outcome.fromCode(found));
    }

    private static boolean matches(int[] masks, int[] values) {
        for (int i = 0; i < masks.length; i++) {
            if (values[i] >= 0 && (masks[i] & (1 << values[i])) == 0) {
                return false;
            }
        }
        return true;
    }

    public String toMarkdown() {
        StringBuilder md = new StringBuilder();
        md.append("# ").append(policy.id()).append(" — decision table\n\n");
        md.append(Legend.table(added)).append('\n');
        md.append(policy.title()).append(". Kernel: ").append(policy.kernel()).append(" (").append(policy.status().label())
                .append("). Seed: ").append(policy.seed().isEmpty() ? "none" : "`" + policy.seed() + "`").append(".\n\n");
        md.append("Space: ").append(space.describe()).append(". ");
        md.append(tuples).append(" distinct condition tuples, merged into ").append(rules.size())
                .append(" rows; every case matches at least one row and all rows it matches agree.\n\n");
        md.append(Markdown.addedColumns(added, "this policy's decisions", "the table adds"));
        MarkdownTable table = Markdown.numberedTable(added, "final lock", "drain", "force-wait", "NOWAIT gets", "result",
                "cases", "smallest case");
        for (int r = 0; r < rules.size(); r++) {
            Rule rule = rules.get(r);
            List<String> cells = new ArrayList<>();
            cells.add(Integer.toString(r + 1));
            cells.addAll(rule.cells(added));
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
