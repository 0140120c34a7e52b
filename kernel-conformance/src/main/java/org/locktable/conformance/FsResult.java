package org.locktable.conformance;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.locktable.engine.decision.Result;

/** The exhaustive run on one file system: counts, classes, disagreements, layouts not realisable. */
public final class FsResult {
    /** Columns of a class tally. */
    static final int CASES = 0;
    static final int REALISED = 1;
    static final int AGREED = 2;
    static final int DISAGREED = 3;
    static final int NOT_REALISABLE = 4;
    static final int K_OK = 5;
    static final int K_EAGAIN = 6;
    static final int K_EINVAL = 7;
    static final int K_OTHER = 8;
    static final int COLUMNS = 9;

    /** Disagreements with one condition code and the same pair of answers; the witness is the first in space order. */
    public static final class DisagreementGroup {
        private Disagreement witness;
        private long count;
        private Witness details;

        DisagreementGroup(Disagreement witness) {
            this.witness = witness;
        }

        public Disagreement witness() {
            return witness;
        }

        public long count() {
            return count;
        }

        public Witness details() {
            return details;
        }

        void details(Witness w) {
            details = w;
        }
    }

    /** The kernel's answer per case index: O, A (EAGAIN), I (EINVAL), X (other); 0 where not probed. */
    private byte[] answers = new byte[0];

    /** Records the kernel's answer to case {@code index} (the space's order). */
    void answer(long index, KernelAnswer k) {
        int i = Math.toIntExact(index);
        if (i >= answers.length) {
            answers = java.util.Arrays.copyOf(answers, Math.max(i + 1, answers.length * 2));
        }
        answers[i] = (byte) k.code();
    }

    /** The kernel's answer to case {@code index}: {@code O}, {@code A}, {@code I}, {@code X}, or {@code .} if not probed. */
    public char answer(long index) {
        return index < answers.length && answers[(int) index] != 0 ? (char) answers[(int) index] : '.';
    }

    /** Asked layouts the file system produced differently, grouped by what it produced and why it failed. */
    public static final class NotRealisableGroup {
        private final String produced;
        private final String reason;
        private long cases;
        private final List<String> asked = new ArrayList<>();

        NotRealisableGroup(String produced, String reason) {
            this.produced = produced;
            this.reason = reason;
        }

        public String produced() {
            return produced;
        }

        public String reason() {
            return reason;
        }

        public long cases() {
            return cases;
        }

        public List<String> asked() {
            return asked;
        }
    }

    private final FsSpec spec;
    private final String policy;
    private final String space;
    final long[][] classes = new long[Classes.count()][COLUMNS];
    private final List<Disagreement> disagreements = new ArrayList<>();
    private final Map<String, DisagreementGroup> disagreementGroups = new LinkedHashMap<>();
    private final Map<String, NotRealisableGroup> notRealisable = new LinkedHashMap<>();
    private final Map<String, Long> kernelAnswers = new TreeMap<>();
    private final List<String> anomalies = new ArrayList<>();

    // console-only statistics (timing-dependent: never in the report)
    long probes;
    long attempts;
    long spurious;
    long builds;
    long buildAttempts;
    long nanos;

    public FsResult(FsSpec spec, String policy, String space) {
        this.spec = spec;
        this.policy = policy;
        this.space = space;
    }

    public FsSpec spec() {
        return spec;
    }

    public String policy() {
        return policy;
    }

    public String space() {
        return space;
    }

    public long total(int column) {
        long n = 0;
        for (long[] c : classes) {
            n += c[column];
        }
        return n;
    }

    public long cases() {
        return total(CASES);
    }

    public long realised() {
        return total(REALISED);
    }

    public long agreed() {
        return total(AGREED);
    }

    public long disagreed() {
        return total(DISAGREED);
    }

    public long notRealisableCases() {
        return total(NOT_REALISABLE);
    }

    public List<Disagreement> disagreements() {
        return disagreements;
    }

    /** The classes of disagreements, by their witness's place in the space. */
    public List<DisagreementGroup> disagreementGroups() {
        List<DisagreementGroup> out = new ArrayList<>(disagreementGroups.values());
        out.sort((a, b) -> Long.compare(a.witness.index(), b.witness.index()));
        return out;
    }

    public List<NotRealisableGroup> notRealisable() {
        return new ArrayList<>(notRealisable.values());
    }

    public Map<String, Long> kernelAnswers() {
        return kernelAnswers;
    }

    /** Probes whose file, checked again after them, was no longer the one built (should stay empty). */
    public List<String> anomalies() {
        return anomalies;
    }

    public long probes() {
        return probes;
    }

    public long attempts() {
        return attempts;
    }

    public long spurious() {
        return spurious;
    }

    public long builds() {
        return builds;
    }

    public long buildAttempts() {
        return buildAttempts;
    }

    public long nanos() {
        return nanos;
    }

    void probed(int cls, KernelAnswer kernel, Result engine, Disagreement d) {
        long[] c = classes[cls];
        c[CASES]++;
        c[REALISED]++;
        kernelAnswers.merge(kernel.name(), 1L, Long::sum);
        switch (kernel.name()) {
            case "OK":
                c[K_OK]++;
                break;
            case "EAGAIN":
                c[K_EAGAIN]++;
                break;
            case "EINVAL":
                c[K_EINVAL]++;
                break;
            default:
                c[K_OTHER]++;
        }
        if (d == null) {
            c[AGREED]++;
            return;
        }
        c[DISAGREED]++;
        disagreements.add(d);
        String key = d.conditions() + "/" + kernel + "/" + engine;
        DisagreementGroup g = disagreementGroups.computeIfAbsent(key, k -> new DisagreementGroup(d));
        g.count++;
        if (d.index() < g.witness.index()) {
            g.witness = d; // groups interleave in the space's order: keep the smallest case
        }
    }

    void notRealisable(int cls, Realisation r, String asked) {
        classes[cls][CASES]++;
        classes[cls][NOT_REALISABLE]++;
        NotRealisableGroup g = notRealisable.computeIfAbsent(r.produced() + "\n" + r.reason(),
                k -> new NotRealisableGroup(r.produced(), r.reason()));
        g.cases++;
        if (g.asked.isEmpty() || !g.asked.get(g.asked.size() - 1).equals(asked)) {
            g.asked.add(asked);
        }
    }
}
