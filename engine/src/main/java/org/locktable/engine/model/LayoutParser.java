package org.locktable.engine.model;

/** The layout notation's scanner; errors name the 1-based column and the character seen there. */
final class LayoutParser {
    private final String text;
    private int i;

    private LayoutParser(String text) {
        this.text = text;
    }

    static Layout parse(String text) throws LayoutSyntaxException {
        if (text == null || text.isBlank()) {
            throw new LayoutSyntaxException(text == null ? "" : text, 1,
                    "empty layout; expected block letters such as \"W U U W\" (H or . hole, U unwritten, W written, D delalloc)");
        }
        return new LayoutParser(text).layout();
    }

    private Layout layout() throws LayoutSyntaxException {
        Layout.Builder b = Layout.builder();
        long block = 0;
        boolean boundary = false;
        BlockState previous = null;
        skipSpaces();
        while (true) {
            int runColumn = i + 1;
            BlockState state = letter();
            long count = repeatCount();
            if (boundary && (state == BlockState.HOLE || previous == BlockState.HOLE)) {
                throw error(runColumn - 1, "'|' marks a boundary between two extent records, but a hole has no record; "
                        + "use a space here");
            }
            if (block + count > Layout.MAX_BLOCKS) {
                throw error(runColumn, "layout is longer than " + Layout.MAX_BLOCKS + " blocks");
            }
            if (boundary) {
                b.separateRecord(block, count, state);
            } else {
                b.record(block, count, state);
            }
            block += count;
            previous = state;
            int before = i;
            skipSpaces();
            if (i == text.length()) {
                break;
            }
            if (text.charAt(i) == '|') {
                boundary = true;
                i++;
                skipSpaces();
                if (i == text.length()) {
                    throw error(i, "'|' must stand between two blocks, but the layout ends here");
                }
                if (text.charAt(i) == '|') {
                    throw error(i + 1, "two '|' in a row; one boundary separates two records");
                }
            } else if (i == before) {
                throw error(i + 1, "unexpected '" + text.charAt(i) + "' right after a block; separate blocks with a space or '|'");
            } else {
                boundary = false;
            }
        }
        return b.buildUnchecked();
    }

    private BlockState letter() throws LayoutSyntaxException {
        char c = text.charAt(i);
        BlockState state = BlockState.ofLetter(c);
        if (state == null) {
            throw error(i + 1, unexpected(c));
        }
        i++;
        return state;
    }

    private long repeatCount() throws LayoutSyntaxException {
        if (i == text.length() || text.charAt(i) != '*') {
            return 1;
        }
        int star = i + 1;
        i++;
        long count = 0;
        int digits = 0;
        while (i < text.length() && Character.isDigit(text.charAt(i))) {
            count = count * 10 + (text.charAt(i) - '0');
            digits++;
            i++;
            if (count > Layout.MAX_BLOCKS) {
                throw error(star, "repeat count is larger than the " + Layout.MAX_BLOCKS + " blocks locktable models");
            }
        }
        if (digits == 0) {
            throw error(star + 1, i < text.length()
                    ? "expected a repeat count after '*', found '" + text.charAt(i) + "'"
                    : "expected a repeat count after '*'");
        }
        if (count == 0) {
            throw error(star + 1, "repeat count must be at least 1");
        }
        return count;
    }

    private void skipSpaces() {
        while (i < text.length() && Character.isWhitespace(text.charAt(i))) {
            i++;
        }
    }

    private static String unexpected(char c) {
        if (c == '|') {
            return "'|' must stand between two blocks";
        }
        if (c == '*') {
            return "'*' must follow a block letter, as in W*4";
        }
        BlockState upper = BlockState.ofLetter(Character.toUpperCase(c));
        if (upper != null && Character.isLowerCase(c)) {
            return "unexpected '" + c + "'; block letters are upper case: did you mean '" + Character.toUpperCase(c) + "'?";
        }
        return "unexpected '" + c + "'; expected a block letter: H or . (hole), U (unwritten), W (written), D (delalloc)";
    }

    private LayoutSyntaxException error(int column, String problem) {
        return new LayoutSyntaxException(text, column, problem);
    }
}
