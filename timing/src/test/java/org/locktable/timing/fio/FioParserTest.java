package org.locktable.timing.fio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.locktable.timing.workload.BlockSizes;
import org.locktable.timing.workload.InitialLayout;
import org.locktable.timing.workload.JobSpec;
import org.locktable.timing.workload.SyncFileRange;
import org.locktable.timing.workload.Workload;

/**
 * Job files and command lines to workloads. Expected values are typed in from the fio HOWTO semantics, not
 * computed by the code under test.
 */
class FioParserTest {
    private static final long KIB = 1024;
    private static final long MIB = 1024 * KIB;
    private static final long GIB = 1024 * MIB;

    private static final FioParser FIO = new FioParser(FioEnvironment.defaults().withIncludes(Map.of()));

    private static Workload one(String jobText) {
        List<Workload> ws = FIO.parseJobFile(jobText, "t.fio");
        assertEquals(1, ws.size());
        return ws.get(0);
    }

    /** A job section with a size, so that only the options under test matter. */
    private static Workload job(String options) {
        return one("[j]\nsize=1g\n" + options);
    }

    private static FioParseException error(String jobText) {
        return assertThrows(FioParseException.class, () -> FIO.parseJobFile(jobText, "t.fio"));
    }

    private static Path resource(String name) throws URISyntaxException {
        return Path.of(FioParserTest.class.getResource("/fio/" + name).toURI());
    }

    private static boolean warned(Workload w, String fragment) {
        return w.warnings().stream().anyMatch(s -> s.contains(fragment));
    }

    private static List<Long> sizes(List<BlockSizes.Weighted> ws) {
        return ws.stream().map(BlockSizes.Weighted::bytes).toList();
    }

    private static List<Integer> shares(List<BlockSizes.Weighted> ws) {
        return ws.stream().map(BlockSizes.Weighted::percent).toList();
    }

    // -------------------------------------------------------------------------------------- the seeds

    @Test
    void janKarasJobFileFromSeed001() throws Exception {
        // [global] rw=randrw norandommap=1 invalidate=0 bs=4k numjobs=16 time_based=1 ramp_time=30 runtime=120
        // group_reporting=1 ioengine=psync direct=1 size=16G filename=<32 names> file_service_type=random nrfiles=32
        List<Workload> ws = FIO.parseFile(resource("seed001-jan-kara.fio"));
        assertEquals(1, ws.size());
        Workload w = ws.get(0);
        assertEquals("fio", w.name()); // only [global]: one job, fio's fallback name
        assertEquals(16, w.jobs());
        JobSpec j = w.job();
        assertEquals(JobSpec.Pattern.RANDOM, j.pattern());
        assertEquals(50, j.readPercent()); // randrw without rwmixread: 50/50
        assertEquals(BlockSizes.fixed(4096), j.blockSizes());
        assertEquals(0, j.offset());
        assertEquals(0, j.offsetIncrement());
        assertEquals(0, j.skip());
        assertEquals(16 * GIB / 32, j.region()); // size is divided among the 32 files
        assertEquals(16 * GIB, j.ioBytes());
        assertEquals(120.0, j.timeBasedSeconds());
        assertEquals(JobSpec.Engine.PSYNC, j.engine());
        assertEquals(1, j.iodepth());
        assertTrue(j.direct());
        assertFalse(j.dsync());
        assertFalse(j.writethrough());
        assertFalse(j.noserial());
        assertEquals(4096, j.alignment());
        assertEquals(new Workload.FileSharing(true, 32), w.files()); // filename= : all clones share
        assertEquals(InitialLayout.WRITTEN, w.initialLayout()); // reads: fio lays the files out with data
        assertTrue(warned(w, "No job(s) defined"));
        assertTrue(warned(w, "ramp_time=30"));
        assertTrue(warned(w, "norandommap=1"));
        assertTrue(warned(w, "invalidate=0"));
        assertTrue(warned(w, "file_service_type=random"));
        assertFalse(warned(w, "unknown"));
        assertEquals(5, w.warnings().size(), w.warnings().toString());
    }

    @Test
    void seed002Table1CommandLineNeedsOneWritethroughValue() {
        // The seed writes "--writethrough=0/1" for two runs; as one fio argument it is not a boolean.
        FioParseException e = assertThrows(FioParseException.class, () -> FIO.parseCommandLine(
                "fio --ioengine=libaio --writethrough=0/1 --bs=4k --rw=write \\\n--iodepth=32 --sync=dsync--file_append=1"
                        + " --size=2G"));
        assertEquals("--writethrough=0/1", e.argument());
        assertTrue(e.problem().contains("not a boolean"), e.problem());
    }

