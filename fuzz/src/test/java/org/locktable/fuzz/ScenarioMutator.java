package org.locktable.fuzz;

import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Structured mutations of the scenario library's sources: wrong layout letters, policy ids and numbers, wrong
 * attribute types, missing, duplicated and foreign annotations, renamed and dropped attributes, nesting, huge
 * values, unicode, annotations on the wrong element; now and then a byte-level mutation (a syntax error).
 */
final class ScenarioMutator {
    private static final Pattern CLASS = Pattern.compile("(?m)^class (\\w+)");
    private static final List<String> STRINGS = List.of("", " ", "W U U X", "W**4", "W*0", "W*-1", "W*99999999999",
            "W*4611686018427387904", "| W", "W |", "W||W", "H|H", "?", "? ? ? ? ? ? ? ? ? ? ? ?", "w u", "ext4-bse",
            "EXT4-BASE", "kernel:9.9", "kernel:", "kernel:5.4", "all", "xfs-dio,ext4-base", "seed000-vm ", "no-such-device",
            "seed999-test1", "\u00c9crit \u00e0 l'\u00e9cran", "W\u00a0U", "\ud83d\ude00", "\u0000", "\\u0022", "%s %n",
            "{0}", "W ".repeat(5000), "x".repeat(70000));
    private static final List<String> NUMBERS = List.of("0", "-1", "1", "511", "513", "4095", "2147483647", "-2147483648",
            "Integer.MAX_VALUE", "Integer.MIN_VALUE", "Long.MAX_VALUE", "9223372036854775807L", "4096 * 4096 * 128", "07",
            "0x1000", "1_000_000", "65536", "131072", "Double.NaN", "1e308", "-0.0", "Double.POSITIVE_INFINITY",
            "1.0E-300", "1 / 0", "(int) 1e10");
    private static final List<String> OTHER_TYPES = List.of("\"4096\"", "4096", "true", "EXCLUSIVE", "SHARED", "{}",
            "{\"a\", \"b\"}", "{1, 2}", "null", "4096L", "1.5", "'c'", "String.class", "@Range(from = 0, to = 1)",
            "WriteResult.EAGAIN", "Sweep.HitPolicy.FIRST", "LockMode.NONE", "{{1}}", "\"W\" + 1", "-EXCLUSIVE");
    private static final List<String> ATTRIBUTES = List.of("title", "why", "source", "blocks", "blockSize", "size",
            "offset", "len", "direct", "nowait", "policy", "value", "drain", "result", "layouts", "offsets", "lengths",
            "policies", "name", "alignment", "lock", "device", "workload", "jobs", "iosPerJob", "over", "atLeast",
            "within", "from", "to", "step", "complete", "hitPolicy", "boundaries", "forceWait", "eof", "records", "nosuch");
    private static final List<String> WRAPPERS = List.of(
            "class Outer {\n%s\n}", "class Outer {\nstatic %s\n}", "class Outer {\nprivate static %s\n}",
            "interface Outer {\n%s\n}", "enum Outer { A;\n%s\n}", "class Outer {\nvoid m() {\n%s\n}\n}",
            "class Outer {\nclass Middle {\n%s\n}\n}", "class Outer<T> {\nstatic %s\n}",
            "class Outer_Inner {}\nclass Outer {\nstatic %s\n}");
    private static final List<String> WRONG_ELEMENTS = List.of("%s int field;", "%s void method() {}",
            "%s Fuzz() {}", "void method(%s int parameter) {}", "%s enum Nested { A }", "%s interface Nested {}",
            "%s record Nested(int a) {}", "%s @interface Nested {}", "%s static class Nested {}",
            "void method() { %s int local = 0; }", "class Nested<%s T> {}");
    private static final List<String> KINDS = List.of("interface", "enum", "record", "@interface", "abstract class",
            "final class", "public class", "sealed class", "strictfp class");

    private ScenarioMutator() {
    }

    /** One mutation (a third of the time two) of a scenario source with its package line removed. */
    static String mutate(String body, List<String> others, Random r) {
        String s = body;
        int n = r.nextInt(3) == 0 ? 2 : 1;
        for (int i = 0; i < n; i++) {
            s = once(s, others, r);
        }
        return s;
    }

