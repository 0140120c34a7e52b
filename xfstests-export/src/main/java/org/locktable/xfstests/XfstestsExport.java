package org.locktable.xfstests;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The export as files: {@code tests/locktable/} under an xfstests tree (or any directory) with the tests, their
 * {@code .cfg} and goldens, {@code common.locktable}, {@code group.list} (what fstests' mkgroupfile would write), a
 * {@code Makefile} in fstests' style and a {@code README} listing what was left out. A second export into the same
 * directory first removes the test files of the first: the directory holds exactly one export.
 */
public final class XfstestsExport {
    /** Where the tests go under the target directory. */
    public static final String SUBDIR = "tests/locktable";
    private static final String TEST_FILE = "[0-9][0-9][0-9](\\.cfg|\\.out(\\..+)?)?";

    private XfstestsExport() {
    }

    /** Every file, by its name inside {@link #SUBDIR}, in a fixed order. */
    public static Map<String, String> files(ExportSet set) {
        Map<String, String> out = new LinkedHashMap<>();
        out.put("common.locktable", common());
        out.put("Makefile", makefile());
        out.put("group.list", groupList(set));
        out.put("README", readme(set));
        for (int i = 0; i < set.cases().size(); i++) {
            String n = ExportSet.number(i);
            ExportCase c = set.cases().get(i);
            out.put(n, TestScript.script(n, c));
            out.put(n + ".cfg", TestScript.cfg(c));
            for (String policy : c.expected().keySet()) {
                out.put(n + ".out." + policy, TestScript.golden(n, c, policy));
            }
        }
        return out;
    }

    /** Writes {@link #files} into {@code dir/tests/locktable}; returns that directory. */
    public static Path write(Path dir, ExportSet set) throws IOException {
        Path target = dir.resolve(SUBDIR);
        Files.createDirectories(target);
        try (DirectoryStream<Path> old = Files.newDirectoryStream(target)) {
            for (Path p : old) {
                if (p.getFileName().toString().matches(TEST_FILE)) {
                    Files.delete(p);
                }
            }
        }
        for (Map.Entry<String, String> e : files(set).entrySet()) {
            Path p = target.resolve(e.getKey());
            Files.writeString(p, e.getValue(), StandardCharsets.UTF_8);
            if (e.getKey().matches("[0-9]{3}")) {
                Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
            }
        }
        return target;
    }

    static String common() {
        String template;
        try (InputStream in = XfstestsExport.class.getResourceAsStream("common.locktable")) {
            if (in == null) {
                throw new IllegalStateException("common.locktable is missing from the jar");
            }
            template = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read common.locktable from the jar: " + e.getMessage(), e);
        }
        return template.replace("@LT_POLICY@", String.join("\n", LivePolicies.shellFunction()));
    }

    /** What {@code tools/mkgroupfile} writes for these tests (so that {@code check} finds them without make). */
    static String groupList(ExportSet set) {
        StringBuilder out = new StringBuilder("# QA groups control file, automatically generated.\n"
                + "# See _begin_fstest in each test for details.\n\n");
        for (int i = 0; i < set.cases().size(); i++) {
            out.append(ExportSet.number(i)).append(' ').append(TestScript.GROUPS).append('\n');
        }
        return out.toString();
    }

    /** tests/selftest's Makefile, with common.locktable installed beside the tests. */
    static String makefile() {
        return "#\n# Written by `locktable export xfstests`: do not edit, export again.\n#\n\n"
                + "TOPDIR = ../..\n"
                + "include $(TOPDIR)/include/builddefs\n"
                + "include $(TOPDIR)/include/buildgrouplist\n\n"
                + "LOCKTABLE_DIR = locktable\n"
                + "TARGET_DIR = $(PKG_LIB_DIR)/$(TESTS_DIR)/$(LOCKTABLE_DIR)\n"
                + "DIRT = group.list\n\n"
                + "default: $(DIRT)\n\n"
                + "include $(BUILDRULES)\n\n"
                + "install: default\n"
                + "\t$(INSTALL) -m 755 -d $(TARGET_DIR)\n"
                + "\t$(INSTALL) -m 755 $(TESTS) $(TARGET_DIR)\n"
                + "\t$(INSTALL) -m 644 group.list $(TARGET_DIR)\n"
                + "\t$(INSTALL) -m 644 $(OUTFILES) $(TARGET_DIR)\n"
                + "\t$(INSTALL) -m 644 common.locktable $(TARGET_DIR)\n\n"
                + "# Nothing.\n"
                + "install-dev install-lib:\n";
    }

    static String readme(ExportSet set) {
        List<String> s = new ArrayList<>();
        s.add("tests/locktable: written by `locktable export xfstests`; do not edit, export again.");
        s.add("");
        s.add("Each test builds one file of a given extent layout on SCRATCH_DEV (ext4 or xfs) with xfs_io, checks");
        s.add("it with fiemap, issues one RWF_NOWAIT direct write and compares the answer with the golden of the");
        s.add("locktable policy that models the running kernel (NNN.cfg, _link_out_file_named).");
        s.add("");
        s.add("Run:  ./check -g locktable/auto      (or ./check locktable/001 ...)");
        s.add("");
        s.add("Tests: " + set.cases().size());
        for (int i = 0; i < set.cases().size(); i++) {
            ExportCase c = set.cases().get(i);
            s.add(ExportSet.number(i) + "  " + String.join("; ", c.sources()));
        }
        s.add("");
        s.add("Not exported: " + set.skipped().size());
        for (Skipped k : set.skipped()) {
            s.add("- " + k.what() + ": " + k.why());
        }
        return String.join("\n", s) + "\n";
    }
}
