package org.locktable.engine.text;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits text into words the way a POSIX shell does before a program sees its arguments, without any expansion:
 * blanks separate words; {@code '…'} is literal; inside {@code "…"} a backslash escapes only {@code " \ $ `}
 * (and is kept before anything else); outside quotes a backslash escapes the next character; a backslash before
 * a newline joins the two lines without a blank (so a pasted {@code fio --overwrite=1\}⏎{@code --bs=4k} stays
 * one command); a {@code #} at the start of a word comments out the rest of its line. {@code ${VAR}} is left as
 * it is. Used for {@code decide --batch} lines and for fio command lines.
 */
public final class ShellWords {
    private ShellWords() {
    }

    /** Why a text cannot be split. */
    public enum Problem {
        UNTERMINATED_SINGLE_QUOTE, UNTERMINATED_DOUBLE_QUOTE, TRAILING_BACKSLASH
    }

    /** A text that cannot be split: an unterminated quote, or a backslash with nothing after it. */
    public static final class SyntaxException extends Exception {
        private static final long serialVersionUID = 1L;
        private final Problem problem;
        private final int column;
        private final String argument;

        SyntaxException(Problem problem, int column, String argument) {
            super(switch (problem) {
                case UNTERMINATED_SINGLE_QUOTE -> "unterminated single quote opened at column " + column;
                case UNTERMINATED_DOUBLE_QUOTE -> "unterminated double quote opened at column " + column;
                case TRAILING_BACKSLASH -> "the text ends with a backslash";
            });
            this.problem = problem;
            this.column = column;
            this.argument = argument;
        }

        public Problem problem() {
            return problem;
        }

        /** 1-based column of the opening quote or of the backslash. */
        public int column() {
            return column;
        }

        /** The word being read when the text ended, from its start to the end of the text, quotes removed so far. */
        public String argument() {
            return argument;
        }
    }

    public static List<String> split(String text) throws SyntaxException {
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        boolean inWord = false; // tells an empty quoted word ("") from no word
        int n = text.length();
        int i = 0;
        while (i < n) {
            char c = text.charAt(i);
            if (isBlank(c)) {
                if (inWord) {
                    words.add(word.toString());
                    word.setLength(0);
                    inWord = false;
                }
                i++;
            } else if (c == '#' && !inWord) {
                while (i < n && text.charAt(i) != '\n') {
                    i++;
                }
            } else if (c == '\'') {
                int close = text.indexOf('\'', i + 1);
                if (close < 0) {
                    throw new SyntaxException(Problem.UNTERMINATED_SINGLE_QUOTE, i + 1, word + text.substring(i));
                }
                word.append(text, i + 1, close);
                inWord = true;
                i = close + 1;
            } else if (c == '"') {
                i = doubleQuoted(text, i, word);
                inWord = true;
            } else if (c == '\\') {
                int joined = lineContinuation(text, i);
                if (joined > 0) {
                    i += joined;
                    continue;
                }
                if (i + 1 >= n) {
                    throw new SyntaxException(Problem.TRAILING_BACKSLASH, i + 1, word + "\\");
                }
                word.append(text.charAt(i + 1));
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

    /** Appends the content of the double-quoted string opening at {@code open}; returns the index after it. */
    private static int doubleQuoted(String text, int open, StringBuilder word) throws SyntaxException {
        String before = word.toString();
        int n = text.length();
        int i = open + 1;
        while (i < n) {
            char d = text.charAt(i);
            if (d == '"') {
                return i + 1;
            }
            if (d == '\\') {
                int joined = lineContinuation(text, i);
                if (joined > 0) {
                    i += joined;
                    continue;
                }
                if (i + 1 < n && "\"\\$`".indexOf(text.charAt(i + 1)) >= 0) {
                    word.append(text.charAt(i + 1));
                    i += 2;
                    continue;
                }
            }
            word.append(d);
            i++;
        }
        throw new SyntaxException(Problem.UNTERMINATED_DOUBLE_QUOTE, open + 1, before + text.substring(open));
    }

    /** The length of a backslash-newline (or backslash-CR-LF) at {@code i}, or 0. */
    private static int lineContinuation(String text, int i) {
        if (text.startsWith("\\\n", i)) {
            return 2;
        }
        return text.startsWith("\\\r\n", i) ? 3 : 0;
    }

    private static boolean isBlank(char c) {
        return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == 0x0B;
    }
}
