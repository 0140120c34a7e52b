package org.locktable.concurrency.findings;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.locktable.engine.catalog.PolicyCatalog;
import org.locktable.engine.policy.KernelVersion;

/**
 * The findings hold in the model: which eras have each race (read from each era's code, history.md's eras), and the
 * candidate fix closes the XFS truncate race over its family where today's policy has it.
 */
class FindingsTest {
    private static String unsafeEras(Finding f) {
        return EraVerdicts.of(f, FindingPage.LAST).stream().filter(e -> e.verdict().equals("UNSAFE"))
                .map(e -> e.from() + ".." + e.to()).collect(Collectors.joining(" "));
    }

    @Test
    void r4IsExt4sSinceV65Only() {
        assertEquals("v6.5..v6.18", unsafeEras(Finding.R4));
    }

    @Test
    void theTruncateRaceIsXfssSinceV512AndR4sRouteBeforeV51() {
        assertEquals("v4.20..v5.0 v5.12..v6.18", unsafeEras(Finding.XFS_TRUNCATE));
    }

    @Test
    void theCandidateFixClosesTheTruncateFamily() {
        List<FamilyScope.Case> family = FamilyScope.truncateFamily();
        assertEquals(648, family.size());
        FamilyScope.Sweep today = FamilyScope.run(PolicyCatalog.builtIn("xfs-dio"), family);
        FamilyScope.Sweep fix = FamilyScope.run(PolicyCatalog.find("xfs-isize-fix").orElseThrow(), family);
        assertEquals(9, today.unsafe(), today.toString());
        assertEquals(0, fix.unsafe(), fix.toString());
    }

    @Test
    void mainlineReleasesCountThe26SeriesThirdNumber() {
        List<KernelVersion> v = KernelVersion.mainline(new KernelVersion(2, 6, 38), new KernelVersion(3, 1));
        assertEquals("[v2.6.38, v2.6.39, v3.0, v3.1]", v.toString());
    }
}
