package org.locktable.timing.fio;

/**
 * fio's arithmetic in parentheses ({@code exp/expression-parser.y}): {@code + - * / % ^}, unary minus,
 * parentheses, decimal, floating and {@code 0x} numbers, and a unit suffix after a number or a parenthesised
 * term ({@code (1+1)k}).
 *
 * <p>Integer operands give integer results ({@code (5/2)} is 2), as in fio; a floating operand makes the
 * result floating. Precedence is the usual one ({@code ^} binds tightest and is right associative, then
 * unary minus, then {@code * / %}, then {@code + -}); fio's grammar gives {@code %} a higher precedence than
 * {@code *}, which only matters for expressions nobody writes.
 *
 * <p>Units: for sizes the same suffixes as outside expressions ({@link FioValues#sizeMultiplier}); for times
 * {@code us usec ms msec s sec m h d}, and a number without a unit counts in microseconds <em>if any unit
 * appears in the expression</em>; when none appears the caller applies the option's default unit (fio's
 * {@code implied_units}: {@code runtime=(10+20)} is 30 seconds, {@code runtime=(1s+500)} is 1.0005 s).
 */
final class FioExpression {
    /** What an expression means. */
    enum Kind {
        /** Bytes; k/m/g… suffixes. */
        SIZE,
        /** Microseconds; us/ms/s/m/h/d suffixes. */
        TIME,
        /** A plain number; size suffixes are accepted as multipliers. */
        PLAIN
    }

    /** The value (bytes, microseconds or a plain number) and whether the text named a unit. */
    record Result(double value, boolean integral, boolean unitsSpecified) {
        long asLong() {
            return integral ? (long) value : Math.round(value);
        }
    }

    private final String text;
    private final Kind kind;
    private final int kbBase;
    private int pos;
    private boolean unitsSpecified;

    private FioExpression(String text, Kind kind, int kbBase) {
        this.text = text;
        this.kind = kind;
        this.kbBase = kbBase;
    }

    static Result evaluate(String text, Kind kind, int kbBase) throws FioValues.BadValue {
        FioExpression e = new FioExpression(text, kind, kbBase);
        Num n;
        try {
            n = e.expression();
        } catch (ArithmeticException overflow) {
            throw new FioValues.BadValue("the expression " + text + " overflows");
        }
        e.skipBlanks();
        if (e.pos != text.length()) {
            throw new FioValues.BadValue("unexpected '" + text.charAt(e.pos) + "' at column " + (e.pos + 1)
                    + " of the expression " + text);
        }
        return new Result(n.integral ? (double) n.i : n.d, n.integral, e.unitsSpecified);
    }

    /** A number that stays an exact long while only integers are involved. */
    private record Num(long i, double d, boolean integral) {
        static Num of(long v) {
            return new Num(v, v, true);
        }

        static Num of(double v) {
            return new Num((long) v, v, false);
        }

        double value() {
            return integral ? i : d;
        }
    }

    private Num expression() throws FioValues.BadValue {
        Num left = term();
        while (true) {
            skipBlanks();
            if (peek('+')) {
                pos++;
                Num r = term();
                left = left.integral && r.integral ? Num.of(Math.addExact(left.i, r.i))
                        : Num.of(left.value() + r.value());
            } else if (peek('-')) {
                pos++;
                Num r = term();
                left = left.integral && r.integral ? Num.of(Math.subtractExact(left.i, r.i))
                        : Num.of(left.value() - r.value());
            } else {
                return left;
            }
        }
    }

    private Num term() throws FioValues.BadValue {
        Num left = unary();
        while (true) {
            skipBlanks();
            if (peek('*')) {
                pos++;
                Num r = unary();
                left = left.integral && r.integral ? Num.of(Math.multiplyExact(left.i, r.i))
                        : Num.of(left.value() * r.value());
            } else if (peek('/')) {
                pos++;
                Num r = unary();
                if (r.value() == 0) {
                    throw new FioValues.BadValue("division by zero in " + text);
                }
                left = left.integral && r.integral ? Num.of(left.i / r.i) : Num.of(left.value() / r.value());
            } else if (peek('%')) {
                pos++;
                Num r = unary();
                if (!left.integral || !r.integral) {
                    throw new FioValues.BadValue("modulo of a fraction in " + text);
                }
                if (r.i == 0) {
                    throw new FioValues.BadValue("division by zero in " + text);
                }
                left = Num.of(left.i % r.i);
            } else {
                return left;
            }
        }
    }