    @Test
    void seed002Table1CommandLine() {
        Workload w = FIO.parseCommandLine("fio --ioengine=libaio --writethrough=1 --bs=4k --rw=write \\\n"
                + "--iodepth=32 --sync=dsync--file_append=1 --size=2G").get(0);
        JobSpec j = w.job();
        assertEquals("fio", w.name());
        assertEquals(1, w.jobs());
        assertEquals(JobSpec.Pattern.SEQUENTIAL, j.pattern());
        assertEquals(0, j.readPercent());
        assertEquals(BlockSizes.fixed(4096), j.blockSizes());
        assertEquals(JobSpec.Engine.LIBAIO, j.engine());
        assertEquals(32, j.iodepth());
        assertFalse(j.direct()); // buffered
        assertTrue(j.dsync());
        assertTrue(j.writethrough());
        assertFalse(j.noserial());
        assertEquals(2 * GIB, j.region());
        assertEquals(2 * GIB, j.ioBytes());
        assertEquals(0.0, j.timeBasedSeconds());
        assertEquals(Workload.FileSharing.OWN_FILE, w.files()); // no filename: $jobname.$jobnum.$filenum
        // file_append with the default fallocate=native: fio preallocates the appended range.
        assertEquals(InitialLayout.UNWRITTEN, w.initialLayout());
        assertTrue(warned(w, "file_append=1 with fallocate=native"));
        assertTrue(warned(w, "split the run-together argument '--sync=dsync--file_append=1'"));
        assertTrue(warned(w, "writethrough=1: not an upstream fio option"));
    }

    @Test
    void seed002Table2CommandLine() {
        Workload w = FIO.parseCommandLine("fio --ioengine=libaio --bs=4k --size=2G --sync=dsync --writethrough=0 \\\n"
                + "--overwrite=1--rw=randwrite --iodepth=32").get(0);
        JobSpec j = w.job();
        assertEquals(JobSpec.Pattern.RANDOM, j.pattern());
        assertEquals(0, j.readPercent());
        assertEquals(2 * GIB, j.region());
        assertEquals(JobSpec.Engine.LIBAIO, j.engine());
        assertEquals(32, j.iodepth());
        assertTrue(j.dsync());
        assertFalse(j.writethrough());
        assertEquals(InitialLayout.WRITTEN, w.initialLayout()); // overwrite=1: laid out with data
        assertTrue(warned(w, "'--overwrite=1--rw=randwrite'"));
    }

    @Test
    void seed002Table3CommandLine() {
        Workload w = FIO.parseCommandLine("fio --ioengine=libaio --bs=4k --size=2G "
                + "--filename_format=.test_file.\\$jobnum \\\n--sync=dsync --writethrough=1 --overwrite=1 "
                + "--rw=randwrite --iodepth=32").get(0);
        assertEquals(new Workload.FileSharing(false, 1), w.files()); // $jobnum: a file per clone
        assertEquals(InitialLayout.WRITTEN, w.initialLayout());
        assertTrue(w.job().writethrough());
        assertEquals(2 * GIB, w.job().region());
    }

    @Test
    void seed002Table4CommandLine() {
        Workload w = FIO.parseCommandLine("fio --ioengine=libaio --bs=16k --size=5G --writethrough=0 --overwrite=1\\\n"
                + "--sync_file_range=wait_before,write:16 --rw=randwrite --iodepth=32").get(0);
        JobSpec j = w.job();
        assertEquals(BlockSizes.fixed(16 * KIB), j.blockSizes());
        assertEquals(5 * GIB, j.region());
        assertFalse(j.dsync()); // no --sync in this table
        assertEquals(JobSpec.Pattern.RANDOM, j.pattern());
        assertEquals(InitialLayout.WRITTEN, w.initialLayout());
        assertEquals(new SyncFileRange(true, true, false, 16), j.syncFileRange());
        assertFalse(w.warnings().stream().anyMatch(s -> s.contains("not modelled")), w.warnings().toString());
    }

    @Test
    void syncFileRangeFlagsAndErrors() {
        assertEquals(new SyncFileRange(false, true, true, 8), FIO.parseCommandLine(
                "fio --name=j --rw=randwrite --bs=4k --size=1m --sync_file_range=write,wait_after:8").get(0).job()
                .syncFileRange());
        Workload direct = FIO.parseCommandLine(
                "fio --name=j --rw=randwrite --bs=4k --size=1m --direct=1 --sync_file_range=write:8").get(0);
        assertEquals(SyncFileRange.NONE, direct.job().syncFileRange());
        assertTrue(warned(direct, "sync_file_range=write:8"), direct.warnings().toString());
        for (String bad : List.of("write", "write:0", "write:x", "flush:4")) {
            FioParseException e = assertThrows(FioParseException.class, () -> FIO.parseCommandLine(
                    "fio --name=j --rw=randwrite --bs=4k --size=1m --sync_file_range=" + bad));
            assertTrue(e.getMessage().contains("sync_file_range"), e.getMessage());
        }
    }

