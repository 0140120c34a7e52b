package org.locktable.benchmarks;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.TreeSet;

/**
 * A deterministic corpus of {@code @Scenario} classes for {@link ProcessorOverheadBenchmark}: the same seed and
 * count give the same files, byte for byte. The classes look like hand-written ones: layouts over H, U and W of
 * 1 to 8 blocks (now and then a {@code |} record boundary or a {@code W*3} repeat), block sizes from 512 B to
 * 64 KiB, aligned and unaligned writes inside and across the end of the file, NOWAIT, async and O_DSYNC writes,
 * 2 to 6 {@code @ExpectLock} rows on the ext4 and XFS policies of the write's path, some
 * {@code @ExpectNoStricter} and {@code @ExpectSame}. Ten packages; half of them name default policies in
 * {@code package-info.java}, which some classes use through an {@code @ExpectLock} without a policy. Every
 * 200th class is a tiny sweep (27 layouts, a few hundred cases) with {@code FIRST} rules ending in a catch-all.
 *
 * <p>The expected values are plausible but often wrong: compile with {@code -Alocktable.mismatch=off}. The
 * sources use only the DSL; no expectation names a policy twice and no sweep can overlap or leave a gap, so the
 * processor reports no error.
 */
public final class ScenarioCorpus {
    /** The corpus packages sit under this one. */
    public static final String ROOT = "org.locktable.bench.corpus";

    /** The processor's generated suites end in this ({@code Scenarios_LocktableTest}, one per package). */
    public static final String SUITE_SUFFIX = org.locktable.dsl.reader.ScenarioModel.SUITE_SUFFIX;

    static final List<String> DIO_POLICIES = CorpusPolicies.DIRECT;
    static final List<String> BUFFERED_POLICIES = CorpusPolicies.BUFFERED;

    /** A package of the corpus: its name, its write path, and the default policies of its package-info (or none). */
    private record Pkg(String name, boolean buffered, List<String> defaults) {
    }

    private static final List<Pkg> PACKAGES = List.of(
            new Pkg("ext4.aligned", false, List.of("ext4-base", "ext4-patch1", "ext4-patch2")),
            new Pkg("ext4.unaligned", false, List.of("ext4-base", "ext4-patch2")),
            new Pkg("ext4.nowait", false, List.of()),
            new Pkg("ext4.history", false, List.of("ext4-2019-overwrite", "ext4-base")),
            new Pkg("xfs.aligned", false, List.of("xfs-dio-v5.11", "xfs-dio")),
            new Pkg("xfs.unaligned", false, List.of()),
            new Pkg("xfs.eof", false, List.of()),
            new Pkg("crossfs.dio", false, List.of("ext4-patch2", "xfs-dio")),
            new Pkg("crossfs.regressions", false, List.of()),
            new Pkg("buffered", true, List.of()));

    private static final String[] STATES = {"H", "U", "W"};

    private ScenarioCorpus() {
    }

    /** Writes {@code count} scenario classes (and the package-info files) under {@code dir}; returns every file. */
    public static List<Path> write(Path dir, int count, long seed) throws IOException {
        Random r = new Random(seed);
        List<Path> files = new ArrayList<>();
        for (Pkg p : PACKAGES) {
            if (!p.defaults().isEmpty()) {
                files.add(writeFile(dir, p.name(), "package-info", packageInfo(p)));
            }
        }
        for (int i = 0; i < count; i++) {
            Pkg p = PACKAGES.get(i % PACKAGES.size());
            String name;
            String source;
            if (i % 200 == 199) {
                name = String.format(Locale.ROOT, "Sweep%04d", i);
                source = sweep(r, p, name, i);
            } else {
                Single s = new Single(r, p, i);
                name = s.className();
                source = s.source();
            }
            files.add(writeFile(dir, p.name(), name, source));
        }
        return files;
    }

    /** The number of scenario classes among {@code files} (the package-info files are not). */
    public static long scenarioCount(List<Path> files) {
        return files.stream().filter(f -> !f.getFileName().toString().equals("package-info.java")).count();
    }

    private static Path writeFile(Path dir, String pkg, String simpleName, String source) throws IOException {
        Path d = dir.resolve((ROOT + "." + pkg).replace('.', '/'));
        Files.createDirectories(d);
        Path f = d.resolve(simpleName + ".java");
        Files.writeString(f, source, StandardCharsets.UTF_8);
        return f;
    }

