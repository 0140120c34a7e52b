package org.locktable.fuzz;

import java.util.List;
import java.util.Random;

/**
 * Byte-level and token-level mutations of a valid text input: flipped, deleted, inserted and duplicated
 * characters, truncation, duplicated and swapped lines, numbers replaced by edge values, unicode, emptiness.
 */
final class TextMutator {
    static final List<String> EDGE_NUMBERS = List.of("0", "-0", "-1", "1", "00", "007", "2147483647", "2147483648",
            "-2147483649", "4294967296", "9223372036854775807", "9223372036854775808", "-9223372036854775808",
            "4611686018427387904", "99999999999999999999999999", "1e9", "0x7fffffffffffffff", "0x", "1.5", "1_000",
            "+5", "--5", "4k", "4K", "16E", "1P", "4096", "512", "\u0663", "\uff11\uff12");
    static final List<String> UNICODE = List.of("\u00e9", "\u00a0", "\u2007", "\uff37", "\u0663", "\ud83d\ude00",
            "\u0000", "\u202e", "\ufeff", "\ud800", "\u0301", "\u2028", "\u0085", "\t", "\r", "\\");
    private static final String PUNCTUATION = " \t|*.,:;[]()=#-+_\"'`$%{}<>/\\?!~@^&\n";

    private TextMutator() {
    }

    /** One to four mutations of {@code valid}; now and then the empty or a blank input. */
    static String mutate(String valid, Random r) {
        int roll = r.nextInt(100);
        if (roll == 0) {
            return "";
        }
        if (roll == 1) {
            return " \n\t";
        }
        String s = valid;
        int n = 1 + r.nextInt(4);
        for (int i = 0; i < n; i++) {
            s = once(s, r);
        }
        return s;
    }

    static String once(String s, Random r) {
        int len = s.length();
        switch (r.nextInt(12)) {
            case 0:
                return len == 0 ? s : replaceAt(s, r.nextInt(len), 1, String.valueOf(randomChar(r)));
            case 1:
                return len == 0 ? s : deleteRange(s, r);
            case 2:
                return replaceAt(s, len == 0 ? 0 : r.nextInt(len + 1), 0, randomText(r, 1 + r.nextInt(6)));
            case 3:
                return duplicateRange(s, r);
            case 4:
                return len == 0 ? s : s.substring(0, r.nextInt(len));
            case 5:
                return duplicateLine(s, r);
            case 6:
                return swapLines(s, r);
            case 7:
            case 8:
                return replaceNumber(s, r);
            case 9:
                return replaceAt(s, len == 0 ? 0 : r.nextInt(len + 1), 0, pick(UNICODE, r));
            case 10:
                return replaceWord(s, r);
            default:
                return s.repeat(2 + r.nextInt(r.nextBoolean() ? 3 : 40));
        }
    }

    static <T> T pick(List<T> list, Random r) {
        return list.get(r.nextInt(list.size()));
    }

    static char randomChar(Random r) {
        int roll = r.nextInt(10);
        if (roll < 4) {
            return PUNCTUATION.charAt(r.nextInt(PUNCTUATION.length()));
        }
        if (roll < 7) {
            return (char) ('0' + r.nextInt(10));
        }
        if (roll < 9) {
            return (char) ((r.nextBoolean() ? 'a' : 'A') + r.nextInt(26));
        }
        return pick(UNICODE, r).charAt(0);
    }

    private static String randomText(Random r, int n) {
        StringBuilder b = new StringBuilder(n);
        for (int i = 0; i < n; i++) {
            b.append(randomChar(r));
        }
        return b.toString();
    }

    private static String replaceAt(String s, int at, int removed, String inserted) {
        return s.substring(0, at) + inserted + s.substring(Math.min(s.length(), at + removed));
    }

    private static String deleteRange(String s, Random r) {
        int from = r.nextInt(s.length());
        int to = Math.min(s.length(), from + 1 + r.nextInt(Math.max(1, s.length() / 4)));
        return s.substring(0, from) + s.substring(to);
    }

    private static String duplicateRange(String s, Random r) {
        if (s.isEmpty()) {
            return s;
        }
        int from = r.nextInt(s.length());
        int to = Math.min(s.length(), from + 1 + r.nextInt(Math.max(1, s.length() / 3)));
        return s.substring(0, to) + s.substring(from, to) + s.substring(to);
    }

    private static String duplicateLine(String s, Random r) {
        List<String> lines = List.of(s.split("\n", -1));
        int i = r.nextInt(lines.size());
        java.util.ArrayList<String> out = new java.util.ArrayList<>(lines);
        out.add(i, lines.get(i));
        return String.join("\n", out);
    }

    private static String swapLines(String s, Random r) {
        java.util.ArrayList<String> lines = new java.util.ArrayList<>(List.of(s.split("\n", -1)));
        java.util.Collections.swap(lines, r.nextInt(lines.size()), r.nextInt(lines.size()));
        return String.join("\n", lines);
    }

    /** Replaces one run of digits with an edge value (huge, negative, hex, non-ASCII digits ...). */
    private static String replaceNumber(String s, Random r) {
        java.util.ArrayList<int[]> runs = new java.util.ArrayList<>();
        for (int i = 0; i < s.length(); ) {
            if (Character.isDigit(s.charAt(i))) {
                int j = i;
                while (j < s.length() && Character.isDigit(s.charAt(j))) {
                    j++;
                }
                runs.add(new int[] {i, j});
                i = j;
            } else {
                i++;
            }
        }
        if (runs.isEmpty()) {
            return replaceAt(s, r.nextInt(s.length() + 1), 0, pick(EDGE_NUMBERS, r));
        }
        int[] run = pick(runs, r);
        return replaceAt(s, run[0], run[1] - run[0], pick(EDGE_NUMBERS, r));
    }

    /** Replaces one whitespace-separated word with another word of the same input. */
    private static String replaceWord(String s, Random r) {
        String[] words = s.split("\\s+");
        if (words.length < 2) {
            return s;
        }
        String from = words[r.nextInt(words.length)];
        String to = words[r.nextInt(words.length)];
        int at = from.isEmpty() ? -1 : s.indexOf(from);
        return at < 0 ? s : replaceAt(s, at, from.length(), to);
    }
}