    // ------------------------------------------------------------------------------- HOWTO examples

    @Test
    void howtoRandomWriters() throws Exception {
        Workload w = FIO.parseFile(resource("random-writers.fio")).get(0);
        assertEquals("random-writers", w.name());
        assertEquals(4, w.jobs());
        assertEquals(JobSpec.Engine.LIBAIO, w.job().engine());
        assertEquals(4, w.job().iodepth());
        assertEquals(JobSpec.Pattern.RANDOM, w.job().pattern());
        assertEquals(BlockSizes.fixed(32 * KIB), w.job().blockSizes());
        assertFalse(w.job().direct());
        assertEquals(64 * MIB, w.job().region());
        assertEquals(Workload.FileSharing.OWN_FILE, w.files());
        assertEquals(InitialLayout.UNWRITTEN, w.initialLayout());
        assertEquals(List.of(), w.warnings());
    }

    @Test
    void howtoTwoReaders() throws Exception {
        List<Workload> ws = FIO.parseFile(resource("two-readers.fio"));
        assertEquals(List.of("job1", "job2"), ws.stream().map(Workload::name).toList());
        for (Workload w : ws) {
            assertEquals(JobSpec.Pattern.RANDOM, w.job().pattern());
            assertEquals(100, w.job().readPercent());
            assertEquals(128 * MIB, w.job().region());
            assertEquals(InitialLayout.WRITTEN, w.initialLayout());
        }
    }

    @Test
    void howtoIncludesFromFilesNextToTheJobFile() throws Exception {
        FioParser fio = new FioParser(); // file system includes, relative to the including file
        Workload w = fio.parseFile(resource("including.fio")).get(0);
        assertEquals("test", w.name());
        assertEquals(JobSpec.Engine.LIBAIO, w.job().engine()); // from test-include.fio
        assertEquals(4, w.job().iodepth());
        assertEquals(10.0, w.job().timeBasedSeconds());
        assertEquals(1 * MIB, w.job().region()); // filesize=1m
        assertEquals(new Workload.FileSharing(true, 1), w.files());
        assertEquals(List.of(), w.warnings()); // thread and group_reporting change nothing
    }

    @Test
    void howtoCommandLine() {
        Workload w = FIO.parseCommandLine("fio --name=random-writers --ioengine=libaio --iodepth=4 --rw=randwrite "
                + "--bs=32k --direct=0 --size=64m --numjobs=4").get(0);
        assertEquals("random-writers", w.name());
        assertEquals(4, w.jobs());
        assertEquals(4, w.job().iodepth());
        assertEquals(64 * MIB, w.job().region());
    }

    @Test
    void malformedValueInAFileHasItsLine() throws Exception {
        FioParseException e = assertThrows(FioParseException.class, () -> FIO.parseFile(resource("bad-value.fio")));
        assertEquals(7, e.line());
        assertTrue(e.source().endsWith("bad-value.fio"));
        assertTrue(e.getMessage().endsWith("bad-value.fio:7: bs=4q: '4q' has an unknown unit 'q' (k, m, g, t, p, "
                + "with an optional i and b)"), e.getMessage());
    }

    // ------------------------------------------------------------------------------------- rw, mix

    @Test
    void defaultIsSequentialRead() {
        Workload w = job("");
        assertEquals(JobSpec.Pattern.SEQUENTIAL, w.job().pattern());
        assertEquals(100, w.job().readPercent());
        assertEquals(InitialLayout.WRITTEN, w.initialLayout());
        assertEquals(BlockSizes.fixed(4096), w.job().blockSizes());
        assertEquals(JobSpec.Engine.PSYNC, w.job().engine());
        assertEquals(1, w.jobs());
    }

    @Test
    void patterns() {
        assertEquals(JobSpec.Pattern.SEQUENTIAL, job("rw=write\n").job().pattern());
        assertEquals(0, job("rw=write\n").job().readPercent());
        assertEquals(JobSpec.Pattern.SEQUENTIAL, job("readwrite=rw\n").job().pattern());
        assertEquals(50, job("rw=readwrite\n").job().readPercent());
        assertEquals(JobSpec.Pattern.RANDOM, job("rw=randread\n").job().pattern());
        assertEquals(100, job("rw=randread\n").job().readPercent());
        assertEquals(0, job("rw=randwrite\n").job().readPercent());
        assertEquals(50, job("rw=randrw\n").job().readPercent());
    }

