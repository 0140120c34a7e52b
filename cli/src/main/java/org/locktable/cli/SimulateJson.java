package org.locktable.cli;

import org.locktable.timing.check.Band;
import org.locktable.timing.check.TimingTable;
import org.locktable.timing.interval.Intervals;
import org.locktable.timing.interval.ModelError;
import org.locktable.timing.profile.ParameterRange;
import org.locktable.timing.sim.SimResult;
import org.locktable.timing.workload.Workload;

/** {@code simulate --json}: the table, its 90 % intervals and what they were drawn over, as one object. */
final class SimulateJson {
    private SimulateJson() {
    }

    static String write(TimingTable t, Intervals intervals, Workload w, String jobsFrom,
            int publishedCells, int runs) {
        return Json.write(g -> {
            g.writeStartObject();
            g.writeStringField("device", t.device());
            g.writeStringField("workload", t.workload());
            g.writeStringField("blockSize", WorkloadEcho.blockSize(w.job().blockSizes().writes(),
                    w.job().blockSizes().range()));
            g.writeNumberField("iodepth", WorkloadEcho.iodepth(w.job()));
            g.writeStringField("engine", WorkloadEcho.engine(w.job()));
            g.writeBooleanField("direct", w.job().direct());
            g.writeStringField("files", w.files().shared() ? "shared" : "per-job");
            g.writeNumberField("filesPerJob", w.files().filesPerJob());
            g.writeStringField("initialLayout", WorkloadEcho.layoutCode(w.initialLayout()));
            g.writeStringField("jobsFrom", jobsFrom);
            g.writeStringField("rules", t.rules().label());
            g.writeNumberField("runs", runs);
            g.writeNumberField("publishedCells", publishedCells);
            g.writeObjectFieldStart("interval");
            g.writeNumberField("level", Intervals.LEVEL);
            g.writeNumberField("draws", Intervals.DRAWS);
            g.writeNumberField("seed", intervals.seed());
            g.writeArrayFieldStart("parameters");
            for (ParameterRange pr : intervals.ranges()) {
                g.writeStartObject();
                g.writeStringField("parameter", pr.parameter());
                g.writeFieldName("low");
                g.writeNumber(SimulateCommand.number(pr.low()));
                g.writeFieldName("high");
                g.writeNumber(SimulateCommand.number(pr.high()));
                g.writeStringField("provenance", pr.provenance());
                g.writeEndObject();
            }
            g.writeEndArray();
            ModelError e = intervals.error();
            g.writeObjectFieldStart("modelError");
            g.writeArrayFieldStart("from");
            for (String f : e.from()) {
                g.writeString(f);
            }
            g.writeEndArray();
            g.writeNumberField("runs", e.runs());
            g.writeNumberField("parameters", e.parameters());
            g.writeFieldName("rms");
            g.writeNumber(SimulateCommand.number(e.rms()));
            g.writeEndObject();
            g.writeEndObject();
            g.writeArrayFieldStart("rows");
            for (String p : t.policies()) {
                for (int n : t.jobs()) {
                    SimResult r = t.cell(p, n);
                    g.writeStartObject();
                    g.writeStringField("policy", p);
                    g.writeNumberField("jobs", n);
                    g.writeFieldName("iops");
                    g.writeNumber(SimulateCommand.number(r.iops()));
                    g.writeFieldName("readIops");
                    g.writeNumber(SimulateCommand.number(r.readIops()));
                    g.writeFieldName("writeIops");
                    g.writeNumber(SimulateCommand.number(r.writeIops()));
                    g.writeFieldName("mibPerSec");
                    g.writeNumber(SimulateCommand.number(r.mibPerSecond()));
                    Band b = intervals.iops(p, n);
                    g.writeFieldName("iopsLow");
                    g.writeNumber(SimulateCommand.number(b.low()));
                    g.writeFieldName("iopsHigh");
                    g.writeNumber(SimulateCommand.number(b.high()));
                    g.writeStringField("dominant", b.dominant());
                    String first = t.policies().get(0);
                    Band sb = intervals.speedup(p, first, n);
                    g.writeFieldName("speedup");
                    g.writeNumber(SimulateCommand.number(t.speedup(p, first, n)));
                    g.writeFieldName("speedupLow");
                    g.writeNumber(SimulateCommand.number(sb.low()));
                    g.writeFieldName("speedupHigh");
                    g.writeNumber(SimulateCommand.number(sb.high()));
                    g.writeEndObject();
                }
            }
            g.writeEndArray();
            g.writeEndObject();
        });
    }
}
