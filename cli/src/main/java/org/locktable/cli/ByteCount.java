package org.locktable.cli;

import java.util.Locale;

import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Byte counts on the command line: a decimal integer, optionally negative (the engine names a negative
 * offset itself), with an optional binary suffix {@code K}, {@code M}, {@code G} or {@code T} (also
 * {@code KiB} ...), e.g. {@code 4096}, {@code 4K}, {@code 1M}.
 */
final class ByteCount {
    static final String HELP = "a byte count: digits, optionally with a K, M, G or T (binary) suffix";

    private ByteCount() {
    }

    static long parse(String text) {
        String s = text.trim();
        int shift = 0;
        String upper = s.toUpperCase(Locale.ROOT);
        String[][] suffixes = {{"KIB", "10"}, {"MIB", "20"}, {"GIB", "30"}, {"TIB", "40"},
            {"K", "10"}, {"M", "20"}, {"G", "30"}, {"T", "40"}};
        for (String[] suffix : suffixes) {
            if (upper.endsWith(suffix[0]) && upper.length() > suffix[0].length()) {
                shift = Integer.parseInt(suffix[1]);
                s = s.substring(0, s.length() - suffix[0].length());
                break;
            }
        }
        boolean negative = s.startsWith("-");
        String digits = negative || s.startsWith("+") ? s.substring(1) : s;
        if (digits.isEmpty() || !digits.chars().allMatch(ch -> ch >= '0' && ch <= '9')) {
            throw new TypeConversionException("'" + text + "' is not " + HELP);
        }
        long v;
        try {
            v = Long.parseLong(digits);
        } catch (NumberFormatException e) {
            throw new TypeConversionException("'" + text + "' is larger than 2^63 - 1");
        }
        if (shift > 0 && v > (Long.MAX_VALUE >> shift)) {
            throw new TypeConversionException("'" + text + "' is larger than 2^63 - 1");
        }
        v <<= shift;
        return negative ? -v : v;
    }

    /** For {@code long} options. */
    static final class LongConverter implements ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            return parse(value);
        }
    }

    /** For {@code int} options (sizes of blocks and sectors). */
    static final class IntConverter implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            long v = parse(value);
            if (v > Integer.MAX_VALUE || v < Integer.MIN_VALUE) {
                throw new TypeConversionException("'" + value + "' is out of range (at most 2^31 - 1)");
            }
            return (int) v;
        }
    }
}
