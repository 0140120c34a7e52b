package org.locktable.timing.fio;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * fio's value syntax (HOWTO "Parameter types"): integers with {@code 0x} and unit suffixes, percentages,
 * times, ranges, booleans, and any number as an arithmetic expression in parentheses.
 *
 * <p>Size units, case-insensitive, an optional trailing {@code b}: with the default {@code kb_base=1024}
 * {@code k m g t p} are powers of 1024 (4k = 4096) and, in this compatibility mode, {@code ki mi gi ti pi}
 * (and {@code kib}…) powers of 1000 (1mi = 1,000,000), the reverse of SI/IEC; with {@code kb_base=1000} the
 * other way round. (fio 3.42's {@code parse.c} only reverses the {@code kib/mib/…} spellings and reads a bare
 * {@code ki} as {@code k}; this follows the HOWTO, which gives {@code 1mi} = 1,000,000.)
 *
 * <p>Times: {@code us usec ms msec s sec m h d}, seconds by default.
 */
final class FioValues {
    private FioValues() {
    }

    /** A value that does not parse; the caller adds the option and its location. */
    static final class BadValue extends Exception {
        private static final long serialVersionUID = 1L;

        BadValue(String message) {
            super(message, null, false, false);
        }
    }

    /** Bytes, or a percentage of something the caller knows ({@code offset=20%}). */
    record Amount(long bytes, int percent) {
        boolean isPercent() {
            return percent >= 0;
        }
    }

    private static final Pattern NUMBER = Pattern.compile("(?i)(0x[0-9a-f]+|[0-9]+)([a-z]*)");
    private static final Pattern PERCENT = Pattern.compile("([0-9]+)%");

    /** The multiplier of a size suffix (any case, without the number), or -1 if it is not one. */
    static long sizeMultiplier(String suffix, int kbBase) {
        String u = suffix.toLowerCase(Locale.ROOT);
        if (u.isEmpty() || u.equals("b")) {
            return 1;
        }
        if (u.endsWith("b")) {
            u = u.substring(0, u.length() - 1);
        }
        boolean iec = u.endsWith("i");
        if (iec) {
            u = u.substring(0, u.length() - 1);
        }
        if (u.length() != 1) {
            return -1;
        }
        int pow = "kmgtp".indexOf(u.charAt(0)) + 1;
        if (pow == 0) {
            return -1;
        }
        long base = (kbBase == 1000) == iec ? 1024 : 1000;
        long r = 1;
        for (int i = 0; i < pow; i++) {
            r *= base;
        }
        return r;
    }

    /** Microseconds per unit of a time suffix (any case), or -1 if it is not one; "" is -1. */
    static long timeMultiplierMicros(String suffix) {
        switch (suffix.toLowerCase(Locale.ROOT)) {
            case "us":
            case "usec":
                return 1L;
            case "ms":
            case "msec":
                return 1_000L;
            case "s":
            case "sec":
                return 1_000_000L;
            case "m":
                return 60_000_000L;
            case "h":
                return 3_600_000_000L;
            case "d":
                return 86_400_000_000L;
            default:
                return -1L;
        }
    }

    /** A non-negative byte count: {@code 4096}, {@code 4k}, {@code 0x1000}, {@code (2*4k)}. */
    static long bytes(String value, int kbBase) throws BadValue {
        Amount a = amount(value, kbBase);
        if (a.isPercent()) {
            throw new BadValue("a percentage is not accepted here");
        }
        return a.bytes();
    }

    /** Bytes or a percentage ({@code 1..100%}). */
    static Amount amount(String value, int kbBase) throws BadValue {
        String v = value.trim();
        if (v.isEmpty()) {
            throw new BadValue("empty value, expected a size such as 4k");
        }
        if (v.startsWith("(")) {
            FioExpression.Result r = FioExpression.evaluate(v, FioExpression.Kind.SIZE, kbBase);
            long b = r.asLong();
            if (b < 0) {
                throw new BadValue(v + " is negative");
            }
            return new Amount(b, -1);
        }
        Matcher p = PERCENT.matcher(v);
        if (p.matches()) {
            int pct = parseIntOrBad(p.group(1), v);
            if (pct < 1 || pct > 100) {
                throw new BadValue("percentage " + v + " is outside 1%..100%");
            }
            return new Amount(0, pct);
        }
        Matcher m = NUMBER.matcher(v);
        if (!m.matches()) {
            if (v.matches("[0-9]*\\.[0-9]+.*")) {
                throw new BadValue("'" + v + "' has a fraction, which fio does not read (it would take the "
                        + "integer part); write an expression such as (1.5*1g)");
            }
            throw new BadValue("'" + v + "' is not a size (a number with an optional k/m/g/t/p unit, e.g. 4k)");
        }
        String digits = m.group(1);
        long n;
        try {
            n = digits.toLowerCase(Locale.ROOT).startsWith("0x") ? Long.parseLong(digits.substring(2), 16)
                    : Long.parseLong(digits);
        } catch (NumberFormatException e) {
            throw new BadValue("'" + v + "' is too large");
        }
        long mult = sizeMultiplier(m.group(2), kbBase);
        if (mult < 0) {
            throw new BadValue("'" + v + "' has an unknown unit '" + m.group(2) + "' (k, m, g, t, p, with an "
                    + "optional i and b)");
        }
        try {
            return new Amount(Math.multiplyExact(n, mult), -1);
        } catch (ArithmeticException e) {
            throw new BadValue("'" + v + "' is too large");
        }
    }

