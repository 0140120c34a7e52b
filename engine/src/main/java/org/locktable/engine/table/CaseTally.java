package org.locktable.engine.table;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.locktable.engine.space.Case;
import org.locktable.engine.space.Cases;

/**
 * A whole space folded by condition tuple: the outcome class of each realised tuple, how many cases it has, and its
 * smallest case (the witness). The tuple is the fixed columns ({@link Column}) when they determine the class; otherwise
 * the fixed columns plus the fewest conditions of the library that do ({@link #added}), tried smallest domain first
 * and, among equals, in library order; when not even the whole library does, a {@link TableConflictException} names two
 * cases that agree on every column and differ in class.
 */
final class CaseTally {
    static final int CODES = codeSpace();

    /** What is tallied: the class of a case (its outcome, or a diff's pair of outcomes) and, for a refusal, its words. */
    interface Classifier {
        int classOf(Case c);

        String describe(Case c);
    }

    /** The library conditions added to the fixed columns, in column order; empty when the fixed columns suffice. */
    final List<Condition> added;
    /** The realised tuples, ascending: the fixed columns' values ({@link Conditions#decode}), then the added ones'. */
    final int[][] tuples;
    final int[] outcome;
    final long[] count;
    final Case[] witness;
    final long cases;

    private CaseTally(List<Condition> added, int[][] tuples, int[] outcome, long[] count, Case[] witness, long cases) {
        this.added = added;
        this.tuples = tuples;
        this.outcome = outcome;
        this.count = count;
        this.witness = witness;
        this.cases = cases;
    }

    /** Thrown out of the first pass at the first tuple with two classes: the fixed columns fall short. */
    private static final class FallsShort extends RuntimeException {
        private static final long serialVersionUID = 1L;

        FallsShort() {
            super(null, null, false, false);
        }
    }

    /** Tallies {@code space} by {@code classifier}; {@code what} names the policy (or the pair) in a refusal. */
    static CaseTally of(String what, Cases space, Classifier classifier, List<Condition> library) {
        int[] outcome = new int[CODES];
        long[] count = new long[CODES];
        Case[] witness = new Case[CODES];
        long[] cases = {0};
        try {
            space.forEach(c -> {
                int code = Conditions.of(c.inode(), c.request());
                int oc = classifier.classOf(c);
                cases[0]++;
                if (witness[code] == null) {
                    outcome[code] = oc;
                    witness[code] = c;
                } else if (outcome[code] != oc) {
                    throw new FallsShort();
                }
                count[code]++;
            });
        } catch (FallsShort e) {
            return withLibrary(what, space, classifier, library);
        }
        int n = 0;
        for (int code = 0; code < CODES; code++) {
            if (witness[code] != null) {
                n++;
            }
        }
        int[][] tuples = new int[n][];
        int[] outcomes = new int[n];
        long[] counts = new long[n];
        Case[] witnesses = new Case[n];
        int k = 0;
        for (int code = 0; code < CODES; code++) {
            if (witness[code] != null) {
                tuples[k] = Conditions.decode(code);
                outcomes[k] = outcome[code];
                counts[k] = count[code];
                witnesses[k++] = witness[code];
            }
        }
        return new CaseTally(List.of(), tuples, outcomes, counts, witnesses, cases[0]);
    }

    /** One tuple over the fixed columns and the whole library. */
    private static final class Cell {
        final int base;
        final int[] library;
        final int outcome;
        long count;
        Case witness;

        Cell(int base, int[] library, int outcome, Case witness) {
            this.base = base;
            this.library = library;
            this.outcome = outcome;
            this.witness = witness;
        }
    }

    /** The second pass, over the fixed columns and every library condition, then the fewest conditions that suffice. */
    private static CaseTally withLibrary(String what, Cases space, Classifier classifier, List<Condition> library) {
        List<Condition> order = new ArrayList<>(library);
        order.sort(Comparator.comparingInt(c -> c.values().size())); // stable: library order among equals
        int l = order.size();
        Map<List<Integer>, Cell> cells = new HashMap<>();
        long[] cases = {0};
        space.forEach(c -> {
            int base = Conditions.of(c.inode(), c.request());
            int[] values = new int[l];
            List<Integer> key = new ArrayList<>(l + 1);
            key.add(base);
            for (int i = 0; i < l; i++) {
                values[i] = order.get(i).evaluate(c.inode(), c.request());
                key.add(values[i]);
            }
            int oc = classifier.classOf(c);
            cases[0]++;
            Cell cell = cells.get(key);
            if (cell == null) {
                cell = new Cell(base, values, oc, c);
                cells.put(key, cell);
            } else if (cell.outcome != oc) {
                throw new TableConflictException(what, describe(base, order, values), cell.witness,
                        classifier.describe(cell.witness), c, classifier.describe(c));
            }
            cell.count++;
        });
        List<Cell> all = new ArrayList<>(cells.values());
        for (int k = 1; k <= l; k++) {
            int[] pick = new int[k];
            for (int i = 0; i < k; i++) {
                pick[i] = i;
            }
            do {
                if (determines(all, pick)) {
                    return tally(all, order, pick, cases[0]);
                }
            } while (next(pick, l));
        }
        throw new IllegalStateException(what + ": the whole library determines the outcome, yet no subset of it does");
    }

