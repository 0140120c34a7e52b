package org.locktable.cli;

import java.util.ArrayList;
import java.util.List;

/**
 * Markdown that reads as plain text in a mail reply: paragraphs and list items wrapped at {@link #WIDTH} columns (a
 * list item's continuation lines indented under its text), code blocks left as they are. A word longer than a line
 * stands alone on its line.
 */
final class MailText {
    static final int WIDTH = 100;

    private final StringBuilder out = new StringBuilder();

    MailText heading(String text) {
        out.append(text).append("\n\n");
        return this;
    }

    MailText paragraph(String text) {
        wrap(text, "", "");
        out.append('\n');
        return this;
    }

    /** {@code - text}, or {@code 1. text} with {@code marker} "1.". */
    MailText item(String marker, String text) {
        wrap(text, marker + " ", " ".repeat(marker.length() + 1));
        return this;
    }

    /** Ends a list. */
    MailText endList() {
        out.append('\n');
        return this;
    }

    MailText code(String text) {
        out.append("```\n").append(text.endsWith("\n") ? text : text + "\n").append("```\n\n");
        return this;
    }

    private void wrap(String text, String first, String rest) {
        List<String> lines = lines(text, WIDTH - first.length(), WIDTH - rest.length());
        for (int i = 0; i < lines.size(); i++) {
            out.append(i == 0 ? first : rest).append(lines.get(i)).append('\n');
        }
    }

    /** The words of {@code text} filled into lines of {@code firstWidth}, then {@code width} columns. */
    static List<String> lines(String text, int firstWidth, int width) {
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (String word : text.trim().split("\\s+")) {
            int limit = lines.isEmpty() ? firstWidth : width;
            if (line.length() > 0 && line.length() + 1 + word.length() > limit) {
                lines.add(line.toString());
                line.setLength(0);
            }
            if (line.length() > 0) {
                line.append(' ');
            }
            line.append(word);
        }
        if (line.length() > 0 || lines.isEmpty()) {
            lines.add(line.toString());
        }
        return lines;
    }

    @Override
    public String toString() {
        return out.toString();
    }
}
