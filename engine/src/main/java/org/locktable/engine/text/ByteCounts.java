package org.locktable.engine.text;

import java.util.Locale;

/**
 * Byte counts as people write them: a decimal integer, optionally signed (the engine names a negative offset itself),
 * with an optional binary suffix {@code K}, {@code M}, {@code G} or {@code T} (also {@code KiB} ...): {@code 4096},
 * {@code 4K}, {@code 1M}. The command line's options and the operations of {@code race} read them alike.
 */
public final class ByteCounts {
    public static final String HELP = "a byte count: digits, optionally with a K, M, G or T (binary) suffix";
    private static final String[][] SUFFIXES = {{"KIB", "10"}, {"MIB", "20"}, {"GIB", "30"}, {"TIB", "40"},
        {"K", "10"}, {"M", "20"}, {"G", "30"}, {"T", "40"}};

    private ByteCounts() {
    }

    /** The count; an {@link IllegalArgumentException} whose message quotes {@code text} says what is wrong. */
    public static long parse(String text) {
        String s = text.trim();
        int shift = 0;
        String upper = s.toUpperCase(Locale.ROOT);
        for (String[] suffix : SUFFIXES) {
            if (upper.endsWith(suffix[0]) && upper.length() > suffix[0].length()) {
                shift = Integer.parseInt(suffix[1]);
                s = s.substring(0, s.length() - suffix[0].length());
                break;
            }
        }
        boolean negative = s.startsWith("-");
        String digits = negative || s.startsWith("+") ? s.substring(1) : s;
        if (digits.isEmpty() || !digits.chars().allMatch(ch -> ch >= '0' && ch <= '9')) {
            throw new IllegalArgumentException("'" + text + "' is not " + HELP);
        }
        long v;
        try {
            v = Long.parseLong(digits);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + text + "' is larger than 2^63 - 1");
        }
        if (shift > 0 && v > (Long.MAX_VALUE >> shift)) {
            throw new IllegalArgumentException("'" + text + "' is larger than 2^63 - 1");
        }
        v <<= shift;
        return negative ? -v : v;
    }
}
