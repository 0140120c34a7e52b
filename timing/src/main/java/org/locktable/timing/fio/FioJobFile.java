package org.locktable.timing.fio;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A fio job description at the syntax level: sections of {@code key=value} options, from a job file or a
 * command line, each option with where it came from. {@link #jobs()} applies fio's section rules; the values
 * are read by {@link FioParser}.
 *
 * <p>Job files (HOWTO "Job file format"): {@code [name]} starts a job; a section whose name starts with
 * {@code global} gives defaults to the jobs <em>below</em> it, and several globals accumulate; a line whose
 * first non-blank character is {@code ;} or {@code #} is a comment (there are no comments after a value);
 * {@code include FILE} reads options from a file without sections into the current section.
 *
 * <p>Command lines: {@code --name=x} starts a job ({@code --name=global} a global section); options before
 * the first {@code --name} are global; {@code --key value} works for options that take a value, as fio's
 * getopt allows; fio's own options ({@code --output}, {@code --minimal}, …) are skipped. A value with a
 * run-together option in it, {@code --sync=dsync--file_append=1} (seed 002), is split where {@code --} is
 * followed by a known option name and {@code =}, with a note.
 *
 * <p>No job section at all (only {@code [global]}, or no {@code --name}): fio itself would stop with
 * "No job(s) defined"; here the options make one job named {@code fio} (fio's fallback job name) and a note
 * says so, because published job files and command lines often leave the job line out.
 */
public final class FioJobFile {
    /** The {@link #source()} of a command line. */
    public static final String COMMAND_LINE = "<command line>";

    /** Where an option came from: a line of a file, or a command line argument (then {@code line} is 0). */
    public record Origin(String source, int line, String argument) {
        public Origin {
            Objects.requireNonNull(source, "source");
        }

        @Override
        public String toString() {
            return argument != null ? "argument '" + argument + "'" : source + ":" + line;
        }
    }

    /** One option as written: {@code value} is {@code null} for a bare key ({@code time_based}). */
    public record Option(String key, String value, Origin origin) {
        @Override
        public String toString() {
            return value == null ? key : key + "=" + value;
        }
    }

    /** A {@code [section]} or a {@code --name=} group of options. */
    public record Section(String name, boolean global, Origin origin, List<Option> options) {
        public Section {
            options = List.copyOf(options);
        }
    }

    /** A job with its effective options: the globals above it, then its own, in order (later wins). */
    public record Job(String name, Origin origin, List<Option> options) {
        public Job {
            options = List.copyOf(options);
        }
    }

    private static final int MAX_INCLUDE_DEPTH = 32;
    private static final Pattern RUN_TOGETHER = Pattern.compile("--([A-Za-z0-9_][A-Za-z0-9_-]*)=");

    private final String source;
    private final List<Section> sections;
    private final List<Job> jobs;
    private final List<String> notes;

    private FioJobFile(String source, List<Section> sections, List<String> notes) {
        this.source = source;
        this.sections = List.copyOf(sections);
        List<String> allNotes = new ArrayList<>(notes);
        this.jobs = List.copyOf(resolveJobs(source, this.sections, allNotes));
        this.notes = List.copyOf(allNotes);
    }

    /** The file name, or {@link #COMMAND_LINE}. */
    public String source() {
        return source;
    }

    public List<Section> sections() {
        return sections;
    }

    /** One per job section, in file order. */
    public List<Job> jobs() {
        return jobs;
    }

    /** Things the reader did that a user should know (split arguments, a job made up from globals). */
    public List<String> notes() {
        return notes;
    }

    // ---------------------------------------------------------------------------------------------- files

    /** Reads a job file; includes resolve through {@code includes}. */
    public static FioJobFile read(Path file, FioEnvironment.IncludeResolver includes) throws IOException {
        return parse(Files.readString(file, StandardCharsets.UTF_8), file.toString(), includes);
    }

    /**
     * Parses job file text.
     *
     * @param source the name used in messages (and to find includes relative to it)
     * @throws FioParseException with the file and line of a malformed line
     */
    public static FioJobFile parse(String text, String source, FioEnvironment.IncludeResolver includes) {
        List<SectionBuilder> builders = new ArrayList<>();
        Deque<String> stack = new ArrayDeque<>();
        stack.push(source);
        SectionBuilder current = null;
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            Origin origin = new Origin(source, i + 1, null);
            String t = stripLine(lines[i]);
            if (t.isEmpty() || t.startsWith(";") || t.startsWith("#")) {
                continue;
            }
            if (t.startsWith("[")) {
                current = new SectionBuilder(sectionName(t, origin), origin);
                builders.add(current);
                continue;
            }
            if (current == null) {
                throw FioParseException.at(origin, "option '" + t + "' outside of a [section]");
            }
            if (isInclude(t)) {
                include(t, origin, current, includes, stack);
                continue;
            }
            current.options.add(option(t, origin));
        }
        if (builders.isEmpty()) {
            throw FioParseException.atLine(source, 1, "no [section] in the job file: nothing to run");
        }
        List<Section> sections = new ArrayList<>();
        for (SectionBuilder b : builders) {
            sections.add(b.build());
        }
        return new FioJobFile(source, sections, List.of());
    }

    private static void include(String line, Origin origin, SectionBuilder into,
            FioEnvironment.IncludeResolver includes, Deque<String> stack) {
        String name = line.substring("include".length()).trim();
        if (name.isEmpty()) {
            throw FioParseException.at(origin, "include needs a file name");
        }
        if (stack.size() > MAX_INCLUDE_DEPTH) {
            throw FioParseException.at(origin, "includes nested more than " + MAX_INCLUDE_DEPTH + " deep");
        }
        FioEnvironment.Included inc = includes.resolve(name, origin.source())
                .orElseThrow(() -> FioParseException.at(origin, "cannot find the include file '" + name + "'"));
        if (stack.contains(inc.source())) {
            throw FioParseException.at(origin, "include cycle: '" + inc.source() + "' includes itself");
        }
        stack.push(inc.source());
        String[] lines = inc.text().split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            Origin o = new Origin(inc.source(), i + 1, null);
            String t = stripLine(lines[i]);
            if (t.isEmpty() || t.startsWith(";") || t.startsWith("#")) {
                continue;
            }
            if (t.startsWith("[")) {
                throw FioParseException.at(o, "an included file may not start a [section]");
            }
            if (isInclude(t)) {
                include(t, o, into, includes, stack);
                continue;
            }
            into.options.add(option(t, o));
        }
        stack.pop();
    }

    private static String stripLine(String line) {
        return line.strip();
    }

    private static boolean isInclude(String t) {
        return t.startsWith("include") && (t.length() == "include".length()
                || Character.isWhitespace(t.charAt("include".length())));
    }

    private static String sectionName(String t, Origin origin) {
        if (!t.endsWith("]")) {
            throw FioParseException.at(origin, "section header '" + t + "' does not end with ']'");
        }
        String name = t.substring(1, t.length() - 1).strip();
        if (name.isEmpty()) {
            throw FioParseException.at(origin, "empty section name []");
        }
        return name;
    }

    private static Option option(String t, Origin origin) {
        int eq = t.indexOf('=');
        String key = (eq < 0 ? t : t.substring(0, eq)).strip();
        String value = eq < 0 ? null : t.substring(eq + 1).strip();
        if (key.isEmpty()) {
            throw FioParseException.at(origin, "'" + t + "' has no option name before '='");
        }
        if (key.chars().anyMatch(Character::isWhitespace)) {
            throw FioParseException.at(origin, "'" + t + "' is not key=value");
        }
        return new Option(key, value, origin);
    }

    // --------------------------------------------------------------------------------------- command lines

    /**
     * Reads a fio command line as a shell would split it ({@link CommandLine#split}); a leading {@code fio}
     * word is skipped.
     */
    public static FioJobFile fromCommandLine(String commandLine) {
        return fromArguments(CommandLine.split(commandLine));
    }

    /**
     * Reads fio arguments (already split, as {@code main} receives them); a leading {@code fio} is skipped.
     *
     * @throws FioParseException naming the argument for a malformed one
     */
    public static FioJobFile fromArguments(List<String> arguments) {
        Deque<String[]> queue = new ArrayDeque<>(); // {text, original argument}
        for (String a : arguments) {
            queue.add(new String[] {a, a});
        }
        if (!queue.isEmpty()) {
            String first = queue.peekFirst()[0];
            if (first.equals("fio") || first.endsWith("/fio")) {
                queue.removeFirst();
            }
        }
        List<String> notes = new ArrayList<>();
        List<SectionBuilder> builders = new ArrayList<>();
        SectionBuilder current = null;
        while (!queue.isEmpty()) {
            String[] item = queue.removeFirst();
            String arg = item[0];
            String original = item[1];
            if (!arg.startsWith("-") || arg.equals("-") || arg.equals("--")) {
                throw FioParseException.atArgument(original, "not an option; fio would read it as a job file "
                        + "name (parse job files separately)");
            }
            String body = arg.startsWith("--") ? arg.substring(2) : arg.substring(1);
            int eq = body.indexOf('=');
            String key = eq < 0 ? body : body.substring(0, eq);
            String value = eq < 0 ? null : body.substring(eq + 1);
            if (key.isEmpty()) {
                throw FioParseException.atArgument(original, "no option name");
            }
            if (value != null) {
                Matcher m = RUN_TOGETHER.matcher(value);
                while (m.find()) {
                    if (FioOptions.known(m.group(1)) || FioOptions.COMMAND_ONLY.contains(m.group(1))) {
                        String rest = value.substring(m.start());
                        value = value.substring(0, m.start());
                        queue.addFirst(new String[] {rest, original});
                        notes.add("split the run-together argument '" + original + "': read '--" + key + "="
                                + value + "' then '" + rest + "'");
                        break;
                    }
                }
            }
            if (FioOptions.COMMAND_ONLY.contains(key)) {
                continue;
            }
            if (value == null && !FioOptions.flag(key) && FioOptions.known(key) && !queue.isEmpty()
                    && !queue.peekFirst()[0].startsWith("-")) {
                value = queue.removeFirst()[0];
            }
            Origin origin = new Origin(COMMAND_LINE, 0, original);
            if (key.equals("name")) {
                if (value == null || value.isEmpty()) {
                    throw FioParseException.atArgument(original, "--name needs a job name");
                }
                current = new SectionBuilder(value, origin);
                builders.add(current);
                continue;
            }
            if (current == null) {
                current = new SectionBuilder("global", origin);
                builders.add(current);
            }
            current.options.add(new Option(key, value, origin));
        }
        if (builders.isEmpty()) {
            throw FioParseException.atArgument(String.join(" ", arguments), "no job options");
        }
        List<Section> sections = new ArrayList<>();
        for (SectionBuilder b : builders) {
            sections.add(b.build());
        }
        return new FioJobFile(COMMAND_LINE, sections, notes);
    }

    // ---------------------------------------------------------------------------------------------- jobs

    private static List<Job> resolveJobs(String source, List<Section> sections, List<String> notes) {
        List<Option> globals = new ArrayList<>();
        List<Job> jobs = new ArrayList<>();
        for (Section s : sections) {
            if (s.global()) {
                globals.addAll(s.options());
            } else {
                List<Option> all = new ArrayList<>(globals);
                all.addAll(s.options());
                jobs.add(new Job(s.name(), s.origin(), all));
            }
        }
        if (jobs.isEmpty()) {
            if (globals.isEmpty()) {
                throw FioParseException.at(sections.get(0).origin(), "no job options");
            }
            jobs.add(new Job("fio", sections.get(0).origin(), globals));
            notes.add(source.equals(COMMAND_LINE)
                    ? "no --name: fio itself would stop with 'No job(s) defined'; read as one job named 'fio'"
                    : "no job section, only global options: fio itself would stop with 'No job(s) defined'; "
                            + "read as one job named 'fio'");
        }
        return jobs;
    }

    private static final class SectionBuilder {
        final String name;
        final Origin origin;
        final List<Option> options = new ArrayList<>();

        SectionBuilder(String name, Origin origin) {
            this.name = name;
            this.origin = origin;
        }

        Section build() {
            return new Section(name, name.startsWith("global"), origin, options);
        }
    }
}
