package org.locktable.fuzz;

import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

import org.locktable.engine.imports.ExtentMap;
import org.locktable.engine.imports.ExtentMapParser;
import org.locktable.engine.imports.FiemapParser;
import org.locktable.engine.model.InvalidInputException;

/**
 * The extent-map importers (filefrag -v, xfs_bmap -vp, xfs_io fiemap -v, detected from the text) on mutations of
 * the engine's real samples: a map, its inode, or an {@link InvalidInputException} with a message.
 */
class ExtentMapFuzzTest {
    private static final List<String> SEEDS = Seeds.texts("engine/src/test/resources/imports", ".txt");
    private static final List<Integer> BLOCK_SIZES = java.util.Arrays.asList(null, 4096, 1024, 512, 65536, 0, -4096,
            3000, 131072, Integer.MAX_VALUE);
    private static final List<Long> SIZES = java.util.Arrays.asList(null, 0L, 4096L, 16384L, -1L, Long.MAX_VALUE,
            1L << 62, 1L);

    @Test
    void malformedExtentMapsAreInvalidInput() {
        Fuzzer.assertNoBugs("extent maps", getClass(), 1000, ExtentMapFuzzTest::generate, ExtentMapFuzzTest::check);
    }

    /** The options on the first line (so that shrinking keeps them), the map below. */
    static String generate(Random r) {
        Integer blockSize = r.nextInt(3) == 0 ? TextMutator.pick(BLOCK_SIZES, r) : null;
        Long size = r.nextInt(3) == 0 ? TextMutator.pick(SIZES, r) : null;
        return blockSize + " " + size + "\n" + TextMutator.mutate(TextMutator.pick(SEEDS, r), r);
    }

    static Verdict check(String input) {
        int nl = input.indexOf('\n');
        String[] opts = (nl < 0 ? "" : input.substring(0, nl)).split(" ");
        String text = nl < 0 ? input : input.substring(nl + 1);
        ExtentMapParser.Options options = new ExtentMapParser.Options(
                opts.length > 0 ? integerOrNull(opts[0]) : null, opts.length > 1 ? longOrNull(opts[1]) : null);
        try {
            FiemapParser.rows(text);
        } catch (InvalidInputException e) {
            if (e.getMessage() == null) {
                return Verdict.bug("FiemapParser.rows: InvalidInputException without a message");
            }
        }
        try {
            ExtentMap map = ExtentMapParser.parse(text, options);
            map.layout().toString();
            map.inode();
            return Verdict.accepted();
        } catch (InvalidInputException e) {
            return e.getMessage() == null || e.getMessage().isBlank()
                    ? Verdict.bug("InvalidInputException without a message") : Verdict.rejected(e.getMessage());
        }
    }

    private static Integer integerOrNull(String s) {
        try {
            return Integer.valueOf(s);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static Long longOrNull(String s) {
        try {
            return Long.valueOf(s);
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