    private Num unary() throws FioValues.BadValue {
        skipBlanks();
        if (peek('-')) {
            pos++;
            Num n = unary();
            return n.integral ? Num.of(-n.i) : Num.of(-n.d);
        }
        if (peek('+')) {
            pos++;
            return unary();
        }
        return power();
    }

    private Num power() throws FioValues.BadValue {
        Num base = postfix();
        skipBlanks();
        if (peek('^')) {
            pos++;
            Num exp = unary();
            if (base.integral && exp.integral && exp.i >= 0) {
                long r = 1;
                for (long k = 0; k < exp.i; k++) {
                    r = Math.multiplyExact(r, base.i);
                }
                return Num.of(r);
            }
            return Num.of(Math.pow(base.value(), exp.value()));
        }
        return base;
    }

    private Num postfix() throws FioValues.BadValue {
        Num n = primary();
        int start = pos;
        while (pos < text.length() && Character.isLetter(text.charAt(pos))) {
            pos++;
        }
        if (start == pos) {
            return n;
        }
        String suffix = text.substring(start, pos).toLowerCase(java.util.Locale.ROOT);
        long mult = multiplier(suffix);
        unitsSpecified = true;
        return n.integral ? Num.of(Math.multiplyExact(n.i, mult)) : Num.of(n.d * mult);
    }

    private long multiplier(String suffix) throws FioValues.BadValue {
        if (kind == Kind.TIME) {
            long m = FioValues.timeMultiplierMicros(suffix);
            if (m < 0) {
                throw new FioValues.BadValue("unknown time unit '" + suffix + "' in " + text
                        + " (us, ms, s, m, h, d)");
            }
            return m;
        }
        long m = FioValues.sizeMultiplier(suffix, kbBase);
        if (m < 0) {
            throw new FioValues.BadValue("unknown unit '" + suffix + "' in " + text);
        }
        return m;
    }

    private Num primary() throws FioValues.BadValue {
        skipBlanks();
        if (pos >= text.length()) {
            throw new FioValues.BadValue("expression ends early: " + text);
        }
        char c = text.charAt(pos);
        if (c == '(') {
            pos++;
            Num n = expression();
            skipBlanks();
            if (!peek(')')) {
                throw new FioValues.BadValue("missing ')' in " + text);
            }
            pos++;
            return n;
        }
        if (c == '0' && pos + 1 < text.length() && (text.charAt(pos + 1) == 'x' || text.charAt(pos + 1) == 'X')) {
            int start = pos + 2;
            int end = start;
            while (end < text.length() && Character.digit(text.charAt(end), 16) >= 0) {
                end++;
            }
            if (end == start) {
                throw new FioValues.BadValue("bad hexadecimal number in " + text);
            }
            pos = end;
            return Num.of(Long.parseLong(text.substring(start, end), 16));
        }
        if (Character.isDigit(c) || c == '.') {
            int start = pos;
            while (pos < text.length() && Character.isDigit(text.charAt(pos))) {
                pos++;
            }
            boolean floating = false;
            if (pos < text.length() && text.charAt(pos) == '.') {
                floating = true;
                pos++;
                while (pos < text.length() && Character.isDigit(text.charAt(pos))) {
                    pos++;
                }
            }
            // An exponent: e or E followed by an optional sign and digits (not a unit such as "eb").
            if (pos < text.length() && (text.charAt(pos) == 'e' || text.charAt(pos) == 'E')) {
                int p = pos + 1;
                if (p < text.length() && (text.charAt(p) == '+' || text.charAt(p) == '-')) {
                    p++;
                }
                if (p < text.length() && Character.isDigit(text.charAt(p))) {
                    while (p < text.length() && Character.isDigit(text.charAt(p))) {
                        p++;
                    }
                    pos = p;
                    floating = true;
                }
            }
            String num = text.substring(start, pos);
            try {
                return floating ? Num.of(Double.parseDouble(num)) : Num.of(Long.parseLong(num));
            } catch (NumberFormatException e) {
                throw new FioValues.BadValue("bad number '" + num + "' in " + text);
            }
        }
        throw new FioValues.BadValue("unexpected '" + c + "' at column " + (pos + 1) + " of the expression "
                + text);
    }

    private boolean peek(char c) {
        return pos < text.length() && text.charAt(pos) == c;
    }

    private void skipBlanks() {
        while (pos < text.length() && (text.charAt(pos) == ' ' || text.charAt(pos) == '\t')) {
            pos++;
        }
    }
}
