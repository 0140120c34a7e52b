package org.locktable.timing.fio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

/** Sections, globals, comments, includes and command lines at the syntax level; errors with their line. */
class FioJobFileTest {
    private static final FioEnvironment.IncludeResolver NO_INCLUDES =
            FioEnvironment.defaults().withIncludes(Map.of()).includes();

    private static FioJobFile parse(String text) {
        return FioJobFile.parse(text, "t.fio", NO_INCLUDES);
    }

    private static String options(FioJobFile.Job job) {
        return job.options().stream().map(Object::toString).collect(Collectors.joining(" "));
    }

    @Test
    void globalsApplyOnlyToJobsBelowAndAccumulate() {
        FioJobFile f = parse("[global]\nbs=8k\nrw=write\n[a]\nsize=1m\n[global]\nbs=16k\n[b]\nbs=32k\n[global]\n"
                + "iodepth=9\n");
        assertEquals(List.of("a", "b"), f.jobs().stream().map(FioJobFile.Job::name).collect(Collectors.toList()));
        assertEquals("bs=8k rw=write size=1m", options(f.jobs().get(0)));
        assertEquals("bs=8k rw=write bs=16k bs=32k", options(f.jobs().get(1)));
        assertEquals(5, f.sections().size());
        assertTrue(f.sections().get(0).global());
        assertTrue(f.notes().isEmpty());
    }

    @Test
    void aSectionNamedGlobalSomethingIsGlobal() {
        // fio compares the first six characters (init.c: strncmp(name, "global", 6)).
        FioJobFile f = parse("[global-defaults]\nbs=8k\n[job]\n");
        assertEquals(1, f.jobs().size());
        assertEquals("bs=8k", options(f.jobs().get(0)));
    }

    @Test
    void commentsBlankLinesAndSpacing() {
        FioJobFile f = parse("; comment\n# comment\n\n  [ job ]  \n   ; indented comment\n  bs = 4k  \ntime_based\n"
                + "\t# tab comment\n");
        FioJobFile.Job job = f.jobs().get(0);
        assertEquals("job", job.name());
        assertEquals("bs", job.options().get(0).key());
        assertEquals("4k", job.options().get(0).value());
        assertEquals("time_based", job.options().get(1).key());
        assertNull(job.options().get(1).value());
        assertEquals(6, job.options().get(0).origin().line());
        assertEquals(7, job.options().get(1).origin().line());
        assertEquals(4, job.origin().line());
    }

    @Test
    void crlfLineEndings() {
        FioJobFile f = parse("[job]\r\nbs=4k\r\n");
        assertEquals("4k", f.jobs().get(0).options().get(0).value());
    }

    @Test
    void includesPullOptionsIntoTheCurrentSectionAndNest() {
        FioEnvironment.IncludeResolver inc = FioEnvironment.defaults().withIncludes(Map.of(
                "common.fio", "; shared\nsize=1m\ninclude deeper.fio\n",
                "deeper.fio", "bs=8k\n",
                "job.fio", "iodepth=4\n")).includes();
        FioJobFile f = FioJobFile.parse("[global]\ninclude common.fio\n[job]\nrw=write\ninclude job.fio\n", "m.fio",
                inc);
        assertEquals("size=1m bs=8k rw=write iodepth=4", options(f.jobs().get(0)));
        FioJobFile.Option bs = f.jobs().get(0).options().get(1);
        assertEquals("deeper.fio", bs.origin().source());
        assertEquals(1, bs.origin().line());
    }

    @Test
    void onlyGlobalsMakeOneJobNamedFioWithANote() {
        FioJobFile f = parse("[global]\nrw=write\nsize=1m\n");
        assertEquals(1, f.jobs().size());
        assertEquals("fio", f.jobs().get(0).name());
        assertEquals("rw=write size=1m", options(f.jobs().get(0)));
        assertTrue(f.notes().get(0).contains("No job(s) defined"), f.notes().toString());
    }

    // ---------------------------------------------------------------------------------------- errors

    private static FioParseException error(String text) {
        return assertThrows(FioParseException.class, () -> parse(text));
    }

    @Test
    void optionBeforeAnySection() {
        FioParseException e = error("; header\n\nbs=4k\n[job]\n");
        assertEquals("t.fio", e.source());
        assertEquals(3, e.line());
        assertEquals("t.fio:3: option 'bs=4k' outside of a [section]", e.getMessage());
    }

    @Test
    void unclosedSectionHeader() {
        FioParseException e = error("[global]\nbs=4k\n[job\nrw=write\n");
        assertEquals(3, e.line());
        assertTrue(e.problem().contains("does not end with ']'"), e.problem());
    }

    @Test
    void emptySectionName() {
        assertEquals(2, error("[global]\n[ ]\n").line());
    }

    @Test
    void optionWithoutName() {
        FioParseException e = error("[job]\nbs=4k\n=4k\n");
        assertEquals(3, e.line());
        assertEquals("t.fio:3: '=4k' has no option name before '='", e.getMessage());
    }

    @Test
    void optionWithABlankInsteadOfEquals() {
        assertEquals(2, error("[job]\nbs 4k\n").line());
    }

    @Test
    void noSections() {
        FioParseException e = error("; nothing\n");
        assertEquals(1, e.line());
        assertTrue(e.problem().contains("no [section]"));
    }

