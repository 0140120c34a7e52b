package org.locktable.timing.fio;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One fio job's effective options, after fio's rules for repeated keys, aliases and substitution: typed getters
 * that fail with the option's file and line, the warnings collected while reading them, and the options that are
 * read but not modelled.
 */
final class JobSettings {
    private static final String[] KEYWORDS = {"$pagesize", "$mb_memory", "$ncpus"};

    /** One effective option. */
    record Setting(String key, String value, FioJobFile.Origin origin, int seq, boolean inverted) {
        @Override
        public String toString() {
            return value == null ? key : key + "=" + value;
        }
    }

    private final FioJobFile.Job job;
    private final FioEnvironment env;
    private final Map<String, Setting> settings = new LinkedHashMap<>();
    private final Set<String> unknown = new LinkedHashSet<>();
    private final List<String> warnings = new ArrayList<>();
    private int kbBase = 1024;

    /** Collects {@code job}'s options; {@code notes} (the parser's) come first among the warnings. */
    JobSettings(FioJobFile.Job job, FioEnvironment env, List<String> notes) {
        this.job = job;
        this.env = env;
        warnings.addAll(notes);
        collect();
        kbBase = readKbBase();
    }

    /** The effective option {@code key} (canonical name), or null. */
    Setting get(String key) {
        return settings.get(key);
    }

    void warn(String warning) {
        warnings.add(warning);
    }

    /** Every warning so far, then one per option read but not modelled. */
    List<String> warningsWithNotModelled() {
        warnNotModelled();
        return List.copyOf(warnings);
    }

    // ----------------------------------------------------------------------------------------- collection

    private void collect() {
        int seq = 0;
        for (FioJobFile.Option o : job.options()) {
            String key = o.key();
            if (FioOptions.COMMAND_ONLY.contains(key)) {
                continue;
            }
            if (!FioOptions.known(key)) {
                unknown.add(key);
                continue;
            }
            String canonical = FioOptions.canonical(key);
            String value = substitute(o.value(), o.origin(), key);
            boolean inverted = false;
            if (canonical.equals("buffered")) {
                canonical = "direct";
                inverted = true;
            }
            settings.remove(canonical);
            settings.put(canonical, new Setting(key, value, o.origin(), seq++, inverted));
        }
        if (!unknown.isEmpty()) {
            List<String> described = new ArrayList<>();
            for (String u : unknown) {
                String near = FioOptions.closestOption(u);
                described.add(near == null ? u : u + " (did you mean " + near + "?)");
            }
            warnings.add("unknown options, ignored (not fio options): " + String.join(", ", described));
        }
    }

    /** fio's {@code ${VAR}} substitution, then {@code $pagesize}/{@code $mb_memory}/{@code $ncpus} with math. */
    private String substitute(String value, FioJobFile.Origin origin, String key) {
        if (value == null) {
            return null;
        }
        StringBuilder out = new StringBuilder();
        int i = 0;
        while (i < value.length()) {
            if (value.startsWith("${", i)) {
                int end = value.indexOf('}', i + 2);
                if (end > i + 2) {
                    String name = value.substring(i + 2, end);
                    out.append(env.variables().getOrDefault(name, ""));
                    i = end + 1;
                    continue;
                }
            }
            out.append(value.charAt(i));
            i++;
        }
        String v = out.toString();
        boolean replaced = false;
        for (String kw : KEYWORDS) {
            if (v.contains(kw)) {
                v = v.replace(kw, keywordValue(kw));
                replaced = true;
            }
        }
        // fio (options.c bc_calc) evaluates a value with a keyword and + - * / as integer arithmetic.
        if (replaced && !v.startsWith("(") && v.chars().anyMatch(c -> c == '+' || c == '-' || c == '*'
                || c == '/') && v.indexOf('\'') < 0) {
            try {
                FioExpression.Result r = FioExpression.evaluate("(" + v + ")", FioExpression.Kind.PLAIN, kbBase);
                v = Long.toString(r.asLong());
            } catch (FioValues.BadValue e) {
                throw FioParseException.at(origin, key + "=" + value + ": " + e.getMessage());
            }
        }
        return v;
    }

    private String keywordValue(String kw) {
        switch (kw) {
            case "$pagesize":
                return Long.toString(env.pagesize());
            case "$mb_memory":
                return Long.toString(env.mbMemory());
            default:
                return Integer.toString(env.ncpus());
        }
    }

    // ------------------------------------------------------------------------------------------- helpers

    FioParseException bad(Setting s, String problem) {
        return FioParseException.at(s.origin(), s + ": " + problem);
    }

    String value(Setting s) {
        if (s.value() == null) {
            throw FioParseException.at(s.origin(), s.key() + " needs a value (" + s.key() + "=...)");
        }
        return s.value();
    }

    /** A fio value parser: bytes, an amount, a range, an integer. */
    @FunctionalInterface
    private interface ValueParser<T> {
        T parse(String text, int kbBase) throws FioValues.BadValue;
    }