    private static String packageInfo(Pkg p) {
        return "/** Scenarios about " + p.name().replace('.', ' ') + "; expectations without a policy apply to "
                + String.join(", ", p.defaults()) + ". */\n"
                + "@Policies({" + quoted(p.defaults()) + "})\n"
                + "package " + ROOT + "." + p.name() + ";\n\n"
                + "import org.locktable.dsl.Policies;\n";
    }

    /** One layout-and-write scenario class. */
    private static final class Single {
        private final Random r;
        private final Pkg pkg;
        private final int index;
        private final TreeSet<String> imports = new TreeSet<>();
        private final TreeSet<String> staticImports = new TreeSet<>();
        private final StringBuilder annotations = new StringBuilder();
        private String className;
        private String source;

        Single(Random r, Pkg pkg, int index) {
            this.r = r;
            this.pkg = pkg;
            this.index = index;
            build();
        }

        String className() {
            return className;
        }

        String source() {
            return source;
        }

        private void build() {
            int bs = pick(new int[] {4096, 4096, 4096, 4096, 4096, 4096, 4096, 1024, 1024, 2048, 512, 16384, 65536});
            int blocks = 1 + r.nextInt(8);
            String[] states = new String[blocks];
            for (int b = 0; b < blocks; b++) {
                states[b] = STATES[r.nextInt(3)];
            }
            String layout = layout(states);
            long layoutEnd = (long) blocks * bs;

            // i_size: mostly the layout's end, sometimes inside the last block or a block short of it.
            long size = -1;
            int sizeKind = r.nextInt(10);
            if (sizeKind < 2) {
                size = layoutEnd - bs / 2;
            } else if (sizeKind == 2 && blocks > 1) {
                size = layoutEnd - bs;
            }
            long diskSize = -1;
            if (!pkg.buffered() && r.nextInt(20) == 0) {
                diskSize = (size == -1 ? layoutEnd : size) - bs;
                diskSize = Math.max(0, diskSize);
            }
            int lbs = bs >= 4096 && r.nextInt(10) == 0 ? 4096 : 512;
            boolean nosec = r.nextInt(20) != 0;

            // The write: from block first to block last (last may be one past the layout), aligned or not.
            int first = r.nextInt(blocks);
            int last = first + r.nextInt(Math.min(blocks - first, 4) + (r.nextInt(6) == 0 ? 1 : 0));
            boolean unalignedHead = r.nextBoolean();
            boolean unalignedTail = r.nextBoolean();
            int sectors = Math.max(1, bs / 512);
            long offset = (long) first * bs + (unalignedHead && sectors > 1 ? 512L * (1 + r.nextInt(sectors - 1)) : 0);
            long end = (long) (last + 1) * bs - (unalignedTail && sectors > 1 ? 512L * (1 + r.nextInt(sectors - 1)) : 0);
            if (r.nextInt(50) == 0) {
                offset += 100; // not even sector aligned: EINVAL for O_DIRECT
            }
            if (end <= offset) {
                end = offset + 512;
            }
            long len = end - offset;
            boolean aligned = offset % bs == 0 && len % bs == 0;

            boolean nowait = r.nextInt(5) == 0 || pkg.name().endsWith("nowait") && r.nextInt(3) > 0;
            boolean async = r.nextInt(4) == 0;
            boolean dsync = r.nextInt(20) == 0;
            boolean writethrough = pkg.buffered() && r.nextInt(4) == 0;
            long bufferAlignment = r.nextInt(20) == 0 ? 512 : 4096;

            String kind = (aligned ? "Aligned" : offset % bs != 0 && end % bs != 0 ? "Unaligned"
                    : offset % bs != 0 ? "UnalignedHead" : "UnalignedTail");
            className = String.format(Locale.ROOT, "%s%s%s%04d", kind, String.join("", states),
                    nowait ? "Nowait" : async ? "Aio" : "", index);

            imports.add("Scenario");
            annotations.append("@Scenario(title = \"").append(aligned ? "Aligned" : "Unaligned").append(' ')
                    .append(pkg.buffered() ? "buffered" : "direct").append(" write of ").append(len).append(" bytes at ")
                    .append(offset).append(" over ").append(layout).append("\",\n")
                    .append("          why = \"").append(why(states, first, last, nowait)).append("\", source = \"corpus seed, case ")
                    .append(index).append("\")\n");

            imports.add("ExtentLayout");
            annotations.append("@ExtentLayout(blocks = \"").append(layout).append('"');
            if (bs != 4096 || r.nextInt(3) == 0) {
                annotations.append(", blockSize = ").append(bs);
            }
            if (size != -1) {
                annotations.append(", size = ").append(size);
            }
            if (diskSize != -1) {
                annotations.append(", diskSize = ").append(diskSize);
            }
            if (lbs != 512) {
                annotations.append(", logicalBlockSize = ").append(lbs);
            }
            if (!nosec) {
                annotations.append(", nosec = false");
            }
            annotations.append(")\n");

            imports.add("Write");
            annotations.append("@Write(offset = ").append(offset).append(", len = ").append(len);
            if (pkg.buffered()) {
                annotations.append(", direct = false");
            }
            if (async) {
                annotations.append(", async = true");
            }
            if (nowait) {
                annotations.append(", nowait = true");
            }
            if (dsync) {
                annotations.append(", dsync = true");
            }
            if (writethrough) {
                annotations.append(", writethrough = true, noserial = true");
            }
            if (bufferAlignment != 4096) {
                annotations.append(", bufferAlignment = ").append(bufferAlignment);
            }
            annotations.append(")\n");

            expectations(aligned, nowait);
            relations();

            StringBuilder s = new StringBuilder();
            s.append("package ").append(ROOT).append('.').append(pkg.name()).append(";\n\n");
            for (String c : staticImports) {
                s.append("import static org.locktable.dsl.").append(c).append(";\n");
            }
            if (!staticImports.isEmpty()) {
                s.append('\n');
            }
            for (String c : imports) {
                s.append("import org.locktable.dsl.").append(c).append(";\n");
            }
            s.append('\n').append(annotations).append("class ").append(className).append(" {\n}\n");
            source = s.toString();
        }

