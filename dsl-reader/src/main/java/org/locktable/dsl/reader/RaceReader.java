package org.locktable.dsl.reader;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.locktable.concurrency.RaceLimits;
import org.locktable.engine.catalog.PolicyCatalog;
import org.locktable.engine.model.BlockState;
import org.locktable.engine.model.Inode;
import org.locktable.engine.policy.Policy;
import org.locktable.engine.policy.PolicyInfo;

/**
 * Validate → model for {@code @Concurrent}, {@code @Op}, {@code @ExpectSafe} and {@code @ExpectUnsafe} (LT090..LT102),
 * every problem at its annotation value. The rules are the oracle's: one to four operations, 512-byte granular, each
 * ending at most one block past the layout, raced under direct-write policies.
 */
final class RaceReader {
    /** The class the generated suites call: it must be on the consumer's class path. */
    static final String RUNTIME_CLASS = "org.locktable.concurrency.RaceCheck";
    static final int MAX_OPS = 4;
    /** {@link RaceLimits#MAX_FILE_BLOCKS}: the command line's cap too. */
    static final long MAX_FILE_BLOCKS = RaceLimits.MAX_FILE_BLOCKS;
    static final int MAX_RECORDS = 8;
    private static final long SECTOR = 512;
    private static final Pattern RANGE = Pattern.compile("\\[(\\d+),(\\d+)\\)");

    private final Report report;

    RaceReader(Report report) {
        this.report = report;
    }

    /** Null when a problem was reported or the file could not be read ({@code inode} null). */
    RaceModel read(DslClass type, DslAnnotation concurrent, Inode inode, List<String> defaults) {
        int errorsBefore = report.errors();
        if (inode != null && inode.layout().blocks() > MAX_FILE_BLOCKS) {
            report.add(Message.RACE_FILE_TOO_LARGE, type.annotation(Dsl.EXTENT_LAYOUT).orElseThrow().at("blocks"),
                    MAX_FILE_BLOCKS, inode.layout().blocks());
            inode = null;
        } else if (inode != null && inode.layout().anyIn(0, inode.layout().blocks() - 1, BlockState.DELALLOC)) {
            report.add(Message.RACE_DELALLOC, type.annotation(Dsl.EXTENT_LAYOUT).orElseThrow().at("blocks"));
            inode = null;
        } else if (inode != null && inode.size() > inode.layout().blocks() * inode.blockSize()) {
            report.add(Message.RACE_SIZE_PAST_LAYOUT, type.annotation(Dsl.EXTENT_LAYOUT).orElseThrow().at("size"),
                    inode.size(), inode.layout().blocks() * inode.blockSize());
            inode = null;
        }
        List<DslAnnotation> opAnns = type.annotations(Dsl.OP);
        if (opAnns.isEmpty() || opAnns.size() > MAX_OPS) {
            report.add(Message.RACE_OP_COUNT, opAnns.isEmpty() ? concurrent.site() : opAnns.get(MAX_OPS).site(),
                    opAnns.size());
        }
        List<RaceModel.RaceOp> ops = new ArrayList<>();
        int records = 0;
        for (DslAnnotation op : opAnns) {
            RaceModel.RaceOp o = op(op, inode);
            if (o == null) {
                continue;
            }
            ops.add(o);
            if (inode != null && records <= MAX_RECORDS) {
                records += records(inode, o.offset(), o.offset() + o.len());
                if (records > MAX_RECORDS) {
                    report.add(Message.TOO_MANY_RECORDS, op.site(), o.text(), records, MAX_RECORDS);
                }
            }
        }
        List<RaceModel.RaceExpectation> stated = stated(type, defaults);
        if (stated.isEmpty() && type.annotations(Dsl.EXPECT_SAFE).isEmpty()
                && type.annotations(Dsl.EXPECT_UNSAFE).isEmpty()) {
            report.add(Message.NO_RACE_EXPECTATION, concurrent.site(), type.simpleName());
        }
        if (!type.typeExists(RUNTIME_CLASS)) {
            report.add(Message.CONCURRENCY_NOT_ON_CLASS_PATH, concurrent.site(), RUNTIME_CLASS);
        }
        if (report.errors() > errorsBefore || inode == null) {
            return null;
        }
        return new RaceModel(inode, ops, stated, concurrent.site());
    }

    private RaceModel.RaceOp op(DslAnnotation op, Inode inode) {
        String kind = op.enumName("kind");
        long offset = op.longValue("offset");
        long len = op.longValue("len");
        boolean fsync = op.bool("fsync");
        boolean ok = true;
        if (offset < 0 || offset % SECTOR != 0) {
            report.add(Message.BAD_OP, op.at("offset"), "offset", offset + " is not a multiple of 512 of 0 or more");
            ok = false;
        }
        if (kind.equals("TRUNCATE") && len != 0) {
            report.add(Message.BAD_OP, op.at("len"), "len", len + ": a TRUNCATE takes its new size in offset and no len");
            ok = false;
        } else if (!kind.equals("TRUNCATE") && (len <= 0 || len % SECTOR != 0)) {
            report.add(Message.BAD_OP, op.at("len"), "len", len + " is not a multiple of 512 greater than 0");
            ok = false;
        }
        if (fsync && !kind.equals("BUFFERED")) {
            report.add(Message.BAD_OP, op.at("fsync"), "fsync",
                    "only a BUFFERED write takes fsync (a direct write has no dirty pages); drop it or make the kind BUFFERED");
            ok = false;
        }
        if (!ok) {
            return null;
        }
        RaceModel.RaceOp o = new RaceModel.RaceOp(kind, offset, len, fsync, op.site());
        if (inode != null) {
            long layoutEnd = inode.layout().blocks() * inode.blockSize();
            if (offset > Long.MAX_VALUE - len || offset + len > layoutEnd + inode.blockSize()) {
                report.add(Message.OP_OUT_OF_REACH, op.at(offset > layoutEnd ? "offset" : "len"), o.text(),
                        offset > Long.MAX_VALUE - len ? "beyond 2^63" : Long.toString(offset + len), layoutEnd);
                return null;
            }
        }
        return o;
    }