    /** A non-negative integer (units allowed, as fio reads integers like sizes). */
    static int integer(String value, int kbBase) throws BadValue {
        long b = bytes(value, kbBase);
        if (b > Integer.MAX_VALUE) {
            throw new BadValue("'" + value.trim() + "' is too large");
        }
        return (int) b;
    }

    /**
     * A time in seconds: {@code 30}, {@code 30s}, {@code 2m}, {@code 500ms}, {@code (1m+30s)}. fio keeps a
     * parenthesised time for a seconds-valued option in whole seconds ({@code str_to_decimal} divides by
     * 10^6), so {@code (1500ms)} is 1 s, while {@code 1500ms} is 1.5 s.
     */
    static double seconds(String value) throws BadValue {
        String v = value.trim();
        if (v.isEmpty()) {
            throw new BadValue("empty value, expected a time such as 30s");
        }
        if (v.startsWith("(")) {
            FioExpression.Result r = FioExpression.evaluate(v, FioExpression.Kind.TIME, 1024);
            double micros = r.unitsSpecified() ? r.value() : r.value() * 1e6;
            if (micros < 0) {
                throw new BadValue(v + " is negative");
            }
            return Math.floor(micros / 1e6);
        }
        Matcher m = NUMBER.matcher(v);
        if (!m.matches() || m.group(1).toLowerCase(Locale.ROOT).startsWith("0x")) {
            throw new BadValue("'" + v + "' is not a time (a number with an optional unit us, ms, s, m, h, d)");
        }
        long n;
        try {
            n = Long.parseLong(m.group(1));
        } catch (NumberFormatException e) {
            throw new BadValue("'" + v + "' is too large");
        }
        if (m.group(2).isEmpty()) {
            return n;
        }
        long mult = timeMultiplierMicros(m.group(2));
        if (mult < 0) {
            throw new BadValue("'" + v + "' has an unknown time unit '" + m.group(2) + "' (us, ms, s, m, h, d)");
        }
        return n * (mult / 1e6);
    }

    /** A boolean: 0 or 1 (or an expression). */
    static boolean bool(String value) throws BadValue {
        String v = value.trim();
        if (v.equals("0")) {
            return false;
        }
        if (v.equals("1")) {
            return true;
        }
        if (v.startsWith("(")) {
            return FioExpression.evaluate(v, FioExpression.Kind.PLAIN, 1024).value() != 0;
        }
        throw new BadValue("'" + v + "' is not a boolean (fio takes 0 or 1)");
    }

    /** A byte range {@code a-b} or {@code a:b} (swapped if reversed), or one value as {@code [v, v]}. */
    static long[] range(String value, int kbBase) throws BadValue {
        String v = value.trim();
        int sep = -1;
        int depth = 0;
        for (int i = 0; i < v.length(); i++) {
            char c = v.charAt(i);
            if (c == '(') {
                depth++;
            } else if (c == ')') {
                depth--;
            } else if (depth == 0 && i > 0 && (c == '-' || c == ':')) {
                sep = i;
                break;
            }
        }
        if (sep < 0) {
            long b = bytes(v, kbBase);
            return new long[] {b, b};
        }
        long lo = bytes(v.substring(0, sep), kbBase);
        long hi = bytes(v.substring(sep + 1), kbBase);
        return lo <= hi ? new long[] {lo, hi} : new long[] {hi, lo};
    }

    private static int parseIntOrBad(String digits, String whole) throws BadValue {
        try {
            return Integer.parseInt(digits);
        } catch (NumberFormatException e) {
            throw new BadValue("'" + whole + "' is too large");
        }
    }
}