    /** The next k-subset of {@code 0..n-1} in lexicographic order; false after the last. */
    private static boolean next(int[] pick, int n) {
        int k = pick.length;
        for (int i = k - 1; i >= 0; i--) {
            if (pick[i] < n - k + i) {
                pick[i]++;
                for (int j = i + 1; j < k; j++) {
                    pick[j] = pick[j - 1] + 1;
                }
                return true;
            }
        }
        return false;
    }

    /** Do the fixed columns and the library conditions {@code pick} give every cell one class? */
    private static boolean determines(List<Cell> all, int[] pick) {
        Map<List<Integer>, Integer> seen = new HashMap<>();
        for (Cell cell : all) {
            Integer other = seen.putIfAbsent(key(cell, pick), cell.outcome);
            if (other != null && other != cell.outcome) {
                return false;
            }
        }
        return true;
    }

    private static List<Integer> key(Cell cell, int[] pick) {
        List<Integer> key = new ArrayList<>(pick.length + 1);
        key.add(cell.base);
        for (int p : pick) {
            key.add(cell.library[p]);
        }
        return key;
    }

    /** The cells merged over the fixed columns and the conditions {@code pick}, ascending by those values. */
    private static CaseTally tally(List<Cell> all, List<Condition> order, int[] pick, long cases) {
        Comparator<List<Integer>> ascending = (x, y) -> {
            for (int i = 0; i < x.size(); i++) {
                int d = Integer.compare(x.get(i), y.get(i));
                if (d != 0) {
                    return d;
                }
            }
            return 0;
        };
        TreeMap<List<Integer>, Cell> merged = new TreeMap<>(ascending);
        for (Cell cell : all) {
            Cell m = merged.get(key(cell, pick));
            if (m == null) {
                m = new Cell(cell.base, cell.library, cell.outcome, cell.witness);
                merged.put(key(cell, pick), m);
            } else if (cell.witness.index() < m.witness.index()) {
                m.witness = cell.witness;
            }
            m.count += cell.count;
        }
        List<Condition> added = new ArrayList<>();
        for (int p : pick) {
            added.add(order.get(p));
        }
        int n = merged.size();
        int[][] tuples = new int[n][];
        int[] outcomes = new int[n];
        long[] counts = new long[n];
        Case[] witnesses = new Case[n];
        int k = 0;
        int fixed = Column.ALL.length;
        for (Map.Entry<List<Integer>, Cell> e : merged.entrySet()) {
            int[] tuple = Arrays.copyOf(Conditions.decode(e.getValue().base), fixed + pick.length);
            for (int i = 0; i < pick.length; i++) {
                tuple[fixed + i] = e.getKey().get(1 + i);
            }
            tuples[k] = tuple;
            outcomes[k] = e.getValue().outcome;
            counts[k] = e.getValue().count;
            witnesses[k++] = e.getValue().witness;
        }
        return new CaseTally(List.copyOf(added), tuples, outcomes, counts, witnesses, cases);
    }

    /** {@code alignment=head ... I/O=sync, one block=no, ...}: every column's value, for a refusal. */
    private static String describe(int base, List<Condition> library, int[] values) {
        StringBuilder s = new StringBuilder(Conditions.describe(base));
        for (int i = 0; i < values.length; i++) {
            s.append(", ").append(library.get(i).name()).append('=').append(library.get(i).values().get(values[i]));
        }
        return s.toString();
    }

    /** The minimised rules of the tally: {@link Minimiser}'s over the fixed columns, the added ones widened first. */
    List<Rule> minimise() {
        return minimiser(added).minimise(tuples, outcome);
    }

    /** Cells of a table over the fixed columns and {@code added}: the minimiser of its rules. */
    static TupleMinimiser minimiser(List<Condition> added) {
        if (added.isEmpty()) {
            return Minimiser.CONDITIONS;
        }
        int[] sizes = new int[added.size()];
        for (int i = 0; i < sizes.length; i++) {
            sizes[i] = added.get(i).values().size();
        }
        return TupleMinimiser.conditionsAnd(sizes, sizes.length);
    }

    private static int codeSpace() {
        int n = 1;
        for (Column c : Column.ALL) {
            n *= c.size();
        }
        return n;
    }
}