        /** Runs of equal states; now and then a run written as {@code W*3}, or split into records by {@code |}. */
        private String layout(String[] states) {
            StringBuilder l = new StringBuilder();
            int b = 0;
            while (b < states.length) {
                int run = 1;
                while (b + run < states.length && states[b + run].equals(states[b])) {
                    run++;
                }
                l.append(l.length() > 0 ? " " : "");
                if (run >= 3 && r.nextInt(3) == 0) {
                    l.append(states[b]).append('*').append(run);
                } else {
                    for (int k = 0; k < run; k++) {
                        boolean bar = k > 0 && !states[b].equals("H") && r.nextInt(8) == 0;
                        l.append(k == 0 ? "" : bar ? " | " : " ").append(states[b]);
                    }
                }
                b += run;
            }
            return l.toString();
        }

        private String why(String[] states, int first, int last, boolean nowait) {
            String head = first < states.length ? name(states[first]) : "beyond EOF";
            String tail = last < states.length ? name(states[last]) : "beyond EOF";
            return "head block " + head + ", tail block " + tail + (nowait ? "; a RWF_NOWAIT caller must not block" : "");
        }

        private String name(String state) {
            switch (state) {
                case "H":
                    return "a hole";
                case "U":
                    return "unwritten";
                default:
                    return "written";
            }
        }

        private void expectations(boolean aligned, boolean nowait) {
            List<String> pool = new ArrayList<>(pkg.buffered() ? BUFFERED_POLICIES : DIO_POLICIES);
            Collections.shuffle(pool, r);
            int rows = 2 + r.nextInt(Math.min(5, pool.size() - 1));
            imports.add("ExpectLock");
            if (!pkg.defaults().isEmpty() && r.nextInt(5) < 2) {
                // One row for the package's default policies; the explicit rows name the others.
                pool.removeAll(pkg.defaults());
                row(null, aligned, nowait);
                rows--;
            }
            for (int k = 0; k < rows && k < pool.size(); k++) {
                row(pool.get(k), aligned, nowait);
            }
        }