    @Test
    void sequentialSkip() {
        assertEquals(4096, job("rw=write:4k\n").job().skip());
        // Seed 000 Test 2: 14336-byte writes at +512 of every 16 KiB.
        JobSpec j = job("rw=write:2k\nbs=14336\noffset=512\n").job();
        assertEquals(2048, j.skip());
        assertEquals(512, j.offset());
        assertEquals(BlockSizes.fixed(14336), j.blockSizes());
        assertEquals(16 * KIB, j.blockSizes().smallestWrite() + j.skip());
    }

    @Test
    void randomOffsetRepeatIsWarned() {
        Workload w = job("rw=randread:8\n");
        assertEquals(0, w.job().skip());
        assertTrue(warned(w, "8 I/Os per random offset"));
        assertEquals(3, error("[j]\nsize=1m\nrw=randread:0\n").line());
        assertFalse(warned(job("rw=randread:1\n"), "per random offset"));
    }

    @Test
    void rwmix() {
        assertEquals(70, job("rw=randrw\nrwmixread=70\n").job().readPercent());
        assertEquals(70, job("rw=randrw\nrwmixwrite=30\n").job().readPercent());
        assertEquals(70, job("rw=randrw\nrwmixread=10\nrwmixwrite=30\n").job().readPercent()); // later wins
        assertEquals(10, job("rw=randrw\nrwmixwrite=30\nrwmixread=10\n").job().readPercent());
        assertEquals(0, job("rw=write\nrwmixread=70\n").job().readPercent()); // only for mixed patterns
        assertEquals(4, error("[j]\nsize=1m\nrw=rw\nrwmixread=101\n").line());
    }

    @Test
    void trimsAndUnknownPatternsAreErrors() {
        FioParseException e = error("[j]\nsize=1m\nrw=randtrim\n");
        assertEquals(3, e.line());
        assertEquals("t.fio:3: rw=randtrim: trims are not modelled", e.getMessage());
        FioParseException u = error("[j]\nrw=randomwrite\nsize=1m\n");
        assertEquals(2, u.line());
        assertTrue(u.problem().contains("unknown I/O pattern 'randomwrite'"), u.problem());
    }

    // ---------------------------------------------------------------------------------- block sizes

    @Test
    void bsByDirection() {
        BlockSizes b = job("bs=8k,32k\n").job().blockSizes();
        assertEquals(List.of(8 * KIB), sizes(b.reads()));
        assertEquals(List.of(32 * KIB), sizes(b.writes()));
        b = job("bs=,8k\n").job().blockSizes();
        assertEquals(List.of(4096L), sizes(b.reads()));
        assertEquals(List.of(8 * KIB), sizes(b.writes()));
        b = job("bs=8k,32k,\n").job().blockSizes();
        assertEquals(List.of(32 * KIB), sizes(b.writes()));
        b = job("blocksize=256k\n").job().blockSizes();
        assertEquals(BlockSizes.fixed(256 * KIB), b);
        assertEquals(3, error("[j]\nsize=1m\nbs=1k,2k,3k,4k\n").line());
        assertEquals(3, error("[j]\nsize=1m\nbs=0\n").line());
        assertEquals(3, error("[j]\nsize=1m\nbs\n").line());
    }

    @Test
    void bsrange() {
        BlockSizes b = job("bsrange=1k-4k\n").job().blockSizes();
        assertTrue(b.range());
        assertEquals(List.of(1 * KIB, 4 * KIB), sizes(b.writes()));
        assertEquals(List.of(1 * KIB, 4 * KIB), sizes(b.reads()));
        assertEquals(1 * KIB, b.smallestWrite());
        b = job("blocksize_range=1k:4k,2k:8k\n").job().blockSizes();
        assertEquals(List.of(1 * KIB, 4 * KIB), sizes(b.reads()));
        assertEquals(List.of(2 * KIB, 8 * KIB), sizes(b.writes()));
        b = job("bsrange=1k-4k/8k-32k\n").job().blockSizes();
        assertEquals(List.of(8 * KIB, 32 * KIB), sizes(b.writes()));
        b = job("bsrange=4k-4k\n").job().blockSizes();
        assertEquals(BlockSizes.fixed(4096), b);
        assertFalse(b.range());
        Workload w = job("bs=8k\nbsrange=1k-4k\n");
        assertTrue(warned(w, "bsrange=1k-4k overrides bs=8k"));
    }

