package org.locktable.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import org.locktable.conformance.Pass;
import org.locktable.engine.catalog.PolicyCatalog;
import org.locktable.engine.model.InvalidInputException;
import org.locktable.engine.policy.FileSystem;
import org.locktable.engine.policy.Policy;
import org.locktable.matrix.KernelSpec;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code locktable review}: what a reviewer runs on a lock patch, as one Markdown report for a mail reply. */
@Command(name = "review", mixinStandardHelpOptions = true, sortOptions = false,
        versionProvider = LocktableCommand.Version.class,
        header = "Review a lock patch: decisions, safety, the patched kernel and the price, as one Markdown report.",
        description = {"Runs on one policy — a built-in, or a user's from --policy-jar — everything locktable knows to "
                + "ask of a lock change, against a base policy (default: mainline of its file system, ext4-base or "
                + "xfs-dio): the policy contract; where its decisions differ from the base's, with minimal witnesses; "
                + "its unsafe classes over the race oracle's small scope and what it makes newly UNSAFE or newly SAFE "
                + "against the base, with the shortest timelines; with --patch, the kernel built with the patch (cached "
                + "by digest, as 'locktable kernel build'), booted under QEMU, its observed decisions graded against the "
                + "policy (every disagreement listed: either the Java or the patch is wrong), and every minimal UNSAFE "
                + "class replayed in that guest below the reordering device (CORRUPTED or INTACT); and the price of the "
                + "change on the seed workloads and devices of the timing model.",
            "",
            "The report is Markdown that reads as plain text at 100 columns, for a mailing-list reply. Progress goes to "
                + "standard error, one line per step with its time."},
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {"0: the report was written, and the kernel (if any) agrees with the policy",
            "1: the patched kernel disagrees with the policy, or a replayed race's live result differs from the model's "
                + "(the report lists them)",
            "2: bad input (a policy id, a jar, a patch that does not apply)",
            "3: this machine cannot run the kernel part (no QEMU, no compiler, no apt)", "70: internal error"})
final class ReviewCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--policy", required = true, paramLabel = "ID", description = "The policy under review.")
    String policy;

    @Option(names = "--policy-jar", paramLabel = "JAR",
            description = "A jar of users' policies (repeatable), as if it were on the class path.")
    List<Path> jars = new ArrayList<>();

    @Option(names = "--base", paramLabel = "ID",
            description = "The policy to compare with (default: ext4-base for an ext4 policy, xfs-dio for XFS).")
    String base;

    @Option(names = "--patch", paramLabel = "FILE",
            description = "The kernel patch the policy models (repeatable, applied in order with patch -p1).")
    List<Path> patches = new ArrayList<>();

    @Option(names = "--source", paramLabel = "debian:SERIES", defaultValue = "debian:6.12",
            description = "The kernel source the patches apply to (default: ${DEFAULT-VALUE}).")
    String source;

    @Option(names = "--kernel", paramLabel = "SPEC", converter = ConformanceCommand.KernelSpecConverter.class,
            description = "Grade and replay on this kernel instead of building one (debian:6.12, a .deb, VMLINUZ[,MODULES]).")
    KernelSpec kernel;

    @Mixin
    KernelCacheOption cacheDir;

    @Option(names = "--pass", paramLabel = "quick|4k", defaultValue = "quick",
            description = "The probes the kernel is graded with: quick (layouts of 1..2 blocks of 4 KiB; the default) or "
                + "4k (the standard space of 4 blocks: about 600,000 probes, some 20 minutes under TCG).")
    String pass;

    @Option(names = "--no-price", description = "Leave out the timing model's price of the change.")
    boolean noPrice;

    @Option(names = "--out", paramLabel = "FILE", description = "Write the report here instead of standard output.")
    Path out;

    @Override
    public Integer call() throws InvalidInputException, CliException, IOException {
        if (kernel != null && !patches.isEmpty()) {
            throw new CliException("give --patch (to build the kernel) or --kernel (a kernel already built), not both");
        }
        loadJars();
        Policy p = PolicyCatalog.get(policy);
        Policy b = PolicyCatalog.get(base != null ? base : mainline(p));
        PrintWriter err = spec.commandLine().getErr();
        Review review = new Review(p, b, new Review.Steps(err));
        review.contract();
        review.decisions();
        review.safety();
        int status = Main.EXIT_OK;
        if (!patches.isEmpty() || kernel != null) {
            status = review.kernel(kernel, source, patches, cacheDir.cache(), gradingPass()) ? Main.EXIT_OK : 1;
        }
        if (!noPrice) {
            review.price();
        }
        String report = review.report(patches, kernel);
        if (out == null) {
            spec.commandLine().getOut().print(report);
        } else {
            Files.writeString(out, report, StandardCharsets.UTF_8);
            err.println("review: wrote " + out + String.format(Locale.ROOT, " (%.1f s in all)", review.seconds()));
        }
        return status;
    }

    private Pass gradingPass() throws CliException {
        return switch (pass) {
            case "quick" -> Pass.quick();
            case "4k" -> Pass.standard();
            default -> throw new CliException("--pass " + pass + ": use quick or 4k");
        };
    }

    /** Mainline's direct-write policy of the policy's file system. */
    static String mainline(Policy p) {
        return p.info().fileSystem() == FileSystem.XFS ? "xfs-dio" : "ext4-base";
    }

    private void loadJars() throws CliException {
        if (jars.isEmpty()) {
            return;
        }
        List<URL> urls = new ArrayList<>();
        for (Path jar : jars) {
            if (!Files.isRegularFile(jar)) {
                throw new CliException("--policy-jar " + jar + ": no such file");
            }
            try {
                urls.add(jar.toUri().toURL());
            } catch (MalformedURLException e) {
                throw new CliException("--policy-jar " + jar + ": " + e.getMessage());
            }
        }
        // the context class loader: where the catalog and the condition library (ServiceLoader) look for users' classes
        URLClassLoader loader = new URLClassLoader(urls.toArray(new URL[0]), getClass().getClassLoader());
        Thread.currentThread().setContextClassLoader(loader);
        PolicyCatalog.addUsersFrom(loader);
    }
}
