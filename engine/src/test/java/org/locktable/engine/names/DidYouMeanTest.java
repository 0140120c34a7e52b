package org.locktable.engine.names;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;

class DidYouMeanTest {
    private static final List<String> POLICIES = List.of("ext4-base", "ext4-patch1", "ext4-patch2", "xfs-dio");

    @Test
    void suggestsTheNearestNameForATypingSlip() {
        assertEquals(Optional.of("ext4-base"), DidYouMean.closest("ext4-bse", POLICIES));
        assertEquals(Optional.of("xfs-dio"), DidYouMean.closest("XFS-DIO", POLICIES));
        assertEquals(Optional.of("ext4-patch1"), DidYouMean.closest("ext4-patch", POLICIES), "ties go to the first");
    }

    @Test
    void suggestsNothingForAnUnrelatedName() {
        assertEquals(Optional.empty(), DidYouMean.closest("btrfs", POLICIES));
        assertEquals(Optional.empty(), DidYouMean.closest("x", List.of()));
    }

    @Test
    void oneMessageStyle() {
        assertEquals("unknown policy \"ext4-bse\"; did you mean \"ext4-base\"? (known: ext4-base, xfs-dio)",
                DidYouMean.unknown("policy", "ext4-bse", List.of("ext4-base", "xfs-dio")));
        assertEquals("unknown policy \"zfs\" (known: xfs-dio)", DidYouMean.unknown("policy", "zfs", List.of("xfs-dio")));
    }
}
