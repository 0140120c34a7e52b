package org.locktable.fuzz;

import java.util.ArrayList;
import java.util.List;

/**
 * Just enough of Java's lexical structure to mutate scenario sources by their parts: string literals, number
 * literals, annotations (with their argument lists) and attribute assignments, each as a [start, end) range.
 */
final class JavaText {
    record Range(int start, int end) {
        String of(String s) {
            return s.substring(start, end);
        }
    }

    private JavaText() {
    }

    /** Every string literal, quotes included. */
    static List<Range> strings(String s) {
        List<Range> out = new ArrayList<>();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '/' && i + 1 < s.length() && s.charAt(i + 1) == '/') {
                i = lineEnd(s, i);
            } else if (c == '"') {
                int end = stringEnd(s, i);
                out.add(new Range(i, end));
                i = end - 1;
            }
        }
        return out;
    }

    /** Every decimal number that is a token of its own (not part of an identifier), outside strings. */
    static List<Range> numbers(String s) {
        List<Range> out = new ArrayList<>();
        boolean[] inString = stringMask(s);
        for (int i = 0; i < s.length(); i++) {
            boolean tokenStart = i == 0 || !Character.isJavaIdentifierPart(s.charAt(i - 1));
            if (!inString[i] && Character.isDigit(s.charAt(i)) && tokenStart) {
                int j = i;
                while (j < s.length() && isNumberPart(s.charAt(j))) {
                    j++;
                }
                out.add(new Range(i, j));
                i = j;
            }
        }
        return out;
    }

    private static boolean isNumberPart(char c) {
        return Character.isLetterOrDigit(c) || c == '.' || c == '_';
    }

    /** Every annotation outside strings, from {@code @} to the end of its argument list (or its name). */
    static List<Range> annotations(String s) {
        List<Range> out = new ArrayList<>();
        boolean[] inString = stringMask(s);
        for (int i = 0; i < s.length(); i++) {
            if (inString[i] || s.charAt(i) != '@' || i + 1 >= s.length()
                    || !Character.isJavaIdentifierStart(s.charAt(i + 1))) {
                continue;
            }
            int j = i + 1;
            while (j < s.length() && (Character.isJavaIdentifierPart(s.charAt(j)) || s.charAt(j) == '.')) {
                j++;
            }
            int k = j;
            while (k < s.length() && Character.isWhitespace(s.charAt(k))) {
                k++;
            }
            if (k < s.length() && s.charAt(k) == '(') {
                int close = matching(s, k, inString);
                j = close < 0 ? s.length() : close + 1;
            }
            out.add(new Range(i, j));
        }
        return out;
    }

    /** Every {@code name = value} inside an annotation's arguments, value up to the next top-level comma or paren. */
    static List<Range> assignments(String s) {
        List<Range> out = new ArrayList<>();
        boolean[] inString = stringMask(s);
        for (Range a : annotations(s)) {
            for (int i = a.start(); i < a.end(); i++) {
                if (inString[i] || s.charAt(i) != '=' || !Character.isWhitespace(s.charAt(i - 1))) {
                    continue;
                }
                int nameEnd = i - 1;
                while (nameEnd > a.start() && Character.isWhitespace(s.charAt(nameEnd - 1))) {
                    nameEnd--;
                }
                int nameStart = nameEnd;
                while (nameStart > a.start() && Character.isJavaIdentifierPart(s.charAt(nameStart - 1))) {
                    nameStart--;
                }
                int depth = 0;
                int j = i + 1;
                for (; j < a.end(); j++) {
                    char c = s.charAt(j);
                    if (inString[j]) {
                        continue;
                    }
                    if (c == '(' || c == '{') {
                        depth++;
                    } else if (c == ')' || c == '}') {
                        if (depth-- == 0) {
                            break;
                        }
                    } else if (c == ',' && depth == 0) {
                        break;
                    }
                }
                if (nameStart < nameEnd) {
                    out.add(new Range(nameStart, j));
                }
            }
        }
        return out;
    }

    static boolean[] stringMask(String s) {
        boolean[] mask = new boolean[s.length()];
        for (Range r : strings(s)) {
            for (int i = r.start(); i < r.end(); i++) {
                mask[i] = true;
            }
        }
        return mask;
    }

    private static int matching(String s, int open, boolean[] inString) {
        int depth = 0;
        for (int i = open; i < s.length(); i++) {
            if (inString[i]) {
                continue;
            }
            if (s.charAt(i) == '(') {
                depth++;
            } else if (s.charAt(i) == ')' && --depth == 0) {
                return i;
            }
        }
        return -1;
    }

    private static int stringEnd(String s, int open) {
        boolean block = s.startsWith("\"\"\"", open);
        int i = open + (block ? 3 : 1);
        while (i < s.length()) {
            char c = s.charAt(i);
            if (c == '\\') {
                i += 2;
            } else if (block ? s.startsWith("\"\"\"", i) : c == '"') {
                return i + (block ? 3 : 1);
            } else if (!block && c == '\n') {
                return i;
            } else {
                i++;
            }
        }
        return s.length();
    }

    private static int lineEnd(String s, int i) {
        int nl = s.indexOf('\n', i);
        return nl < 0 ? s.length() : nl;
    }
}
