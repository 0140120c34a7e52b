package org.locktable.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import org.locktable.engine.catalog.PolicyCatalog;
import org.locktable.engine.model.InvalidInputException;
import org.locktable.engine.policy.FileSystem;
import org.locktable.engine.policy.KernelVersion;
import org.locktable.engine.policy.Policy;
import org.locktable.engine.policy.PolicyInfo.WritePath;

import picocli.CommandLine.Option;

/**
 * {@code --fs ext4|xfs} with the resolution of one {@code --policy} value every command shares: an id, or
 * {@code kernel:VERSION} (or {@code kernel}, the running one) naming the policy of that release's era for the file
 * system {@code --fs} picks.
 */
final class FsOption {
    @Option(names = "--fs", paramLabel = "FS", description = {"With --policy kernel:VERSION: the file system whose "
            + "policy of that release to use (ext4 or xfs); with a policy id: check that it is one of that file system."})
    String fs;

    /** The file system --fs names, if given. */
    Optional<FileSystem> fileSystem() throws InvalidInputException {
        if (fs == null) {
            return Optional.empty();
        }
        for (FileSystem f : FileSystem.values()) {
            if (f.toString().equalsIgnoreCase(fs.strip())) {
                return Optional.of(f);
            }
        }
        throw new InvalidInputException("fs", "--fs is ext4 or xfs, not '" + fs + "'");
    }

    /** Whether {@code spec} names a kernel release rather than a policy id. */
    static boolean isKernel(String spec) {
        String s = spec.strip();
        return s.equals("kernel") || s.startsWith("kernel:");
    }

    /** The one policy {@code spec} names for {@code path}: an id, or a release's era of the --fs file system. */
    Policy one(String spec, WritePath path) throws InvalidInputException {
        Optional<FileSystem> f = fileSystem();
        if (!isKernel(spec)) {
            Policy p = PolicyCatalog.get(spec.strip());
            if (f.isPresent() && p.info().fileSystem() != f.get()) {
                throw new InvalidInputException("fs", p.id() + " is a policy of " + p.info().fileSystem() + ", not of "
                        + f.get() + " (--fs)");
            }
            return p;
        }
        if (f.isEmpty()) {
            throw new InvalidInputException("fs", "--policy " + spec.strip() + " names a kernel, which has a policy per file "
                    + "system: add --fs ext4 or --fs xfs");
        }
        return forKernel(spec, f.get(), path);
    }

    /** The policies {@code spec} names: an id; or a release's era of --fs, or of every file system without it. */
    List<Policy> all(String spec, WritePath path) throws InvalidInputException {
        Optional<FileSystem> f = fileSystem();
        if (!isKernel(spec) || f.isPresent()) {
            return List.of(one(spec, path));
        }
        List<Policy> found = new ArrayList<>(2);
        for (FileSystem each : FileSystem.values()) {
            found.add(forKernel(spec, each, path));
        }
        return found;
    }

    /**
     * The policy of {@code fileSystem} for that release and path; a release no policy covers is an error naming the
     * releases the catalog does cover.
     */
    static Policy forKernel(String spec, FileSystem fileSystem, WritePath path) throws InvalidInputException {
        String s = spec.strip();
        String release = s.equals("kernel") ? System.getProperty("os.version", "") : s.substring("kernel:".length());
        KernelVersion v = KernelVersion.parse(release);
        Optional<Policy> p = PolicyCatalog.forKernel(fileSystem, v, path);
        if (p.isPresent()) {
            return p.get();
        }
        List<Policy> candidates = new ArrayList<>(PolicyCatalog.all());
        candidates.addAll(PolicyCatalog.history());
        List<String> covered = candidates.stream()
                .filter(q -> q.info().path() == path && q.info().live() != null
                        && q.info().live().fileSystem() == fileSystem)
                .sorted(java.util.Comparator.comparing(q -> q.info().live().from()))
                .map(q -> q.info().live().versions()).toList();
        String writes = path.name().toLowerCase(Locale.ROOT).replace('_', ' ') + " writes";
        throw new InvalidInputException("policy", "no " + fileSystem + " policy models " + writes + " on Linux " + release
                + (covered.isEmpty() ? "" : "; the " + fileSystem + " policies cover " + span(covered))
                + " (name a policy by id to decide anyway)");
    }

    /** The releases covered, as their ranges in order. */
    private static String span(List<String> ranges) {
        return String.join(", ", ranges);
    }
}