    @Test
    void bssplit() {
        BlockSizes b = job("bssplit=4k/10:64k/50:32k/40\n").job().blockSizes();
        assertEquals(List.of(4 * KIB, 64 * KIB, 32 * KIB), sizes(b.writes()));
        assertEquals(List.of(10, 50, 40), shares(b.writes()));
        assertEquals(b.writes(), b.reads());
        assertFalse(b.range());
        // Blank shares split the rest evenly.
        b = job("bssplit=4k/50:1k/:32k/\n").job().blockSizes();
        assertEquals(List.of(50, 25, 25), shares(b.writes()));
        // Reads and writes apart.
        b = job("bssplit=2k/50:4k/50,4k/90:8k/10\n").job().blockSizes();
        assertEquals(List.of(2 * KIB, 4 * KIB), sizes(b.reads()));
        assertEquals(List.of(4 * KIB, 8 * KIB), sizes(b.writes()));
        assertEquals(List.of(90, 10), shares(b.writes()));
        // One size, no share.
        assertEquals(List.of(100), shares(job("bssplit=8k\n").job().blockSizes().writes()));
        // Short of 100 %: fio gives the rest to the largest share.
        Workload w = job("bssplit=4k/10:8k/60\n");
        assertEquals(List.of(10, 90), shares(w.job().blockSizes().writes()));
        assertTrue(warned(w, "add up to 70%"));
        // More than 100 %.
        FioParseException e = error("[j]\nsize=1m\nbssplit=4k/60:8k/60\n");
        assertEquals(3, e.line());
        assertTrue(e.problem().contains("120%"), e.problem());
        assertTrue(warned(job("bs=8k\nbssplit=4k\n"), "bssplit=4k overrides bs=8k"));
    }

    @Test
    void blockalign() {
        assertEquals(4096, job("rw=randwrite\n").job().alignment()); // default: the block size
        assertEquals(512, job("rw=randwrite\nbs=4k\nblockalign=512\n").job().alignment());
        assertEquals(1024, job("rw=randwrite\nba=512,1k\n").job().alignment()); // the write value
        assertEquals(512, job("rw=randread\nba=512,1k\n").job().alignment()); // reads only: the read value
        assertEquals(1024, job("rw=randwrite\nbsrange=1k-8k\n").job().alignment()); // the smallest size
        assertEquals(4 * KIB, job("rw=randwrite\nbssplit=64k/50:4k/50\n").job().alignment());
    }

    // ------------------------------------------------------------------------------ sizes and files

    @Test
    void sizeIsDividedAmongFiles() {
        Workload w = one("[j]\nsize=1g\nnrfiles=4\nrw=write\n");
        assertEquals(256 * MIB, w.job().region());
        assertEquals(1 * GIB, w.job().ioBytes());
        assertEquals(new Workload.FileSharing(false, 4), w.files());
    }

    @Test
    void filesizeOverridesTheDivision() {
        Workload w = one("[j]\nfilesize=100m\nnrfiles=2\n");
        assertEquals(100 * MIB, w.job().region());
        assertEquals(200 * MIB, w.job().ioBytes());
        w = one("[j]\nfilesize=100m\nnrfiles=2\nsize=1g\n");
        assertEquals(100 * MIB, w.job().region());
        assertEquals(1 * GIB, w.job().ioBytes()); // size becomes the amount of I/O
        w = one("[j]\nfilesize=1m-3m\n");
        assertEquals(2 * MIB, w.job().region());
        assertTrue(warned(w, "midpoint"));
    }

    @Test
    void ioSize() {
        assertEquals(5 * GIB, job("io_size=5g\n").job().ioBytes());
        assertEquals(1 * GIB, job("io_size=5g\n").job().region());
        assertEquals(3 * GIB, job("io_limit=3g\n").job().ioBytes());
        assertEquals(GIB / 2, job("io_size=50%\n").job().ioBytes());
    }

    @Test
    void offsets() {
        JobSpec j = job("offset=1m\noffset_increment=1g\n").job();
        assertEquals(1 * MIB, j.offset());
        assertEquals(1 * GIB, j.offsetIncrement());
        assertEquals(4096, job("fileoffset=4k\n").job().offset());
        assertEquals(GIB / 5, one("[j]\nfilesize=1g\noffset=20%\n").job().offset());
        assertEquals(GIB / 4, one("[j]\nfilesize=1g\noffset_increment=25%\n").job().offsetIncrement());
        FioParseException e = error("[j]\nsize=1g\noffset=20%\n");
        assertEquals(3, e.line());
        assertTrue(e.problem().contains("filesize"), e.problem());
    }

    @Test
    void missingSizeIsAnErrorAtTheJobUnlessADefaultIsGiven() {
        FioParseException e = error("[global]\nrw=write\n\n[writer]\nbs=4k\n");
        assertEquals(4, e.line());
        assertTrue(e.problem().contains("neither size= nor filesize="), e.problem());
        FioParser lenient = new FioParser(FioEnvironment.defaults().withDefaultSize(8 * MIB));
        Workload w = lenient.parseJobFile("[writer]\nrw=write\n", "t.fio").get(0);
        assertEquals(8 * MIB, w.job().region());
        assertTrue(warned(w, "assumed size=8388608"));
        FioParseException c = assertThrows(FioParseException.class,
                () -> FIO.parseCommandLine("fio --name=w --rw=write"));
        assertEquals("--name=w", c.argument());
    }

