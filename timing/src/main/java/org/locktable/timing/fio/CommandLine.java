package org.locktable.timing.fio;

import java.util.List;

import org.locktable.engine.text.ShellWords;

/**
 * A shell command line split into the arguments fio sees ({@link ShellWords}: quotes, escapes, a backslash-newline
 * joining two lines without a blank, {@code #} comments; no expansion, so {@code ${VAR}} is left for fio's own
 * substitution), with a split error reported as fio input.
 */
public final class CommandLine {
    private CommandLine() {
    }

    /**
     * The arguments of {@code text}.
     *
     * @throws FioParseException for an unterminated quote or a backslash that ends the text
     */
    public static List<String> split(String text) {
        try {
            return ShellWords.split(text);
        } catch (ShellWords.SyntaxException e) {
            throw FioParseException.atArgument(e.argument(), switch (e.problem()) {
                case UNTERMINATED_SINGLE_QUOTE -> "unterminated ' quote";
                case UNTERMINATED_DOUBLE_QUOTE -> "unterminated \" quote";
                case TRAILING_BACKSLASH -> "the command line ends with a backslash";
            });
        }
    }
}