    private static String once(String s, List<String> others, Random r) {
        switch (r.nextInt(16)) {
            case 0:
            case 1:
                return replaceOne(s, JavaText.strings(s), r, old -> r.nextBoolean()
                        ? quote(TextMutator.mutate(unquote(old), r)) : quote(TextMutator.pick(STRINGS, r)));
            case 2:
                return replaceOne(s, JavaText.numbers(s), r, old -> TextMutator.pick(NUMBERS, r));
            case 3:
                return replaceOne(s, values(s), r, old -> TextMutator.pick(OTHER_TYPES, r));
            case 4:
                return replaceOne(s, JavaText.strings(s), r, old -> quote(TextMutator.pick(STRINGS, r)));
            case 5:
                return replaceOne(s, JavaText.annotations(s), r, old -> "");
            case 6:
                return duplicateAnnotation(s, r);
            case 7:
                return foreignAnnotation(s, TextMutator.pick(others, r), r);
            case 8:
                return replaceOne(s, JavaText.assignments(s), r, old -> TextMutator.pick(ATTRIBUTES, r)
                        + old.substring(old.indexOf(' ')));
            case 9:
                return replaceOne(s, JavaText.assignments(s), r, old -> "");
            case 10:
                return wrap(s, r);
            case 11:
                return moveToWrongElement(s, r);
            case 12:
                return CLASS.matcher(s).replaceFirst(Matcher.quoteReplacement(TextMutator.pick(KINDS, r)) + " $1");
            case 13:
                return CLASS.matcher(s).replaceFirst("class $1" + Matcher.quoteReplacement(TextMutator.pick(List.of(
                        "\u00c9", "\u0394", "_", "$", "\u00e9\u0301", "\u4e2d"), r)));
            case 14:
                return s.replaceFirst("(?m)^import [^\n]*\n", "");
            default:
                return TextMutator.once(s, r);
        }
    }

    /** The value of every attribute assignment. */
    private static List<JavaText.Range> values(String s) {
        return JavaText.assignments(s).stream().map(a -> {
            int eq = s.indexOf('=', a.start());
            int start = eq + 1;
            while (start < a.end() && Character.isWhitespace(s.charAt(start))) {
                start++;
            }
            return new JavaText.Range(start, a.end());
        }).toList();
    }

    private static String replaceOne(String s, List<JavaText.Range> ranges, Random r,
            java.util.function.Function<String, String> replacement) {
        if (ranges.isEmpty()) {
            return s;
        }
        JavaText.Range at = TextMutator.pick(ranges, r);
        return s.substring(0, at.start()) + replacement.apply(at.of(s)) + s.substring(at.end());
    }

    private static String duplicateAnnotation(String s, Random r) {
        List<JavaText.Range> annotations = JavaText.annotations(s);
        return annotations.isEmpty() ? s : insertBeforeClass(s, List.of(TextMutator.pick(annotations, r).of(s)), r);
    }

    /** An annotation of another scenario added to this one. */
    private static String foreignAnnotation(String s, String other, Random r) {
        return insertBeforeClass(s, JavaText.annotations(other).stream().map(a -> a.of(other)).toList(), r);
    }

    private static String insertBeforeClass(String s, List<String> choices, Random r) {
        if (choices.isEmpty()) {
            return s;
        }
        Matcher m = CLASS.matcher(s);
        int at = m.find() ? m.start() : s.length();
        return s.substring(0, at) + TextMutator.pick(choices, r) + "\n" + s.substring(at);
    }

    /** The annotated class (from its first annotation) inside another type, a method or a generic class. */
    private static String wrap(String s, Random r) {
        List<JavaText.Range> annotations = JavaText.annotations(s);
        int from = annotations.isEmpty() ? 0 : annotations.get(0).start();
        return s.substring(0, from) + String.format(TextMutator.pick(WRAPPERS, r).replace("%s", "%1$s"), s.substring(from));
    }

    /** One annotation moved from the class onto a member, parameter, local, type parameter or nested type. */
    private static String moveToWrongElement(String s, Random r) {
        List<JavaText.Range> annotations = JavaText.annotations(s);
        int open = s.lastIndexOf('{');
        int close = s.lastIndexOf('}');
        if (annotations.isEmpty() || open < 0 || close < open) {
            return s;
        }
        JavaText.Range a = TextMutator.pick(annotations, r);
        if (a.end() > open) {
            return s;
        }
        String member = String.format(TextMutator.pick(WRONG_ELEMENTS, r).replace("%s", "%1$s"), a.of(s));
        String moved = s.substring(0, open + 1) + "\n" + member + "\n" + s.substring(open + 1);
        return moved.substring(0, a.start()) + moved.substring(a.end());
    }

    private static String quote(String text) {
        StringBuilder b = new StringBuilder("\"");
        for (char c : text.toCharArray()) {
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                default -> b.append(c);
            }
        }
        return b.append('"').toString();
    }

    private static String unquote(String literal) {
        return literal.length() >= 2 ? literal.substring(1, literal.length() - 1) : literal;
    }
}