        private void row(String policy, boolean aligned, boolean nowait) {
            String lock = r.nextInt(10) < (aligned ? 3 : 7) ? "EXCLUSIVE" : r.nextInt(30) == 0 ? "NONE" : "SHARED";
            staticImports.add("LockMode." + lock);
            annotations.append("@ExpectLock(");
            if (policy != null) {
                annotations.append("policy = \"").append(policy).append("\", ");
            }
            annotations.append("value = ").append(lock);
            if (r.nextInt(10) < 3) {
                annotations.append(", drain = ").append(r.nextBoolean());
            }
            if (r.nextInt(10) == 0) {
                annotations.append(", forceWait = ").append(r.nextBoolean());
            }
            if (nowait && r.nextBoolean()) {
                String outcome = pickString("EAGAIN", "PROCEEDS", "PROCEEDS_MAY_BLOCK");
                imports.add("NowaitOutcome");
                annotations.append(", nowait = NowaitOutcome.").append(outcome);
            }
            if (r.nextInt(10) == 0) {
                String result = nowait ? "EAGAIN" : pickString("OK", "EINVAL", "FALLBACK_BUFFERED");
                imports.add("WriteResult");
                annotations.append(", result = WriteResult.").append(result);
            }
            annotations.append(")\n");
        }

        private void relations() {
            List<String> pool = new ArrayList<>(pkg.buffered() ? BUFFERED_POLICIES : DIO_POLICIES);
            if (r.nextInt(10) < 3) {
                Collections.shuffle(pool, r);
                imports.add("ExpectNoStricter");
                annotations.append("@ExpectNoStricter(policy = \"").append(pool.get(0)).append("\", than = \"")
                        .append(pool.get(1)).append("\")\n");
                if (r.nextInt(4) == 0) {
                    annotations.append("@ExpectNoStricter(policy = \"").append(pool.get(2)).append("\", than = \"")
                            .append(pool.get(1)).append("\")\n");
                }
            }
            if (r.nextInt(20) == 0) {
                Collections.shuffle(pool, r);
                imports.add("ExpectSame");
                annotations.append("@ExpectSame({").append(quoted(pool.subList(0, 2 + r.nextInt(2)))).append("})\n");
            }
        }

        private int pick(int[] values) {
            return values[r.nextInt(values.length)];
        }

        private String pickString(String... values) {
            return values[r.nextInt(values.length)];
        }
    }

    /**
     * A tiny sweep: the 27 layouts of {@code "? ? ?"}, 3 offsets and 4 lengths (324 cases per policy, two
     * policies); rules with hit policy FIRST ending in a catch-all, so rules never overlap or leave a gap.
     */
    private static String sweep(Random r, Pkg p, String name, int index) {
        String pattern = "? ? ?";
        List<String> policies = p.buffered() ? List.of("xfs-buffered", "ext4-buffered-bh")
                : List.of(DIO_POLICIES.get(1 + r.nextInt(3)), DIO_POLICIES.get(4 + r.nextInt(2)));
        StringBuilder s = new StringBuilder();
        s.append("package ").append(ROOT).append('.').append(p.name()).append(";\n\n")
                .append("import static org.locktable.dsl.LockMode.EXCLUSIVE;\n")
                .append("import static org.locktable.dsl.LockMode.SHARED;\n")
                .append("import static org.locktable.dsl.Rule.Alignment.ALIGNED;\n")
                .append("import static org.locktable.dsl.Rule.State.WRITTEN;\n\n")
                .append("import org.locktable.dsl.Range;\n")
                .append("import org.locktable.dsl.Rule;\n")
                .append("import org.locktable.dsl.Scenario;\n")
                .append("import org.locktable.dsl.Sweep;\n")
                .append("import org.locktable.dsl.Sweep.HitPolicy;\n\n")
                .append("@Scenario(title = \"Sweep over three blocks, case ").append(index)
                .append("\", why = \"the aligned overwrite fast path\")\n")
                .append("@Sweep(layouts = {\"").append(pattern).append("\"}, blockSize = 4096,\n")
                .append("       offsets = @Range(from = 0, to = 4096, step = ").append(r.nextBoolean() ? 2048 : 1024).append("),\n")
                .append("       lengths = @Range(from = 512, to = 8192, step = ").append(r.nextBoolean() ? 2560 : 1536).append("),\n")
                .append("       direct = ").append(!p.buffered()).append(", hitPolicy = HitPolicy.FIRST,\n")
                .append("       policies = {").append(quoted(policies)).append("})\n")
                .append("@Rule(name = \"aligned overwrite\", alignment = ALIGNED, head = WRITTEN, tail = WRITTEN, lock = SHARED)\n")
                .append("@Rule(name = \"otherwise\", lock = EXCLUSIVE)\n")
                .append("class ").append(name).append(" {\n}\n");
        return s.toString();
    }

    private static String quoted(List<String> ids) {
        List<String> q = new ArrayList<>();
        for (String id : ids) {
            q.add('"' + id + '"');
        }
        return String.join(", ", q);
    }
}