    @Test
    void sizeTooSmallForItsFiles() {
        assertEquals(2, error("[j]\nsize=3\nnrfiles=4\n").line());
        assertEquals(2, error("[j]\nfilesize=0\n").line());
    }

    @Test
    void filenames() {
        assertEquals(new Workload.FileSharing(true, 3), job("filename=a:b:c\n").files());
        assertEquals(new Workload.FileSharing(true, 1), job("filename=/dev/dsk/foo@3,0\\:c\n").files());
        Workload w = job("filename=a:b\nnrfiles=8\n");
        assertEquals(new Workload.FileSharing(true, 2), w.files());
        assertTrue(warned(w, "nrfiles=8 is ignored"));
        assertEquals(new Workload.FileSharing(false, 2), job("filename_format=f.$jobnum.$filenum\nnrfiles=2\n").files());
        assertEquals(new Workload.FileSharing(true, 4), job("filename_format=shared.$filenum\nnrfiles=4\n").files());
        assertEquals(new Workload.FileSharing(false, 1), job("").files());
        assertEquals(3, error("[j]\nsize=1m\nfilename=a::b\n").line());
    }

    @Test
    void numjobs() {
        assertEquals(8, job("numjobs=8\n").jobs());
        assertEquals(8, job("numjobs=8\n").withJobs(8).jobs());
        assertEquals(3, error("[j]\nsize=1m\nnumjobs=0\n").line());
        assertEquals(3, error("[j]\nsize=1m\nnumjobs=many\n").line());
    }

    // ---------------------------------------------------------------------------------------- time

    @Test
    void timeBased() {
        assertEquals(120.0, job("time_based=1\nruntime=2m\n").job().timeBasedSeconds());
        assertEquals(30.0, job("time_based\nruntime=30\n").job().timeBasedSeconds());
        assertEquals(90.0, job("time_based\ntimeout=(1m+30s)\n").job().timeBasedSeconds());
        assertEquals(1.5, job("time_based\nruntime=1500ms\n").job().timeBasedSeconds());
        assertEquals(0.0, job("time_based=0\nruntime=30\n").job().timeBasedSeconds());
        Workload capped = job("runtime=30\n");
        assertEquals(0.0, capped.job().timeBasedSeconds());
        assertTrue(warned(capped, "runtime=30 without time_based"));
        FioParseException e = error("[j]\nsize=1m\ntime_based=1\n");
        assertEquals(3, e.line());
        assertTrue(e.problem().contains("needs runtime"), e.problem());
        assertEquals(4, error("[j]\nsize=1m\ntime_based\nruntime=ten\n").line());
        assertTrue(warned(job("time_based\nruntime=60\nramp_time=5\n"), "ramp_time=5: not modelled"));
    }

    // --------------------------------------------------------------------------------- engine, flags

    @Test
    void engines() {
        for (String e : new String[] {"psync", "sync", "pvsync", "pvsync2"}) {
            Workload w = job("ioengine=" + e + "\n");
            assertEquals(JobSpec.Engine.PSYNC, w.job().engine(), e);
            assertEquals(List.of(), w.warnings(), e);
        }
        assertEquals(JobSpec.Engine.LIBAIO, job("ioengine=libaio\n").job().engine());
        assertEquals(JobSpec.Engine.IO_URING, job("ioengine=io_uring\n").job().engine());
        Workload posix = job("ioengine=posixaio\n");
        assertEquals(JobSpec.Engine.PSYNC, posix.job().engine());
        assertTrue(warned(posix, "ioengine=posixaio: engine not modelled"));
    }

    @Test
    void iodepthOnlyForAsyncEngines() {
        assertEquals(1, job("ioengine=libaio\n").job().iodepth());
        assertEquals(16, job("ioengine=io_uring\niodepth=16\n").job().iodepth());
        Workload w = job("ioengine=psync\niodepth=32\n");
        assertEquals(1, w.job().iodepth());
        assertTrue(warned(w, "iodepth=32 has no effect on the synchronous psync engine"));
        assertEquals(3, error("[j]\nsize=1m\niodepth=0\nioengine=libaio\n").line());
    }

    @Test
    void directAndBuffered() {
        assertFalse(job("").job().direct());
        assertTrue(job("direct=1\n").job().direct());
        assertTrue(job("buffered=0\n").job().direct());
        assertFalse(job("direct=1\nbuffered=1\n").job().direct()); // the later one wins
        assertTrue(job("buffered=1\ndirect=1\n").job().direct());
        FioParseException e = error("[j]\nsize=1m\ndirect\n");
        assertEquals(3, e.line());
        assertTrue(e.problem().contains("needs a value"), e.problem());
        assertEquals(3, error("[j]\nsize=1m\ndirect=yes\n").line());
    }

