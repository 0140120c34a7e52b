package org.locktable.calibration.live;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A small JSON reader for fio's {@code --output-format=json}: objects become {@link Map}s, arrays {@link List}s,
 * numbers {@link Double}s. Text before the first {@code {} (fio may print notes first) is skipped.
 */
final class MiniJson {
    private final String s;
    private int i;

    private MiniJson(String s) {
        this.s = s;
    }

    static Object parse(String text) {
        int start = text.indexOf('{');
        if (start < 0) {
            throw new IllegalArgumentException("no JSON object in fio's output: " + abbreviate(text));
        }
        MiniJson p = new MiniJson(text);
        p.i = start;
        return p.value();
    }

    /** The value at a path of keys (objects) and indices (arrays), or null. */
    static Object at(Object root, Object... path) {
        Object cur = root;
        for (Object k : path) {
            if (k instanceof String && cur instanceof Map<?, ?> m) {
                cur = m.get(k);
            } else if (k instanceof Integer idx && cur instanceof List<?> l && idx < l.size()) {
                cur = l.get(idx);
            } else {
                return null;
            }
        }
        return cur;
    }

    static double number(Object root, Object... path) {
        Object v = at(root, path);
        if (!(v instanceof Double d)) {
            throw new IllegalArgumentException("fio JSON: no number at " + java.util.Arrays.toString(path));
        }
        return d;
    }

    private Object value() {
        ws();
        char c = s.charAt(i);
        switch (c) {
            case '{':
                return object();
            case '[':
                return array();
            case '"':
                return string();
            case 't':
                i += 4;
                return Boolean.TRUE;
            case 'f':
                i += 5;
                return Boolean.FALSE;
            case 'n':
                i += 4;
                return null;
            default:
                return number();
        }
    }

    private Map<String, Object> object() {
        Map<String, Object> m = new LinkedHashMap<>();
        i++;
        ws();
        if (s.charAt(i) == '}') {
            i++;
            return m;
        }
        while (true) {
            ws();
            String k = string();
            ws();
            expect(':');
            m.put(k, value());
            ws();
            char c = s.charAt(i++);
            if (c == '}') {
                return m;
            }
            if (c != ',') {
                throw new IllegalArgumentException("fio JSON: expected , or } at " + (i - 1));
            }
        }
    }

    private List<Object> array() {
        List<Object> l = new ArrayList<>();
        i++;
        ws();
        if (s.charAt(i) == ']') {
            i++;
            return l;
        }
        while (true) {
            l.add(value());
            ws();
            char c = s.charAt(i++);
            if (c == ']') {
                return l;
            }
            if (c != ',') {
                throw new IllegalArgumentException("fio JSON: expected , or ] at " + (i - 1));
            }
        }
    }

    private String string() {
        expect('"');
        StringBuilder sb = new StringBuilder();
        while (true) {
            char c = s.charAt(i++);
            if (c == '"') {
                return sb.toString();
            }
            if (c == '\\') {
                char e = s.charAt(i++);
                switch (e) {
                    case 'n':
                        sb.append('\n');
                        break;
                    case 't':
                        sb.append('\t');
                        break;
                    case 'u':
                        sb.append((char) Integer.parseInt(s.substring(i, i + 4), 16));
                        i += 4;
                        break;
                    default:
                        sb.append(e);
                        break;
                }
            } else {
                sb.append(c);
            }
        }
    }

    private Double number() {
        int start = i;
        while (i < s.length() && "+-0123456789.eE".indexOf(s.charAt(i)) >= 0) {
            i++;
        }
        if (start == i) {
            throw new IllegalArgumentException("fio JSON: unexpected '" + s.charAt(i) + "' at " + i);
        }
        return Double.parseDouble(s.substring(start, i));
    }

    private void expect(char c) {
        if (s.charAt(i) != c) {
            throw new IllegalArgumentException("fio JSON: expected '" + c + "' at " + i);
        }
        i++;
    }

    private void ws() {
        while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
            i++;
        }
    }

    private static String abbreviate(String t) {
        String x = t.strip();
        return x.length() > 200 ? x.substring(0, 200) + "..." : x;
    }
}
