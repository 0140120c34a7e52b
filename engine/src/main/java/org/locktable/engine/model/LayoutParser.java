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
        int barColumn = 0;
        BlockState previous = null;
        skipSpaces();
        while (true) {
            int runColumn = i + 1;
            BlockState state = letter();
            long count = repeatCount();
            if (boundary && (state == BlockState.HOLE || previous == BlockState.HOLE)) {
                throw error(barColumn, "'|' marks a boundary between two extent records, but a hole has no record; "
                        + "use a space here");
            }
            if (block + count > Layout.MAX_BLOCKS) {
                throw error(runColumn, "layout is longer than " + Layout.MAX_BLOCKS + " blocks at '" + text.charAt(runColumn - 1) + "'");
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
                barColumn = i + 1;
                i++;
                skipSpaces();
                if (i == text.length()) {
                    throw error(barColumn, "'|' must stand between two blocks, but the layout ends here");
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
        b.blocks(block);
        return b.buildUnchecked();
    }

    private BlockState letter() throws LayoutSyntaxException {
        char c = text.charAt(i);
        BlockState state = BlockState.ofLetter(c);
        if (state == null) {
            throw new LayoutSyntaxException(text, i + 1, unexpected(c));
        }
        i++;
        return state;
    }

    private long repeatCount() throws LayoutSyntaxException {
        if (i == text.length() || text.charAt(i) != '*') {
            return 1;
        }
        i++;
        int countColumn = i + 1;
        long count = 0;
        int digits = 0;
        while (i < text.length() && isDigit(text.charAt(i))) {
            count = count * 10 + (text.charAt(i) - '0');
            digits++;
            i++;
            if (count > Layout.MAX_BLOCKS) {
                throw error(countColumn, "repeat count is larger than the " + Layout.MAX_BLOCKS + " blocks locktable models, at '" + text.charAt(countColumn - 1) + "'");
            }
        }
        if (digits == 0) {
            throw error(countColumn, i < text.length() ? "expected a repeat count after '*', found '" + text.charAt(i) + "'" : "expected a repeat count after '*'");
        }
        if (count == 0) {
            throw error(countColumn, "repeat count must be at least 1, found '0'");
        }
        return count;
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
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
