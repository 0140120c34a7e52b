package org.locktable.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.locktable.rig.Progress;

/**
 * The full conformance run: every case of the engine's space the live kernel can answer, on ext4 and XFS (4 KiB
 * blocks on 512-byte and 4Kn devices, 1 KiB blocks), and the scenario replay. Fails listing every disagreement
 * (its minimal witness, trace and reproduction); writes {@code target/conformance.md}, which must equal
 * {@code generated-docs/conformance.md} when that was written on the same kernel.
 */
class ConformanceRunTest {

    /** The heading of race-probe's section (race-replay's LockProbeReport), which docs --conformance appends. */
    private static final String LOCK_PROBE_SECTION = "\n## Lock, drain and FORCE_WAIT observed live\n";

    @Test
    void theKernelAgreesWithTheEngineOnEveryRealisedCase() throws Exception {
        ConformanceReport r;
        long t0 = System.nanoTime();
        try (Rig rig = KernelTestEnvironment.rig(); Progress progress = Progress.silent()) {
            r = Conformance.run(rig, Conformance.Options.full(), progress, System.out);
        }
        System.out.printf("full conformance run: %.1f s%n", (System.nanoTime() - t0) / 1e9);
        Path report = Path.of(System.getProperty("basedir", "."), "target", "conformance.md");
        Files.createDirectories(report.getParent());
        Files.writeString(report, ReportWriter.markdown(r), StandardCharsets.UTF_8);
        ConformanceConsole.summary(r, System.out);
        System.out.println("report: " + report.toAbsolutePath());

        PassResult standard = r.passes().get(0);
        assertEquals(null, standard.skipped(), "the standard pass must run");
        for (FsResult f : standard.results()) {
            assertTrue(f.realised() > 0, f.spec().label() + ": nothing realised");
            assertEquals(f.cases(), f.realised() + f.notRealisableCases());
        }
        if (r.disagreements() > 0 || r.anomalies() > 0) {
            StringBuilder s = new StringBuilder();
            s.append(r.disagreements()).append(" disagreement(s) between the kernel and the engine, ")
                    .append(r.anomalies()).append(" probe(s) that changed their file; report: ").append(report)
                    .append("\n\n");
            for (String d : r.disagreementTexts()) {
                s.append(d).append('\n');
            }
            for (PassResult p : r.passes()) {
                for (FsResult f : p.results()) {
                    for (String a : f.anomalies()) {
                        s.append("anomaly ").append(f.spec().label()).append(": ").append(a).append('\n');
                    }
                }
            }
            fail(s.toString());
        }
        String md = Files.readString(report, StandardCharsets.UTF_8);
        Path published = Path.of(System.getProperty("locktable.projectRoot", ".."), "generated-docs", "conformance.md");
        if (Files.exists(published)) {
            String old = Files.readString(published, StandardCharsets.UTF_8);
            int probe = old.indexOf(LOCK_PROBE_SECTION); // docs --conformance appends race-probe's section after the report
            old = probe < 0 ? old : old.substring(0, probe);
            if (old.startsWith(md.substring(0, md.indexOf('\n') + 1))) { // the same kernel: it must be the same report
                assertEquals(old, md, published + " is stale for this kernel (" + Conformance.kernelRelease()
                        + "); as root: bin/locktable kernel grade --out " + published.toAbsolutePath()
                        + " (or copy " + report + ")");
            }
        }
    }
}
