package org.locktable.xfstests;

import java.util.Comparator;
import java.util.List;

import org.locktable.engine.catalog.PolicyCatalog;
import org.locktable.engine.policy.KernelRange;
import org.locktable.engine.policy.Policy;
import org.locktable.engine.policy.PolicyInfo.WritePath;

/**
 * The catalog policies a released kernel has for direct writes (those with a live kernel range), and the shell
 * function that picks one from {@code $FSTYP} and {@code uname -r} exactly as {@code PolicyCatalog.forKernel} does:
 * among the ranges containing the kernel, the one starting latest.
 */
public final class LivePolicies {
    private LivePolicies() {
    }

    /** The live direct-write policies, sorted by id. */
    public static List<Policy> direct() {
        return PolicyCatalog.all().stream()
                .filter(p -> p.info().path() == WritePath.DIRECT && p.info().live() != null)
                .sorted(Comparator.comparing(Policy::id))
                .toList();
    }

    /** Those of one file system, sorted by id. */
    public static List<Policy> direct(String fileSystem) {
        return direct().stream().filter(p -> p.info().fileSystem().label().equals(fileSystem)).toList();
    }

    /**
     * {@code _lt_policy}: prints the policy for {@code $FSTYP} on the running kernel, or {@code none}. Versions
     * compare as {@code major * 1000 + minor}; the ranges are tried latest start first.
     */
    public static List<String> shellFunction() {
        List<Policy> byStart = direct().stream()
                .sorted(Comparator.comparing((Policy p) -> p.info().live().from()).reversed()
                        .thenComparing(Policy::id))
                .toList();
        List<String> out = new java.util.ArrayList<>();
        out.add("# The locktable policy PolicyCatalog.forKernel assigns to $FSTYP on the running kernel, or none.");
        out.add("_lt_policy()");
        out.add("{");
        out.add("\tlocal rel=$(uname -r) major minor v");
        out.add("\tmajor=${rel%%.*}");
        out.add("\tminor=${rel#*.}");
        out.add("\tminor=${minor%%[!0-9]*}");
        out.add("\tv=$((major * 1000 + minor))");
        for (Policy p : byStart) {
            KernelRange r = p.info().live();
            String cond = "[ \"$FSTYP\" = " + r.fileSystem() + " ] && [ $v -ge " + code(r.from()) + " ]"
                    + (r.until() == null ? "" : " && [ $v -lt " + code(r.until()) + " ]");
            out.add("\tif " + cond + "; then echo " + p.id() + "; return; fi   # " + r);
        }
        out.add("\techo none");
        out.add("}");
        return out;
    }

    static int code(org.locktable.engine.policy.KernelVersion v) {
        return v.major() * 1000 + v.minor();
    }
}
