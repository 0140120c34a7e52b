package org.locktable.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.locktable.concurrency.safety.FixCost;
import org.locktable.concurrency.safety.SafetyDiff;
import org.locktable.concurrency.safety.SafetyTable;
import org.locktable.engine.catalog.PolicyContract;
import org.locktable.engine.policy.Policy;
import org.locktable.engine.policy.PolicyInfo;
import org.locktable.engine.table.Column;
import org.locktable.engine.table.Condition;
import org.locktable.engine.table.PolicyDiff;
import org.locktable.matrix.KernelSpec;
import org.locktable.replay.ReplayAll;

/** The report of {@code locktable review}: a summary, then one section per question, at 100 columns. */
final class ReviewReport {
    /** Rows and classes shown in full; the rest are counted. */
    static final int SHOWN = 12;

    private final Policy policy;
    private final Policy base;
    private final MailText md = new MailText();

    ReviewReport(Policy policy, Policy base) {
        this.policy = policy;
        this.base = base;
    }

    String write(PolicyContract.Report contract, PolicyDiff diff, String diffRefused, SafetyTable unsafe,
            SafetyDiff safetyDiff, Review.KernelPart kernel, List<Path> patches, KernelSpec given, FixCost price) {
        PolicyInfo i = policy.info();
        md.heading("# Review of " + policy.id() + " against " + base.id());
        md.paragraph(Review.describe(i) + ". Mirrors " + String.join("; ", i.functions()) + ". Written on the "
                + policy.lockSteps().lockSite() + " skeleton (lock steps " + policy.lockSteps() + "). "
                + (contract.passed() ? "It keeps the policy contract over " + count(contract.cases()) + " cases."
                        : "It breaks the policy contract: " + contract.breaches().size() + " rule(s), below."));
        if (!i.inferred().isEmpty()) {
            md.paragraph("Rules the policy states as inferred rather than read in the source: "
                    + String.join("; ", i.inferred()) + ".");
        }
        md.heading("## Summary");
        md.item("-", "Decisions: " + (diff == null ? "not tabulated (" + diffRefused + ")"
                : diff.isEmpty() ? "the same as " + base.id() + "'s in every case of the space"
                : count(diff.differingCases()) + " cases decide differently from " + base.id() + ", in "
                        + diff.rows().size() + " condition rows (section 1)") + ".");
        md.item("-", "Safety: " + (unsafe.safe() ? "SAFE" : "UNSAFE in " + unsafe.classes().size() + " classes ("
                + unsafe.sweep().unsafeCount() + " cases)") + " over the race oracle's small scope; against "
                + base.id() + ", " + safetyDiff.newlyUnsafe() + " cases newly UNSAFE and " + safetyDiff.newlySafe()
                + " newly SAFE (section 2).");
        md.item("-", "Kernel: " + (kernel == null ? "not run (give --patch FILE to build the patched kernel, or --kernel "
                + "SPEC)" : kernel.release() + ": " + kernel.disagreements().size() + " disagreement classes with "
                + policy.id() + " over " + count(kernel.cases()) + " probes; " + agreeing(kernel.races()) + " of "
                + kernel.races().size() + " replayed races as the model says (section 3)") + ".");
        md.item("-", "Price: " + (price == null ? "not simulated (--no-price)" : priceSummary(price) + " (section 4)")
                + ".");
        md.endList();
        if (!contract.passed()) {
            md.heading("## 0. The policy contract");
            contract.breaches().forEach(b -> md.item("-", b.line()));
            md.endList();
        }
        decisions(diff, diffRefused);
        safety(unsafe, safetyDiff);
        kernel(kernel, patches, given);
        price(price);
        return md.toString();
    }

    private void decisions(PolicyDiff diff, String refused) {
        md.heading("## 1. Where the decisions differ from " + base.id());
        if (diff == null) {
            md.paragraph("The decision table could not be built: " + refused + ".");
            return;
        }
        md.paragraph("Every write of the standard space (4 blocks of 4 KiB, 512-byte steps, every flag) decided by both "
                + "policies; each row is a set of conditions, with the outcome under each policy, how many cases it "
                + "covers and its smallest case. Reproduce: `locktable diff " + base.id() + " " + policy.id() + "`.");
        List<String> headers = new ArrayList<>();
        for (Column c : Column.values()) {
            headers.add(c.header());
        }
        for (Condition c : diff.addedConditions()) {
            headers.add(c.name());
        }
        if (!diff.addedConditions().isEmpty()) {
            md.paragraph("The fixed condition columns do not determine where the two policies differ; the table adds "
                    + diff.addedConditions().stream().map(Condition::name).reduce((x, y) -> x + ", " + y).orElse("")
                    + " from the condition library.");
        }
        int n = 0;
        for (PolicyDiff.Row r : diff.rows()) {
            if (++n > SHOWN) {
                md.item("-", (diff.rows().size() - SHOWN) + " more rows: see the command above.");
                break;
            }
            md.item(n + ".", conditions(headers, diff.cells(r)) + ": " + base.id() + " " + r.before() + " → "
                    + policy.id() + " " + r.after() + "; " + count(r.cases()) + " cases; witness " + r.witness() + ".");
        }
        md.endList();
    }

