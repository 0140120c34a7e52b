package org.locktable.timing.seed;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.locktable.engine.names.DidYouMean;
import org.locktable.timing.fio.FioEnvironment;
import org.locktable.timing.fio.FioParser;
import org.locktable.timing.tsv.Tsv;
import org.locktable.timing.workload.InitialLayout;
import org.locktable.timing.workload.JobSpec;
import org.locktable.timing.workload.Workload;

/**
 * The workloads behind the seed tables (/work/shared/reference/seeds), by name, each built through
 * {@link FioParser} from fio text: the seed's own job file or command line where it gives one, otherwise a
 * job written from the seed's prose (timing-notes §2.1 "Seed 000 jobs rewritten as fio"). The catalog is the
 * resource {@value #CATALOG_FILE}; the fio texts are resources beside it ({@code *.fio} job files,
 * {@code *.cmdline} command lines, the seeds' verbatim). Every entry says which seed table it stands for and what
 * it assumes; the job count of a table row is set with {@link Workload#withJobs(int)}, and
 * {@link #jobCounts(String)} lists the rows' counts.
 *
 * <p>Which kernel policy runs a column (ext4 base / +patch 1 / +patch 1+2, XFS vanilla / patched) is not a
 * workload property: the same workload serves every column of its table. Seed 002 is the exception, because
 * its columns differ in the fio options ({@code --writethrough=0/1}, the seed's shorthand for two runs):
 * {@code seed002-tableN} is the "Buffered IO" column ({@code --writethrough=0}) and
 * {@code seed002-tableN-writethrough} the "Writethrough IO" column ({@code --writethrough=1 --noserial=1}: the
 * tables' header says "Writethrough IO = RWF_WRITETHROUGH + RWF_NOSERIAL"; how the patched fio sets NOSERIAL is
 * not shown). The snippets have no {@code --name}: the parser notes that and names the job "fio"; every workload
 * is renamed to its catalog name.
 *
 * <p>Seed 003 (ext4 buffered iomap) has no workload here: it gives no fio options, and its rows
 * (fsync after each write, RWF_DONTCACHE, dirty-limit writeback) are not expressible in {@link JobSpec}; the
 * timing notes (§3.6) treat it as a CPU-cost calibration target, not a lock target.
 */
public final class SeedWorkloads {
    private SeedWorkloads() {
    }

    /** The catalog: name, table, rows, source, replace, with, append, layout, assumptions. */
    public static final String CATALOG_FILE = "seed-workloads.tsv";

    /**
     * A named seed workload: what it stands for, what it assumes, its table's job counts, and how it is built.
     *
     * @param source the fio text's resource: a job file ({@code .fio}) or a command line ({@code .cmdline})
     * @param replace text of the source replaced by {@code with} (empty: none)
     * @param append options appended to a command line (empty: none)
     * @param layout an initial layout replacing fio's (empty: fio's)
     */
    public record Seed(String name, String table, String assumptions, List<Integer> jobCounts, String source,
            String replace, String with, String append, String layout) {
        public Seed {
            jobCounts = List.copyOf(jobCounts);
        }

        Workload build() {
            String text = SeedWorkloads.source(source);
            if (!replace.isEmpty()) {
                text = text.replace(replace, with);
            }
            FioParser parser = new FioParser(FioEnvironment.defaults().withIncludes(Map.of()));
            Workload w;
            if (source.endsWith(".cmdline")) {
                w = parser.parseCommandLine(append.isEmpty() ? text : text + " " + append).get(0);
            } else {
                w = parser.parseJobFile(text, source).get(0);
            }
            InitialLayout initial = layout.isEmpty() ? w.initialLayout() : InitialLayout.pattern(layout);
            return new Workload(name, w.jobs(), w.job(), w.files(), initial, w.warnings());
        }
    }

    private static final Map<String, Seed> SEEDS = catalog();

    private static Map<String, Seed> catalog() {
        Map<String, Seed> m = new LinkedHashMap<>();
        for (Map<String, String> r : Tsv.resource(SeedWorkloads.class, CATALOG_FILE).rows()) {
            List<Integer> rows = Arrays.stream(r.get("rows").split(",")).map(Integer::valueOf).toList();
            m.put(r.get("name"), new Seed(r.get("name"), r.get("table"), r.get("assumptions"), rows, r.get("source"),
                    r.get("replace"), r.get("with"), r.get("append"), r.get("layout")));
        }
        return m;
    }

    /**
     * The fio text of a seed resource, as committed: e.g. {@code seed001.fio}, Jan Kara's job file from "[PATCH]
     * ext4: Optimize ext4 DIO overwrites" (2019-12-18), verbatim, or {@code seed002-table1.cmdline}, seed 002's
     * Table 1 command line as the seed prints it, line break and run-together {@code --sync=dsync--file_append=1}
     * included.
     */
    public static String source(String resource) {
        try (InputStream in = SeedWorkloads.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalArgumentException("no seed fio text '" + resource + "'");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + resource, e);
        }
    }

    // ------------------------------------------------------------------------------------------------ API

    /** Every seed workload name, in seed order. */
    public static List<String> names() {
        return List.copyOf(SEEDS.keySet());
    }

    /**
     * The named workload (its default job count: 1, or the job file's {@code numjobs}).
     *
     * @throws IllegalArgumentException for an unknown name, with the closest names
     */
    public static Workload get(String name) {
        return seed(name).build();
    }

    /** The named seed entry: table, assumptions, job counts. */
    public static Seed seed(String name) {
        Seed s = SEEDS.get(name);
        if (s == null) {
            throw new IllegalArgumentException(unknownMessage(name));
        }
        return s;
    }

    /** The job counts of the table rows the workload stands for. */
    public static List<Integer> jobCounts(String name) {
        return seed(name).jobCounts();
    }

    /** The workload once per table row, with that row's job count. */
    public static List<Workload> rows(String name) {
        Workload w = get(name);
        List<Workload> out = new ArrayList<>();
        for (int n : jobCounts(name)) {
            out.add(w.withJobs(n));
        }
        return List.copyOf(out);
    }

    private static String unknownMessage(String name) {
        return DidYouMean.unknown("seed workload", name, SEEDS.keySet());
    }
}
