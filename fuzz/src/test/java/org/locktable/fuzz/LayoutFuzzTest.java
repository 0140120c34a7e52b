package org.locktable.fuzz;

import java.util.List;

import org.junit.jupiter.api.Test;

import org.locktable.engine.model.Layout;
import org.locktable.engine.model.LayoutSyntaxException;

/**
 * The layout notation: every mutated layout parses or ends in a {@link LayoutSyntaxException} with a column
 * inside the text and a message; a parsed layout prints as notation that parses back to itself.
 */
class LayoutFuzzTest {
    private static final List<String> SEEDS = List.of("W U U W", "W|W", "W*4 U*2 H", ". . W", "D D|D W*1024 H*3",
            "U", "H W*16777216", "W U|U . D*7 | W", "W*2|W*2");

    @Test
    void malformedLayoutsAreSyntaxErrors() {
        Fuzzer.assertNoBugs("layout", getClass(), 1000, r -> TextMutator.mutate(TextMutator.pick(SEEDS, r), r),
                LayoutFuzzTest::check);
    }

    static Verdict check(String text) {
        Layout layout;
        try {
            layout = Layout.parse(text);
        } catch (LayoutSyntaxException e) {
            // a column one past the text is its end ("expected a repeat count after '*'")
            if (e.getMessage() == null || e.column() < 1 || e.column() > text.length() + 1) {
                return Verdict.bug("LayoutSyntaxException without a message or with column " + e.column() + ": "
                        + e.getMessage());
            }
            return Verdict.rejected(e.getMessage());
        }
        String printed = layout.toString();
        try {
            if (!Layout.parse(printed).equals(layout)) {
                return Verdict.bug("round trip: prints as " + Literal.of(printed) + ", which parses to something else");
            }
        } catch (LayoutSyntaxException e) {
            return Verdict.bug("round trip: prints as " + Literal.of(printed) + ", which does not parse: "
                    + e.getMessage());
        }
        return Verdict.accepted();
    }
}