    /** The runs of the layout (records, and runs of holes) the bytes [from, to) touch; blocks past it count as one. */
    private static int records(Inode inode, long from, long to) {
        long first = from / inode.blockSize();
        long last = (to - 1) / inode.blockSize();
        long blocks = inode.layout().blocks();
        int n = last >= blocks ? 1 : 0;
        int before = Integer.MIN_VALUE;
        for (long b = first; b <= Math.min(last, blocks - 1); b++) {
            int record = inode.layout().recordIndexAt(b);
            if (record != before) {
                n++;
                before = record;
            }
        }
        return n;
    }

    /** One expectation per policy; a policy stated twice is a warning (same) or an error (contradicting). */
    private List<RaceModel.RaceExpectation> stated(DslClass type, List<String> defaults) {
        Map<String, RaceModel.RaceExpectation> seen = new LinkedHashMap<>();
        List<DslAnnotation> all = new ArrayList<>(type.annotations(Dsl.EXPECT_SAFE));
        all.addAll(type.annotations(Dsl.EXPECT_UNSAFE));
        for (DslAnnotation e : all) {
            boolean safe = e.qualifiedName().equals(Dsl.EXPECT_SAFE);
            String ranges = safe ? "" : badRanges(e);
            for (String id : policies(e, defaults)) {
                RaceModel.RaceExpectation x = new RaceModel.RaceExpectation(id, safe, ranges == null ? "" : ranges, e.site());
                RaceModel.RaceExpectation before = seen.get(id);
                if (before == null) {
                    seen.put(id, x);
                } else if (before.safe() == safe && before.badRanges().equals(x.badRanges())) {
                    report.add(Message.DUPLICATE_RACE_EXPECTATION, e.site(), e.name(), id);
                } else {
                    report.add(Message.CONTRADICTORY_RACE_EXPECTATION, e.site(), e.name(), id,
                            before.safe() ? "ExpectSafe" : "ExpectUnsafe");
                }
            }
        }
        return List.copyOf(seen.values());
    }

    /** The expectation's policies (its own, else the defaults): catalog ids of direct-write policies. */
    private List<String> policies(DslAnnotation e, List<String> defaults) {
        List<DslValue> own = e.list("policies");
        List<String> out = new ArrayList<>();
        if (own.isEmpty()) {
            if (defaults.isEmpty()) {
                report.add(Message.NO_POLICY, e.site(), e.name());
            }
            for (String id : defaults) {
                PolicyCatalog.find(id).filter(p -> direct(p, e.site())).ifPresent(p -> out.add(id));
            }
            return out;
        }
        for (DslValue v : own) {
            String id = (String) v.value();
            if (PolicyCheck.known(report, v.site(), id) && direct(PolicyCatalog.find(id).orElseThrow(), v.site())) {
                out.add(id);
            }
        }
        return out;
    }

    private boolean direct(Policy p, Site at) {
        if (p.info().path() == PolicyInfo.WritePath.DIRECT) {
            return true;
        }
        List<String> direct = PolicyCatalog.all().stream().filter(q -> q.info().path() == PolicyInfo.WritePath.DIRECT)
                .map(Policy::id).toList();
        report.add(Message.RACE_POLICY_NOT_DIRECT, at, p.id(),
                p.info().path().name().toLowerCase(Locale.ROOT).replace('_', '-'), String.join(", ", direct));
        return false;
    }

    /** The stated ranges as the oracle prints them, {@code [a,b) [c,d)}; null after a problem. */
    private String badRanges(DslAnnotation e) {
        List<String> out = new ArrayList<>();
        long last = -1;
        boolean ok = true;
        for (DslValue v : e.list("badRanges")) {
            String text = ((String) v.value()).strip();
            Matcher m = RANGE.matcher(text);
            String problem = null;
            long from = 0;
            long to = 0;
            if (!m.matches()) {
                problem = "is not [FROM,TO) in bytes";
            } else {
                try {
                    from = Long.parseLong(m.group(1));
                    to = Long.parseLong(m.group(2));
                } catch (NumberFormatException x) {
                    problem = "has a bound too large";
                }
                if (problem == null && (from % SECTOR != 0 || to % SECTOR != 0)) {
                    problem = "has a bound that is not a multiple of 512";
                } else if (problem == null && from >= to) {
                    problem = "is empty (FROM is not less than TO)";
                } else if (problem == null && from < last) {
                    problem = "overlaps or comes before the range before it";
                }
            }
            if (problem != null) {
                report.add(Message.BAD_RANGE, v.site(), text, problem);
                ok = false;
                continue;
            }
            last = to;
            out.add("[" + from + "," + to + ")");
        }
        return ok ? String.join(" ", out) : null;
    }
}
