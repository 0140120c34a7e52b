package org.locktable.conformance;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import org.locktable.rig.FileMap;

/**
 * Builds a {@link BuildPlan} with the helper and verifies the result ({@link Realisation}): FIEMAP, size and
 * mode, page-cache residency. The allocator is not deterministic everywhere (spacers, free-space reuse), so a
 * build that did not come out as asked is retried from scratch a few times before the layout is declared not
 * realisable.
 */
public final class LayoutBuilder {
    /** A build's outcome: the verdict of the last attempt, and how many attempts it took. */
    public record Built(BuildPlan plan, Realisation realisation, FileMap map, int attempts) {
        public boolean realised() {
            return realisation.realised();
        }
    }

    private final Ltprobe probe;
    private final String name;
    private final int attempts;

    public LayoutBuilder(Ltprobe probe, String name, int attempts) {
        this.probe = probe;
        this.name = name;
        this.attempts = attempts;
    }

    public String name() {
        return name;
    }

    public Built build(BuildPlan plan) throws IOException {
        Built last = null;
        for (int a = 1; a <= attempts; a++) {
            last = once(plan, a);
            if (last.realised()) {
                return last;
            }
        }
        return last;
    }

    private Built once(BuildPlan plan, int attempt) throws IOException {
        List<String> cmds = new ArrayList<>(plan.helperCommands(name));
        int steps = cmds.size();
        cmds.add("fiemap");
        cmds.add("stat");
        cmds.add("resident");
        List<String> answers = probe.pipeline(cmds);
        for (int i = 0; i < steps; i++) {
            if (!answers.get(i).startsWith("OK")) {
                return new Built(plan, new Realisation(false, "(build failed)", "`" + cmds.get(i) + "` answered "
                        + answers.get(i)), null, attempt);
            }
        }
        for (int i = steps; i < cmds.size(); i++) {
            if (!answers.get(i).startsWith("OK")) {
                throw new IOException("ltprobe " + cmds.get(i) + ": " + answers.get(i));
            }
        }
        FileMap map = Ltprobe.parseFiemap(answers.get(steps));
        int mode = Integer.parseInt(field(answers.get(steps + 1), "mode="), 8);
        long resident = Long.parseLong(answers.get(steps + 2).split("\\s+")[1]);
        Realisation r = Realisation.check(plan.layout(), plan.size(), plan.nosec(), plan.blockSize(), map, mode, resident);
        return new Built(plan, r, map, attempt);
    }

    static String field(String answer, String key) {
        for (String f : answer.split("\\s+")) {
            if (f.startsWith(key)) {
                return f.substring(key.length());
            }
        }
        throw new IllegalArgumentException("no " + key + " in " + answer);
    }
}
