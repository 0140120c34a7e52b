package org.locktable.calibration.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.locktable.calibration.live.PageWritebackCounts.CountsData;
import org.locktable.calibration.live.PageWritebackCounts.Run;
import org.locktable.rig.KernelTestEnvironment;
import org.locktable.timing.sim.SimResult;

/**
 * O_DSYNC appends to the same pages, counted: the committed recording and its section, the model's conversions per
 * page, and a live run (root, loop devices, XFS and fio; skipped with the reason elsewhere, a failure under
 * {@code LOCKTABLE_KERNEL_TESTS=required}) whose transactions per page must stay near one at 1, 2 and 4 jobs. Counts,
 * not times: nothing asserts a rate.
 */
@DisplayName("O_DSYNC appends to the same pages: one transaction per page, in the kernel and in the model")
class PageWritebackCountsTest {

    @Test
    void theRecordingReadsAndWritesBackByteForByte() throws IOException {
        String text;
        try (var in = PageWritebackCounts.class.getResourceAsStream(PageWritebackCounts.FILE)) {
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        assertEquals(text, PageWritebackCounts.json(PageWritebackCounts.recorded()));
    }

    @Test
    void theRecordedSectionAgreesAndIsDeterministic() {
        String section = PageWritebackCounts.recordedSection();
        assertEquals(section, PageWritebackCounts.recordedSection());
        assertEquals(PageWritebackCounts.JOBS.size(), section.split("\\| agrees \\|", -1).length - 1, section);
    }

    @Test
    @DisplayName("the model converts once per page at 1, 2 and 4 jobs, and writes every job's pages")
    void theModelConvertsOncePerPage() {
        for (int jobs : PageWritebackCounts.JOBS) {
            SimResult r = PageWritebackCounts.predict(jobs);
            assertEquals(jobs * PageWritebackCounts.PAGES, r.writeIos());
            assertEquals(PageWritebackCounts.PAGES, r.counters().conversions(), jobs + " job(s)");
        }
    }

    @Test
    @DisplayName("live: the kernel makes about one transaction per page however many jobs write it")
    void theKernelTransactsOncePerPage() throws Exception {
        KernelTestEnvironment.require(LiveCalibration.REQUIREMENTS);
        CountsData data = KernelTestEnvironment.setUp(() -> PageWritebackCounts.measure("PageWritebackCountsTest"));
        System.out.print(PageWritebackCounts.section(data));
        assertEquals(PageWritebackCounts.JOBS, data.runs().stream().map(Run::jobs).toList());
        for (Run r : data.runs()) {
            double perPage = (double) r.transactions() / PageWritebackCounts.PAGES;
            assertTrue(perPage >= 0.9 && perPage <= PageWritebackCounts.MAX_TRANSACTIONS_PER_PAGE, r.jobs()
                    + " job(s): " + perPage + " transactions per page (a conversion per writer would make "
                    + r.jobs() + ")");
        }
    }
}