    private void safety(SafetyTable unsafe, SafetyDiff diff) {
        md.heading("## 2. Safety");
        md.paragraph("Scope: " + unsafe.summary() + ". A case is UNSAFE when some schedule of the two writes' kernel "
                + "steps ends in a file no serial order of them explains. Reproduce: `locktable safety --policy "
                + policy.id() + "` and `locktable safety diff " + base.id() + " " + policy.id() + "`.");
        md.paragraph(diff.totals());
        List<String> headers = SafetyTable.headers();
        int n = 0;
        for (SafetyDiff.Change c : diff.changes()) {
            if (++n > SHOWN) {
                md.item("-", (diff.changes().size() - SHOWN) + " more rows: see safety-diff.");
                break;
            }
            md.item(n + ".", c.change() + ", " + c.cases() + " cases: " + conditions(headers, c.cells())
                    + "; witness " + c.witness().describe() + ".");
        }
        md.endList();
        n = 0;
        for (SafetyDiff.Change c : diff.changes()) {
            if (++n > SHOWN) {
                break;
            }
            String side = c.change().equals(SafetyDiff.NEWLY_UNSAFE_TEXT) ? policy.id() : base.id();
            md.paragraph("Row " + n + ", the shortest counterexample under " + side + " (bad "
                    + c.counterexample().badRangesText() + "):");
            md.code(Review.timeline(c.counterexample()));
        }
        if (!unsafe.safe()) {
            md.paragraph(policy.id() + "'s unsafe classes, each with its minimal witness:");
            n = 0;
            for (SafetyTable.UnsafeClass u : unsafe.classes()) {
                if (++n > SHOWN) {
                    md.item("-", (unsafe.classes().size() - SHOWN) + " more classes: see safety.");
                    break;
                }
                md.item(n + ".", u.verdict() + ", " + u.unsafeCases() + " of " + u.cases() + " cases: "
                        + conditions(headers, u.cells()) + "; witness " + u.witness().describe() + "; bad "
                        + u.counterexample().badRangesText() + ".");
            }
            md.endList();
        }
    }

    private void kernel(Review.KernelPart kernel, List<Path> patches, KernelSpec given) {
        md.heading("## 3. The kernel");
        if (kernel == null) {
            md.paragraph("Not run. With `--patch FILE` review builds Debian's 6.12 with the patch (cached), boots it under "
                    + "QEMU, grades its observed decisions against " + policy.id() + " and replays every minimal "
                    + "UNSAFE class in it.");
            return;
        }
        md.paragraph((given != null ? "Kernel " + kernel.kernel() : "Debian's source with " + patches.stream()
                .map(p -> p.getFileName().toString()).reduce((a, b) -> a + ", " + b).orElse("no patch")) + ": "
                + kernel.release() + format(" (%.0f s for this section)", kernel.seconds()) + ". Its answers to "
                + count(kernel.cases()) + " RWF_NOWAIT probes (" + kernel.pass() + ") graded against " + policy.id() + ": "
                + (kernel.disagreements().isEmpty() ? "no disagreement." : kernel.disagreements().size()
                        + " disagreement classes; either the Java policy or the patch is wrong:"));
        for (String d : kernel.disagreements()) {
            md.item("-", d);
        }
        if (!kernel.disagreements().isEmpty()) {
            md.endList();
        }
        md.paragraph("Races replayed in the guest below the reordering device, " + Review.REPLAY_RUNS + " runs each "
                + "(every minimal UNSAFE class of " + policy.id() + " and of " + base.id() + ", decided under "
                + policy.id() + "):");
        for (ReplayAll.Row r : kernel.races()) {
            md.item("-", r.race() + ": model " + r.model() + (r.modelBad().isEmpty() ? "" : " (bad " + r.modelBad() + ")")
                    + ", live " + r.live() + " (" + r.corruptedRuns() + "/" + r.runs() + " corrupted)"
                    + (r.agree() ? "" : " — DISAGREES"));
        }
        md.endList();
    }

    private void price(FixCost price) {
        md.heading("## 4. The price (timing model)");
        if (price == null) {
            md.paragraph("Not simulated (--no-price).");
            return;
        }
        md.paragraph("IOPS under " + base.id() + " and " + policy.id() + " on the seed workloads of direct writes, each on "
                + "its seed's device profile, and on writes that end at an unaligned EOF (4 replications each). "
                + "Reproduce one cell: `" + price.command() + "`.");
        StringBuilder t = new StringBuilder(format("%-28s %-14s %4s %12s %12s %7s%n", "workload", "device", "jobs",
                "base IOPS", "IOPS", "ratio"));
        for (FixCost.Row r : price.rows()) {
            t.append(format("%-28s %-14s %4d %,12d %,12d %6.2fx%n", r.workload(), r.device(), r.jobs(),
                    Math.round(r.baselineIops()), Math.round(r.fixIops()), r.ratio()));
        }
        md.code(t.toString());
    }

    private static String priceSummary(FixCost price) {
        double lo = Double.MAX_VALUE;
        double hi = -Double.MAX_VALUE;
        for (FixCost.Row r : price.rows()) {
            lo = Math.min(lo, r.ratio());
            hi = Math.max(hi, r.ratio());
        }
        return format("IOPS from %.2fx to %.2fx of the base's over %d simulated cells", lo, hi, price.rows().size());
    }

    /** {@code alignment tail, sub-block; head W}: the cells that are not don't-cares, with their headers. */
    static String conditions(List<String> headers, List<String> cells) {
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < cells.size(); i++) {
            if (!cells.get(i).equals("—")) {
                parts.add(headers.get(i) + " " + cells.get(i));
            }
        }
        return parts.isEmpty() ? "every write" : String.join("; ", parts);
    }

    private static long agreeing(List<ReplayAll.Row> rows) {
        return rows.stream().filter(ReplayAll.Row::agree).count();
    }

    private static String count(long n) {
        return format("%,d", n);
    }

    private static String format(String f, Object... args) {
        return String.format(Locale.ROOT, f, args);
    }
}
