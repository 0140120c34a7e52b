package org.locktable.processor;

import java.util.Locale;
import java.util.Map;
import java.util.Set;

import javax.tools.Diagnostic;

import org.locktable.dsl.reader.Message;
import org.locktable.dsl.reader.ScenarioReader;

/**
 * The processor's {@code -A} options, read and validated once.
 *
 * <ul>
 *   <li>{@code locktable.mismatch=error|warning|off} (default warning): how a disagreement between an
 *       expectation or rule and the engine is reported at compile time. The generated test fails either way.</li>
 *   <li>{@code locktable.maxSweepCases=N} (default 1000000): the largest sweep the processor accepts.</li>
 *   <li>{@code locktable.markdown=on|off} (default on): write the Markdown pages.</li>
 * </ul>
 */
final class Options {
    static final String MISMATCH = "locktable.mismatch";
    static final String MAX_SWEEP_CASES = "locktable.maxSweepCases";
    static final String MARKDOWN = "locktable.markdown";
    static final Set<String> ALL = Set.of(MISMATCH, MAX_SWEEP_CASES, MARKDOWN);

    /** Severity of engine disagreements; null for off. */
    final Diagnostic.Kind mismatch;
    final long maxSweepCases;
    final boolean markdown;

    private Options(Diagnostic.Kind mismatch, long maxSweepCases, boolean markdown) {
        this.mismatch = mismatch;
        this.maxSweepCases = maxSweepCases;
        this.markdown = markdown;
    }

    static Options parse(Map<String, String> raw, Diagnostics diag) {
        Diagnostic.Kind mismatch = Diagnostic.Kind.WARNING;
        String m = raw.get(MISMATCH);
        if (raw.containsKey(MISMATCH) && m == null) {
            m = "";
        }
        if (m != null) {
            switch (m.toLowerCase(Locale.ROOT)) {
                case "error":
                    mismatch = Diagnostic.Kind.ERROR;
                    break;
                case "warning":
                    mismatch = Diagnostic.Kind.WARNING;
                    break;
                case "off":
                    mismatch = null;
                    break;
                default:
                    diag.global(Message.BAD_OPTION, MISMATCH, m, "use error, warning or off");
            }
        }
        long max = ScenarioReader.DEFAULT_MAX_SWEEP_CASES;
        String s = raw.get(MAX_SWEEP_CASES);
        if (raw.containsKey(MAX_SWEEP_CASES) && s == null) {
            s = "";
        }
        if (s != null) {
            try {
                max = Long.parseLong(s.trim());
                if (max < 1) {
                    throw new NumberFormatException();
                }
            } catch (NumberFormatException e) {
                diag.global(Message.BAD_OPTION, MAX_SWEEP_CASES, s, "use a whole number of cases, at least 1");
                max = ScenarioReader.DEFAULT_MAX_SWEEP_CASES;
            }
        }
        boolean markdown = true;
        String md = raw.get(MARKDOWN);
        if (raw.containsKey(MARKDOWN) && md == null) {
            md = "";
        }
        if (md != null) {
            if (md.equalsIgnoreCase("off")) {
                markdown = false;
            } else if (!md.equalsIgnoreCase("on")) {
                diag.global(Message.BAD_OPTION, MARKDOWN, md, "use on or off");
            }
        }
        return new Options(mismatch, max, markdown);
    }
}
