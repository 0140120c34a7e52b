package org.locktable.calibration.report;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.locktable.calibration.text.Markdown;

/**
 * Section 10's table. What the fix changes is a closed set: an unaligned direct write ending exactly at i_size. None
 * of the ext4 seed workloads issues one (aligned writes, or unaligned stripes far inside the file), so each of their
 * cells must be the same under both policies, a point band; every write of the designed workload is one, so the fix
 * can only cost there (a waited, exclusive, drained write is never faster than a queued shared one).
 */
class FixCostSectionTest {
    private static final Pattern ROW = Pattern.compile("\\| (\\S+) \\| `(\\S+)` \\| (\\d+) \\| [\\d,]+ \\| [\\d,]+ \\| ([\\d.]+)x \\| ([^|]+) \\|");

    @Test
    void theSeedWorkloadsAreUntouchedAndTheDesignedOneOnlyPays() {
        Markdown md = new Markdown();
        FixCostSection.write(md);
        Matcher m = ROW.matcher(md.text());
        int seeds = 0;
        int designed = 0;
        while (m.find()) {
            double ratio = Double.parseDouble(m.group(4));
            if (m.group(1).startsWith("seed")) {
                seeds++;
                assertTrue(ratio == 1.0 && m.group(5).strip().equals("-"), m.group());
            } else {
                designed++;
                assertTrue(ratio < 1.0, m.group());
            }
        }
        assertTrue(seeds == 9 && designed == 6, md.text());
    }
}
