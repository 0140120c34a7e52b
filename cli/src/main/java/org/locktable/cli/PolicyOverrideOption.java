package org.locktable.cli;

import java.util.ArrayList;
import java.util.List;

import org.locktable.conformance.Conformance;
import org.locktable.engine.catalog.PolicyCatalog;
import org.locktable.engine.model.InvalidInputException;
import org.locktable.engine.policy.Policy;

import picocli.CommandLine.Option;

/** {@code --policy}: what a patched kernel is graded against, where its version would name another policy. */
final class PolicyOverrideOption {
    @Option(names = "--policy", paramLabel = "ID", split = ",", description = {"Grade this direct-write policy instead "
            + "of the catalog's for the kernel's version (at most one per file system; repeatable or comma-separated): "
            + "a patched kernel's version says nothing about its patches, e.g. --policy ext4-patch1."})
    List<String> ids = new ArrayList<>();

    boolean given() {
        return !ids.isEmpty();
    }

    /** {@code options} grading the named policies; an unknown id or two for one file system is a usage error. */
    Conformance.Options apply(Conformance.Options options) throws InvalidInputException, CliException {
        List<Policy> overrides = new ArrayList<>();
        for (String id : ids) {
            overrides.add(PolicyCatalog.get(id.strip()));
        }
        try {
            return options.withPolicies(overrides);
        } catch (IllegalArgumentException e) {
            throw new CliException(e.getMessage());
        }
    }
}