    @Test
    void sync() {
        assertFalse(job("").job().dsync());
        assertTrue(job("sync=dsync\n").job().dsync());
        assertTrue(job("sync=sync\n").job().dsync());
        assertTrue(job("sync=1\n").job().dsync());
        assertFalse(job("sync=0\n").job().dsync());
        assertFalse(job("sync=none\n").job().dsync());
        assertEquals(3, error("[j]\nsize=1m\nsync=always\n").line());
    }

    @Test
    void patchedFioKeys() {
        Workload w = job("writethrough=1\nnoserial=1\n");
        assertTrue(w.job().writethrough());
        assertTrue(w.job().noserial());
        assertTrue(warned(w, "writethrough=1: not an upstream fio option"));
        assertTrue(warned(w, "noserial=1: not an upstream fio option"));
        assertFalse(warned(w, "unknown"));
    }

    @Test
    void groupReportingAndFlagsWithoutValues() {
        Workload w = job("group_reporting\nthread\n");
        assertEquals(List.of(), w.warnings());
    }

    // -------------------------------------------------------------------------------------- layout

    @Test
    void layoutFollowsFioFileSetup() {
        assertEquals(InitialLayout.UNWRITTEN, job("rw=write\n").initialLayout());
        assertEquals(InitialLayout.UNWRITTEN, job("rw=randwrite\nfallocate=native\n").initialLayout());
        assertEquals(InitialLayout.UNWRITTEN, job("rw=randwrite\nfallocate=posix\n").initialLayout());
        assertEquals(InitialLayout.WRITTEN, job("rw=randwrite\noverwrite=1\n").initialLayout());
        assertEquals(InitialLayout.WRITTEN, job("rw=read\n").initialLayout());
        assertEquals(InitialLayout.WRITTEN, job("rw=randrw\n").initialLayout());
        assertEquals(InitialLayout.EMPTY, job("rw=write\nfallocate=none\n").initialLayout());
        assertEquals(InitialLayout.EMPTY, job("rw=write\nfallocate=0\n").initialLayout());
        Workload t = job("rw=write\nfallocate=truncate\n");
        assertEquals(InitialLayout.EMPTY, t.initialLayout());
        assertTrue(warned(t, "fallocate=truncate"));
        Workload k = job("rw=write\nfallocate=keep\n");
        assertEquals(InitialLayout.UNWRITTEN, k.initialLayout());
        assertTrue(warned(k, "FALLOC_FL_KEEP_SIZE"));
        assertEquals(3, error("[j]\nsize=1m\nfallocate=maybe\n").line());
    }

    @Test
    void fileAppend() {
        Workload a = job("rw=write\nfile_append=1\n");
        assertEquals(InitialLayout.UNWRITTEN, a.initialLayout());
        assertTrue(warned(a, "do not extend the file"));
        assertEquals(InitialLayout.EMPTY, job("rw=write\nfile_append=1\nfallocate=none\n").initialLayout());
        // overwrite does not lay out an append job's file
        assertEquals(InitialLayout.EMPTY, job("rw=write\nfile_append=1\noverwrite=1\nfallocate=none\n")
                .initialLayout());
        Workload o = job("rw=write\nfile_append=1\nfallocate=none\noffset=1m\n");
        assertEquals(0, o.job().offset());
        assertTrue(warned(o, "ignores offset"));
    }

    // ------------------------------------------------------------------------- units, variables, math

    @Test
    void kbBase() {
        assertEquals(BlockSizes.fixed(4000), job("kb_base=1000\nbs=4k\n").job().blockSizes());
        assertEquals(BlockSizes.fixed(4096), job("bs=4ki\nkb_base=1000\n").job().blockSizes());
        assertEquals(1_000_000L, one("[j]\nsize=1mi\n").job().region());
        assertEquals(3, error("[j]\nsize=1m\nkb_base=512\n").line());
    }

    @Test
    void environmentVariables() {
        FioParser fio = new FioParser(FioEnvironment.defaults().withIncludes(Map.of())
                .withVariable("SIZE", "64m").withVariable("NUMJOBS", "4"));
        Workload w = fio.parseJobFile("[random-writers]\nrw=randwrite\nsize=${SIZE}\nnumjobs=${NUMJOBS}\n", "e.fio")
                .get(0);
        assertEquals(64 * MIB, w.job().region());
        assertEquals(4, w.jobs());
        // An undefined variable is empty.
        assertEquals(4 * KIB, fio.parseJobFile("[j]\nsize=1m\nbs=4${UNDEFINED}k\n", "e.fio").get(0).job()
                .blockSizes().smallestWrite());
        FioParseException e = assertThrows(FioParseException.class,
                () -> fio.parseJobFile("[j]\nsize=${UNDEFINED}\n", "e.fio"));
        assertEquals(2, e.line());
    }

