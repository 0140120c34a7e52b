package org.locktable.timing.fio;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits a shell command line into arguments the way a POSIX shell would before fio sees them: blanks
 * separate words, {@code '…'} is literal, {@code "…"} keeps blanks and honours {@code \" \\ \$ \`},
 * a backslash outside quotes escapes the next character, and a backslash before a newline joins the two
 * lines <em>without</em> a blank (so the seed's {@code --overwrite=1\}⏎{@code --sync_file_range=…} reaches
 * fio as one argument). A word starting with {@code #} comments out the rest of the line. No variable or
 * glob expansion: {@code ${VAR}} is left for fio's own substitution.
 */
public final class CommandLine {
    private CommandLine() {
    }

    /**
     * The arguments of {@code text}.
     *
     * @throws FioParseException for an unterminated quote
     */
    public static List<String> split(String text) {
        List<String> out = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        boolean inWord = false;
        int i = 0;
        int n = text.length();
        while (i < n) {
            char c = text.charAt(i);
            if (c == '\\') {
                if (i + 1 < n && text.charAt(i + 1) == '\n') {
                    i += 2;
                    continue;
                }
                if (i + 2 < n && text.charAt(i + 1) == '\r' && text.charAt(i + 2) == '\n') {
                    i += 3;
                    continue;
                }
                if (i + 1 < n) {
                    word.append(text.charAt(i + 1));
                    inWord = true;
                    i += 2;
                    continue;
                }
                i++;
                continue;
            }
            if (c == '\'') {
                int end = text.indexOf('\'', i + 1);
                if (end < 0) {
                    throw FioParseException.atArgument(word + text.substring(i), "unterminated ' quote");
                }
                word.append(text, i + 1, end);
                inWord = true;
                i = end + 1;
                continue;
            }
            if (c == '"') {
                int j = i + 1;
                boolean closed = false;
                while (j < n) {
                    char d = text.charAt(j);
                    if (d == '"') {
                        closed = true;
                        break;
                    }
                    if (d == '\\' && j + 1 < n) {
                        char e = text.charAt(j + 1);
                        if (e == '\n') {
                            j += 2;
                            continue;
                        }
                        if (e == '"' || e == '\\' || e == '$' || e == '`') {
                            word.append(e);
                            j += 2;
                            continue;
                        }
                    }
                    word.append(d);
                    j++;
                }
                if (!closed) {
                    throw FioParseException.atArgument(text.substring(i), "unterminated \" quote");
                }
                inWord = true;
                i = j + 1;
                continue;
            }
            if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
                if (inWord) {
                    out.add(word.toString());
                    word.setLength(0);
                    inWord = false;
                }
                i++;
                continue;
            }
            if (c == '#' && !inWord) {
                while (i < n && text.charAt(i) != '\n') {
                    i++;
                }
                continue;
            }
            word.append(c);
            inWord = true;
            i++;
        }
        if (inWord) {
            out.add(word.toString());
        }
        return out;
    }
}
