package org.locktable.concurrency.history;

import java.util.List;
import java.util.Optional;

import org.locktable.engine.policy.FileSystem;

/**
 * One historical direct-I/O race of ext4, XFS or the direct-I/O engines, as its fixing commit (and its xfstests test)
 * describes it: either a case the oracle runs under a kernel inside the buggy range and under the fixing one, or a
 * miss with the reason the model cannot express it yet.
 *
 * @param name a short name
 * @param fileSystem the file system whose lock rules it is about
 * @param layout the case's extent layout ({@code race --layout}); empty for a miss
 * @param size its i_size
 * @param ops its operations ({@code race --op}), in the order they start
 * @param buggy a kernel release inside the buggy range ({@code kernel:VERSION})
 * @param fixed the release with the fix, or empty while the race is open
 * @param fix the fixing commit and its subject; for an open race, the candidate fix
 * @param introduced the commit (or release) that introduced it, where known
 * @param xfstests the xfstests test that reproduces it, or "-"
 * @param failure what goes wrong, in the fix's (or the test's) words
 * @param miss why the model does not find it; empty for a race it runs
 * @param revert the patch (kernel-matrix/patches/linux-6.12/history/) that undoes the fix's rule on Debian's 6.12, for
 *        the live replay: CORRUPTED there, INTACT on 6.12 itself; empty when none is written
 * @param candidate for a race still open, the policy of a candidate fix, run in the "at the fix" column
 */
public record KnownRace(String name, FileSystem fileSystem, String layout, long size, List<String> ops, String buggy,
        Optional<String> fixed, String fix, String introduced, String xfstests, String failure, Optional<String> miss,
        Optional<String> revert, Optional<String> candidate) {

    /** This open race with a candidate fix, the policy {@code id}. */
    KnownRace candidateFix(String id) {
        return new KnownRace(name, fileSystem, layout, size, ops, buggy, fixed, fix, introduced, xfstests, failure, miss,
                revert, Optional.of(id));
    }

    /** This race, replayed live on 6.12 with {@code patch} undoing its fix. */
    KnownRace revertedBy(String patch) {
        return new KnownRace(name, fileSystem, layout, size, ops, buggy, fixed, fix, introduced, xfstests, failure, miss,
                Optional.of(patch), candidate);
    }

    /** A race the oracle runs. */
    static KnownRace modelled(String name, FileSystem fs, String layout, long size, List<String> ops, String buggy,
            String fixed, String fix, String introduced, String xfstests, String failure) {
        return new KnownRace(name, fs, layout, size, ops, buggy, Optional.ofNullable(fixed), fix, introduced, xfstests,
                failure, Optional.empty(), Optional.empty(), Optional.empty());
    }

    /** A race the model cannot express yet, and why. */
    static KnownRace missed(String name, FileSystem fs, String fix, String introduced, String xfstests, String failure,
            String why) {
        return new KnownRace(name, fs, "", 0, List.of(), "", Optional.empty(), fix, introduced, xfstests, failure,
                Optional.of(why), Optional.empty(), Optional.empty());
    }
}