    @Test
    void thisMachinesEnvironment() {
        FioEnvironment here = FioEnvironment.ofThisMachine();
        assertTrue(here.ncpus() >= 1);
        assertTrue(here.mbMemory() >= 1);
        Workload w = new FioParser(here).parseJobFile("[j]\nsize=1m\nnumjobs=$ncpus\n", "m.fio").get(0);
        assertEquals(here.ncpus(), w.jobs());
    }

    @Test
    void reservedKeywordsAndArithmetic() {
        FioParser fio = new FioParser(FioEnvironment.defaults().withIncludes(Map.of()).withSystem(4096, 8, 2048));
        Workload w = fio.parseJobFile("[j]\nsize=8*$mb_memory\nnumjobs=$ncpus*2\nbs=$pagesize\n"
                + "ioengine=libaio\niodepth=($ncpus+8)\n", "k.fio").get(0);
        assertEquals(8 * 2048, w.job().region()); // bc arithmetic: plain bytes, as fio's HOWTO example
        assertEquals(16, w.jobs());
        assertEquals(BlockSizes.fixed(4096), w.job().blockSizes());
        assertEquals(16, w.job().iodepth());
        assertEquals(3 * GIB, job("io_size=(1g+2g)\n").job().ioBytes());
        assertEquals(3, error("[j]\nsize=1m\nbs=(4k\n").line());
    }

    // ------------------------------------------------------------------------------------ warnings

    @Test
    void unknownKeysMakeOneWarning() {
        Workload w = job("blocksze=8k\nxyzzy=1\nplugh\nxyzzy=2\n");
        List<String> unknown = w.warnings().stream().filter(s -> s.startsWith("unknown options")).toList();
        assertEquals(1, unknown.size(), w.warnings().toString());
        // the project's one "did you mean" (DidYouMean): a typing slip, not fio's laxer half-the-name rule
        assertEquals("unknown options, ignored (not fio options): blocksze (did you mean blocksize?), xyzzy, plugh",
                unknown.get(0));
        assertEquals(BlockSizes.fixed(4096), w.job().blockSizes()); // the misspelt key did nothing
    }

    @Test
    void knownButNotModelledKeysAreWarnedOneEach() {
        Workload w = job("fsync=32\nnorandommap\ninvalidate=0\nthinktime=10\ndescription=quiet\n");
        assertTrue(warned(w, "fsync=32: the extra sync calls are not modelled"));
        assertTrue(warned(w, "norandommap: not modelled"));
        assertTrue(warned(w, "invalidate=0"));
        assertTrue(warned(w, "thinktime=10: pacing is not modelled"));
        assertFalse(warned(w, "description"));
        assertEquals(4, w.warnings().size(), w.warnings().toString());
    }

    @Test
    void errorInAGlobalIsReportedAtTheGlobalsLine() {
        FioParseException e = error("[global]\nioengine=libaio\niodepth=lots\n\n[a]\nsize=1m\n");
        assertEquals(3, e.line());
        assertEquals("t.fio:3: iodepth=lots: 'lots' is not a size (a number with an optional k/m/g/t/p unit, e.g. 4k)",
                e.getMessage());
    }

    @Test
    void commandLineValueErrorsNameTheArgument() {
        FioParseException e = assertThrows(FioParseException.class,
                () -> FIO.parseCommandLine("fio --name=x --size=1g --bs=4q"));
        assertEquals("--bs=4q", e.argument());
        assertEquals("argument '--bs=4q': bs=4q: '4q' has an unknown unit 'q' (k, m, g, t, p, with an optional i "
                + "and b)", e.getMessage());
        FioParseException s = assertThrows(FioParseException.class,
                () -> FIO.parseCommandLine("fio --name=x --size=1g --rw=trim"));
        assertEquals("--rw=trim", s.argument());
    }

    @Test
    void severalJobsInAFile() {
        List<Workload> ws = FIO.parseJobFile("[global]\nsize=1g\ndirect=1\n[writer]\nrw=randwrite\nbs=8k\n"
                + "[reader]\nrw=randread\nnumjobs=3\n", "t.fio");
        assertEquals(2, ws.size());
        assertEquals("writer", ws.get(0).name());
        assertEquals(0, ws.get(0).job().readPercent());
        assertEquals(8 * KIB, ws.get(0).job().blockSizes().smallestWrite());
        assertTrue(ws.get(0).job().direct());
        assertEquals("reader", ws.get(1).name());
        assertEquals(3, ws.get(1).jobs());
        assertEquals(BlockSizes.fixed(4096), ws.get(1).job().blockSizes());
    }
}