    /** {@code text} (the setting's value or a part of it) parsed, or an error at the setting's line. */
    private <T> T parse(Setting s, String text, ValueParser<T> parser) {
        try {
            return parser.parse(text, kbBase);
        } catch (FioValues.BadValue e) {
            throw bad(s, e.getMessage());
        }
    }

    long bytes(Setting s) {
        return bytes(s, value(s));
    }

    long bytes(Setting s, String part) {
        return parse(s, part, FioValues::bytes);
    }

    FioValues.Amount amount(Setting s) {
        return parse(s, value(s), FioValues::amount);
    }

    long[] range(Setting s) {
        return range(s, value(s));
    }

    long[] range(Setting s, String part) {
        return parse(s, part, FioValues::range);
    }

    int integer(Setting s) {
        return parse(s, value(s), FioValues::integer);
    }

    boolean bool(String key, boolean dflt) {
        Setting s = settings.get(key);
        if (s == null) {
            return dflt;
        }
        boolean v;
        if (s.value() == null) {
            if (!FioOptions.flag(s.key())) {
                throw FioParseException.at(s.origin(), s.key() + " needs a value (" + s.key() + "=0 or "
                        + s.key() + "=1)");
            }
            v = true;
        } else {
            try {
                v = FioValues.bool(s.value());
            } catch (FioValues.BadValue e) {
                throw bad(s, e.getMessage());
            }
        }
        return s.inverted() ? !v : v;
    }

    long bytesOrPercentOfFilesize(Setting s, long fixedFilesize) {
        FioValues.Amount a = amount(s);
        if (!a.isPercent()) {
            return a.bytes();
        }
        if (fixedFilesize < 0) {
            throw bad(s, "a percentage of the file's real size needs a fixed filesize= (a job description "
                    + "alone does not give the size of an existing file)");
        }
        return fixedFilesize * a.percent() / 100;
    }

    long offsetLike(String key, long fixedFilesize) {
        Setting s = settings.get(key);
        return s == null ? 0 : bytesOrPercentOfFilesize(s, fixedFilesize);
    }

    /** fio's per-direction fill rule: "a" → a,a,a; "a,b" → a,b,b; "a,b," → a,b,(default); ",b" → (default),b,b. */
    String[] perDirection(Setting s) {
        String[] parts = value(s).split(",", -1);
        if (parts.length > 3) {
            throw bad(s, "at most three comma-separated values (reads, writes, trims)");
        }
        String[] out = new String[3];
        for (int i = 0; i < 3; i++) {
            out[i] = (i < parts.length ? parts[i] : parts[parts.length - 1]).strip();
        }
        return out;
    }

    private int readKbBase() {
        Setting s = settings.get("kb_base");
        if (s == null) {
            return 1024;
        }
        String v = value(s).strip();
        if (v.equals("1024")) {
            return 1024;
        }
        if (v.equals("1000")) {
            return 1000;
        }
        throw bad(s, "kb_base is 1024 or 1000");
    }

    // ------------------------------------------------------------------------------------------ warnings

    private void warnNotModelled() {
        for (Setting s : settings.values()) {
            String key = FioOptions.canonical(s.key());
            if (key.equals("buffered")) {
                continue;
            }
            if (FioOptions.PATCHED.contains(key)) {
                warnings.add(s + ": not an upstream fio option (the patched fio of seed 002, "
                        + (key.equals("writethrough") ? "RWF_WRITETHROUGH" : "RWF_NOSERIAL")
                        + "); modelled as given");
                continue;
            }
            if (FioOptions.MODELLED.contains(key) || FioOptions.COSMETIC.contains(key) || key.equals("direct")) {
                continue;
            }
            warnings.add(notModelled(s, key));
        }
    }

    private static String notModelled(Setting s, String key) {
        switch (key) {
            case "ramp_time":
                return s + ": not modelled (fio leaves the lead-in out of its statistics and runs that much "
                        + "longer; the model measures the whole run)";
            case "norandommap":
                return s + ": not modelled (fio draws random offsets without tracking coverage)";
            case "randrepeat":
            case "randseed":
                return s + ": not modelled";
            case "fsync":
            case "fdatasync":
            case "end_fsync":
            case "fsync_on_close":
            case "end_syncfs":
                return s + ": the extra sync calls are not modelled";
            case "invalidate":
                return s + ": page cache invalidation before the run is not modelled";
            case "file_service_type":
                return s + ": how a clone picks among its files is not modelled";
            case "bs_unaligned":
                return s + ": sizes off multiples of the minimum are not modelled";
            case "rw_sequencer":
                return s + ": not modelled";
            case "thinktime":
            case "rate":
            case "rate_iops":
                return s + ": pacing is not modelled (the model's jobs issue I/O back to back)";
            default:
                return s + ": read but not modelled";
        }
    }
}
