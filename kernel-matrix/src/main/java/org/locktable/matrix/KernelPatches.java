package org.locktable.matrix;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.locktable.rig.Shell;

/**
 * The user's patches applied to a kernel tree with {@code patch -p1 --fuzz=0} (no fuzz: a hunk whose context
 * differs is a failure, as with {@code git apply}, not a guess), in order. Each is tried with
 * {@code --dry-run} first, so a patch that does not apply leaves the tree as it was; the failure is one line naming
 * the patch, the file and the hunk ({@link PatchFailedException}).
 */
public final class KernelPatches {
    private static final Pattern PATCHING = Pattern.compile("^(?:patching|checking) file '?([^'\\n]+)'?$");
    private static final Pattern HUNK = Pattern.compile("^Hunk #(\\d+) FAILED at (\\d+)");

    /** A patch that does not apply (bad input: exit 2). */
    public static final class PatchFailedException extends IOException {
        private static final long serialVersionUID = 1L;

        public PatchFailedException(String message) {
            super(message);
        }
    }

    private KernelPatches() {
    }

    /** Applies {@code patches} to {@code tree}, each checked first; the first that fails stops with its reason. */
    public static void apply(Path tree, List<Path> patches) throws IOException {
        for (Path p : patches) {
            Shell.Result dry = patch(tree, p, true);
            if (!dry.ok()) {
                throw new PatchFailedException(failure(p.getFileName().toString(), dry.out() + "\n" + dry.err()));
            }
            Shell.Result r = patch(tree, p, false);
            if (!r.ok()) {
                throw new PatchFailedException(failure(p.getFileName().toString(), r.out() + "\n" + r.err()));
            }
        }
    }

    /** Whether every patch applies to {@code tree}, in order, without changing it: the first failure, or null. */
    public static String check(Path tree, List<Path> patches) throws IOException {
        Path copy = Files.createTempDirectory("locktable-patchcheck-");
        try {
            // only the files the patches touch are copied: a dry run of the later patches needs the earlier applied
            for (Path p : patches) {
                for (String f : touched(Files.readString(p))) {
                    Path src = tree.resolve(f);
                    Path dst = copy.resolve(f);
                    if (Files.isRegularFile(src) && !Files.exists(dst)) {
                        Files.createDirectories(dst.getParent());
                        Files.copy(src, dst);
                    }
                }
            }
            apply(copy, patches);
            return null;
        } catch (PatchFailedException e) {
            return e.getMessage();
        } finally {
            Shell.run(List.of("rm", "-rf", copy.toString()));
        }
    }

    /** The files a unified diff changes ({@code +++ b/PATH}), without the first component. */
    static List<String> touched(String diff) {
        List<String> out = new ArrayList<>();
        for (String line : diff.split("\n")) {
            if (line.startsWith("+++ ")) {
                String f = line.substring(4).split("\t")[0].strip();
                int slash = f.indexOf('/');
                if (slash > 0 && !f.equals("/dev/null")) {
                    out.add(f.substring(slash + 1));
                }
            }
        }
        return out;
    }

    private static Shell.Result patch(Path tree, Path p, boolean dryRun) throws IOException {
        List<String> cmd = new ArrayList<>(List.of("patch", "-p1", "--fuzz=0", "--batch", "--forward", "--no-backup-if-mismatch",
                "-r", "-", "-d", tree.toString(), "-i", p.toAbsolutePath().toString()));
        if (dryRun) {
            cmd.add("--dry-run");
        }
        return Shell.run(cmd, 120);
    }

    /**
     * {@code patch} 's output as one line: {@code patch NAME does not apply: fs/ext4/file.c hunk #2 FAILED at 447}
     * for the first failed hunk, else the first line that says what went wrong.
     */
    static String failure(String name, String output) {
        String file = null;
        for (String line : output.split("\n")) {
            String l = line.strip();
            Matcher f = PATCHING.matcher(l);
            if (f.find()) {
                file = f.group(1);
                continue;
            }
            Matcher h = HUNK.matcher(l);
            if (h.find()) {
                return "patch " + name + " does not apply: " + (file != null ? file + " " : "") + "hunk #" + h.group(1)
                        + " FAILED at " + h.group(2);
            }
        }
        for (String line : output.split("\n")) {
            String l = line.strip();
            if (l.startsWith("can't find file") || l.contains("Reversed (or previously applied)")
                    || l.startsWith("patch: **** ") || l.contains("Only garbage") || l.contains("malformed")) {
                return "patch " + name + " does not apply: " + (file != null && !l.startsWith("can't") ? file + ": " : "")
                        + l.replaceFirst("^patch: \\*\\*\\*\\* ", "");
            }
        }
        String first = output.strip().isEmpty() ? "patch failed" : output.strip().split("\n")[0];
        return "patch " + name + " does not apply: " + first;
    }
}
