package org.locktable.cli;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits one batch line into words the way a POSIX shell would, without expansions: blanks separate words;
 * {@code '...'} is literal; inside {@code "..."} a backslash escapes only {@code " \ $ `} (and is kept
 * before anything else); outside quotes a backslash escapes the next character; a {@code #} at the start
 * of a word begins a comment that runs to the end of the line.
 */
final class ShellTokenizer {
    private ShellTokenizer() {
    }

    /** A line that cannot be split: unterminated quote or a trailing backslash. */
    static final class SyntaxException extends Exception {
        private static final long serialVersionUID = 1L;

        SyntaxException(String message) {
            super(message);
        }
    }

    static List<String> split(String line) throws SyntaxException {
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        boolean inWord = false; // distinguishes an empty quoted word ("") from no word
        int n = line.length();
        int i = 0;
        while (i < n) {
            char c = line.charAt(i);
            if (c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == 0x0B) {
                if (inWord) {
                    words.add(word.toString());
                    word.setLength(0);
                    inWord = false;
                }
                i++;
            } else if (c == '#' && !inWord) {
                break;
            } else if (c == '\'') {
                int close = line.indexOf('\'', i + 1);
                if (close < 0) {
                    throw new SyntaxException("unterminated single quote opened at column " + (i + 1));
                }
                word.append(line, i + 1, close);
                inWord = true;
                i = close + 1;
            } else if (c == '"') {
                int open = i;
                i++;
                while (true) {
                    if (i >= n) {
                        throw new SyntaxException("unterminated double quote opened at column " + (open + 1));
                    }
                    char d = line.charAt(i);
                    if (d == '"') {
                        i++;
                        break;
                    }
                    if (d == '\\' && i + 1 < n) {
                        char e = line.charAt(i + 1);
                        if (e == '"' || e == '\\' || e == '$' || e == '`') {
                            word.append(e);
                            i += 2;
                            continue;
                        }
                    }
                    word.append(d);
                    i++;
                }
                inWord = true;
            } else if (c == '\\') {
                if (i + 1 >= n) {
                    throw new SyntaxException("the line ends with a backslash (a request must fit on one line)");
                }
                word.append(line.charAt(i + 1));
                inWord = true;
                i += 2;
            } else {
                word.append(c);
                inWord = true;
                i++;
            }
        }
        if (inWord) {
            words.add(word.toString());
        }
        return words;
    }
}