    @Test
    void missingIncludeFile() {
        FioParseException e = error("[job]\nbs=4k\ninclude nowhere.fio\n");
        assertEquals(3, e.line());
        assertTrue(e.problem().contains("nowhere.fio"));
    }

    @Test
    void includeWithoutName() {
        assertEquals(2, error("[job]\ninclude\n").line());
    }

    @Test
    void sectionInAnIncludedFileIsReportedInThatFile() {
        FioEnvironment.IncludeResolver inc = FioEnvironment.defaults().withIncludes(Map.of(
                "bad.fio", "bs=4k\n\n[oops]\n")).includes();
        FioParseException e = assertThrows(FioParseException.class,
                () -> FioJobFile.parse("[job]\ninclude bad.fio\n", "m.fio", inc));
        assertEquals("bad.fio", e.source());
        assertEquals(3, e.line());
        assertEquals("bad.fio:3: an included file may not start a [section]", e.getMessage());
    }

    @Test
    void includeCycle() {
        FioEnvironment.IncludeResolver inc = FioEnvironment.defaults().withIncludes(Map.of(
                "a.fio", "bs=4k\ninclude b.fio\n", "b.fio", "include a.fio\n")).includes();
        FioParseException e = assertThrows(FioParseException.class,
                () -> FioJobFile.parse("[job]\ninclude a.fio\n", "m.fio", inc));
        assertEquals("b.fio", e.source());
        assertEquals(1, e.line());
        assertTrue(e.problem().contains("cycle"));
    }

    // ---------------------------------------------------------------------------------- command lines

    @Test
    void commandLineSectionsAsInTheHowto() {
        // HOWTO: "fio --name=global --rw=randread --size=128m --name=job1 --name=job2"
        FioJobFile f = FioJobFile.fromCommandLine("fio --name=global --rw=randread --size=128m --name=job1 --name=job2");
        assertEquals(2, f.jobs().size());
        assertEquals("job1", f.jobs().get(0).name());
        assertEquals("rw=randread size=128m", options(f.jobs().get(0)));
        assertEquals("rw=randread size=128m", options(f.jobs().get(1)));
        assertEquals("--name=job2", f.jobs().get(1).origin().argument());
    }

    @Test
    void optionsBeforeTheFirstNameAreGlobal() {
        FioJobFile f = FioJobFile.fromArguments(List.of("--bs=8k", "--name=a", "--rw=write", "--name=b"));
        assertEquals("bs=8k rw=write", options(f.jobs().get(0)));
        assertEquals("bs=8k", options(f.jobs().get(1)));
    }

    @Test
    void separateValuesFlagsAndFioOwnOptions() {
        FioJobFile f = FioJobFile.fromCommandLine(
                "/usr/bin/fio --output=out.json --output-format=json --name w --bs 8k --time_based --runtime=5 "
                        + "--group_reporting -size=1m");
        FioJobFile.Job job = f.jobs().get(0);
        assertEquals("w", job.name());
        assertEquals("bs=8k time_based runtime=5 group_reporting size=1m", options(job));
    }

    @Test
    void runTogetherOptionsAreSplitWhereAKnownOptionFollows() {
        FioJobFile f = FioJobFile.fromCommandLine("fio --name=j --sync=dsync--file_append=1 --overwrite=1--rw=randwrite "
                + "--description=a--b --filename=x--notanoption=1");
        assertEquals("sync=dsync file_append=1 overwrite=1 rw=randwrite description=a--b filename=x--notanoption=1",
                options(f.jobs().get(0)));
        assertEquals(2, f.notes().size());
        assertTrue(f.notes().get(0).contains("'--sync=dsync--file_append=1'"), f.notes().toString());
        // Both halves keep the argument as the user wrote it, for messages.
        assertEquals("--sync=dsync--file_append=1", f.jobs().get(0).options().get(1).origin().argument());
    }

    @Test
    void aValueMayHoldSeveralRunTogetherOptions() {
        FioJobFile f = FioJobFile.fromArguments(List.of("--name=j", "--bs=4k--size=1m--rw=write"));
        assertEquals("bs=4k size=1m rw=write", options(f.jobs().get(0)));
    }

    @Test
    void noNameMakesOneJobNamedFio() {
        FioJobFile f = FioJobFile.fromCommandLine("fio --rw=write --size=1m");
        assertEquals("fio", f.jobs().get(0).name());
        assertTrue(f.notes().get(0).startsWith("no --name"), f.notes().toString());
    }

    @Test
    void commandLineErrorsNameTheArgument() {
        FioParseException e = assertThrows(FioParseException.class,
                () -> FioJobFile.fromCommandLine("fio --name=a job.fio"));
        assertEquals("job.fio", e.argument());
        assertEquals(0, e.line());
        assertTrue(e.getMessage().startsWith("argument 'job.fio': "), e.getMessage());

        assertEquals("--name", assertThrows(FioParseException.class,
                () -> FioJobFile.fromArguments(List.of("--name"))).argument());
        assertEquals("--=4k", assertThrows(FioParseException.class,
                () -> FioJobFile.fromArguments(List.of("--name=a", "--=4k"))).argument());
        assertThrows(FioParseException.class, () -> FioJobFile.fromArguments(List.of("fio")));
    }
}
