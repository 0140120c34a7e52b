package org.locktable.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import org.locktable.engine.decision.Decision;
import org.locktable.engine.model.InvalidInputException;
import org.locktable.engine.policy.Policy;
import org.locktable.engine.text.ShellWords;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code locktable decide}: one write, or a batch file of them, through one or more policies. */
@Command(name = "decide", mixinStandardHelpOptions = true, sortOptions = false,
        versionProvider = LocktableCommand.Version.class, resourceBundle = "org.locktable.cli.DecideCodes",
        header = "Decide a write, or a batch of writes, with one or more policies.",
        description = {"Decides one write with one or more policies: the lock taken, how it got there, drain, "
                + "FORCE_WAIT, what a NOWAIT caller gets, the iomap segments, zero ranges, transactions and a trace "
                + "of the kernel functions. Every code the output can hold is listed under 'Output codes' below.",
            "",
            "Example: locktable decide --policy ext4-base --layout \"W U U W\" --offset 0 --len 8192 --nowait",
            "",
            "--json prints one JSON object per decision, one line each, with the fields (in this order): "
                + DecisionJson.FIELDS + ". zeroRanges is a list of [start, end) byte pairs; zeroKinds gives each "
                + "range's kind (head, tail, eof-tail).",
            "",
            "--batch FILE (or - for standard input) decides many writes: every line that is not blank and does not "
                + "start with # holds the options of one request, quoted as in a shell (\"...\", '...', \\), e.g.",
            "  --policy ext4-base --layout \"W U\" --offset 0 --len 4096 --nowait",
            "A leading 'locktable decide' on a line is ignored. Output is JSON, one object per decision in input "
                + "order, each with a leading \"line\" field; a line that cannot be decided gives "
                + "{\"line\":N,\"error\":\"line N: <problem>\"} and the run goes on.",
            ""},
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {
            "0: every request was decided (whatever the decision's result: EAGAIN and EINVAL are results)",
            "2: bad input: an option, layout, number or policy id; in batch mode, any bad line or an unreadable FILE",
            "70: internal error (a bug; in batch mode, on any line)"})
final class DecideCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @ParentCommand
    LocktableCommand parent;

    @Mixin
    RequestOptions request;

    @Option(names = "--batch", paramLabel = "FILE",
            description = "Read requests from FILE, one per line, or from standard input if FILE is '-'; implies --json.")
    String batch;

    @Override
    public Integer call() throws CliException, InvalidInputException {
        PrintWriter out = spec.commandLine().getOut();
        if (batch != null) {
            List<String> extra = new ArrayList<>();
            for (OptionSpec o : spec.commandLine().getParseResult().matchedOptions()) {
                if (!o.longestName().equals("--batch") && !o.longestName().equals("--json")) {
                    extra.add(o.longestName());
                }
            }
            if (!extra.isEmpty()) {
                throw new CliException("--batch takes every request from " + (batch.equals("-") ? "standard input" : batch)
                        + "; put " + String.join(", ", extra) + " on its lines instead");
            }
            return new Batch(out, spec.commandLine().getErr()).run(batch, parent.stdin);
        }
        RequestOptions.Request r = request.build();
        if (request.json) {
            StringBuilder line = new StringBuilder(1024);
            for (Policy p : r.policies()) {
                line.setLength(0);
                DecisionJson.write(line, 0, p.decide(r.inode(), r.write()), r.inode(), r.write());
                out.println(line);
            }
            return Main.EXIT_OK;
        }
        DecisionText.printRequest(out, r.inode(), r.write());
        for (Policy p : r.policies()) {
            out.println();
            DecisionText.printDecision(out, p, p.decide(r.inode(), r.write()));
        }
        return Main.EXIT_OK;
    }

    /** The options one batch line may carry: those of a single request. */
    @Command(name = "decide")
    static final class Line {
        @Mixin
        RequestOptions request;
    }

    /** A batch run: one reusable parser for every line. */
    static final class Batch {
        private final PrintWriter out;
        private final PrintWriter err;
        private final Line line = new Line();
        private final CommandLine parser = Main.splitOnEveryComma(new CommandLine(line));
        private final StringBuilder buffer = new StringBuilder(2048);
        private int requests;
        private int bad;
        private int firstBad;
        private boolean internal;

        Batch(PrintWriter out, PrintWriter err) {
            this.out = out;
            this.err = err;
        }

        int run(String file, InputStream stdin) throws CliException {
            String name = file.equals("-") ? "standard input" : "\"" + file + "\"";
            try (BufferedReader in = open(file, stdin)) {
                int number = 0;
                String text;
                while (true) {
                    // flush before blocking on input, so that a reader at the other end sees the answers so far,
                    // and now and then anyway; stop when nobody reads the output any more
                    if ((number % 1024 == 0 || !in.ready()) && out.checkError()) {
                        break;
                    }
                    text = in.readLine();
                    if (text == null) {
                        break;
                    }
                    number++;
                    decideLine(number, text);
                }
            } catch (IOException e) {
                throw new CliException("cannot read batch file " + name + ": " + Main.oneLine(e.getMessage()));
            }
            out.flush();
            if (bad > 0) {
                err.println("locktable: " + bad + " of " + requests + " batch request" + (requests == 1 ? "" : "s")
                        + " could not be decided (first: line " + firstBad + "); see the \"error\" objects");
                return internal ? Main.EXIT_INTERNAL : Main.EXIT_USAGE;
            }
            return Main.EXIT_OK;
        }

        private static BufferedReader open(String file, InputStream stdin) throws CliException {
            if (file.equals("-")) {
                return new BufferedReader(new InputStreamReader(stdin, StandardCharsets.UTF_8), 1 << 16);
            }
            if (file.isEmpty()) {
                throw new CliException("--batch needs a file name, or - for standard input");
            }
            Path path = Path.of(file);
            if (Files.isDirectory(path)) {
                throw new CliException("cannot read batch file \"" + file + "\": it is a directory");
            }
            try {
                return new BufferedReader(new InputStreamReader(Files.newInputStream(path), StandardCharsets.UTF_8), 1 << 16);
            } catch (NoSuchFileException e) {
                throw new CliException("cannot read batch file \"" + file + "\": no such file");
            } catch (AccessDeniedException e) {
                throw new CliException("cannot read batch file \"" + file + "\": permission denied");
            } catch (IOException | RuntimeException e) {
                throw new CliException("cannot read batch file \"" + file + "\": " + Main.oneLine(e.getMessage()));
            }
        }

        void decideLine(int number, String text) {
            String trimmed = text.strip();
            if (trimmed.isEmpty() || trimmed.startsWith("#")) {
                return;
            }
            buffer.setLength(0);
            requests++;
            try {
                List<String> words = ShellWords.split(text);
                int skip = 0;
                if (skip < words.size() && words.get(skip).equals("locktable")) {
                    skip++;
                }
                if (skip < words.size() && words.get(skip).equals("decide")) {
                    skip++;
                }
                parser.parseArgs(words.subList(skip, words.size()).toArray(new String[0]));
                RequestOptions.Request r = line.request.build();
                for (Policy p : r.policies()) {
                    Decision d = p.decide(r.inode(), r.write());
                    DecisionJson.write(buffer, number, d, r.inode(), r.write());
                    buffer.append('\n');
                }
            } catch (ParameterException e) {
                fail(number, Main.message(e));
            } catch (ShellWords.SyntaxException e) {
                fail(number, e.problem() == ShellWords.Problem.TRAILING_BACKSLASH
                        ? "the line ends with a backslash (a request must fit on one line)" : e.getMessage());
            } catch (CliException | InvalidInputException e) {
                fail(number, Main.oneLine(e.getMessage()));
            } catch (RuntimeException e) {
                internal = true;
                fail(number, "internal error: " + Main.describe(e));
            }
            out.append(buffer);
        }

        private void fail(int number, String message) {
            if (bad++ == 0) {
                firstBad = number;
            }
            buffer.setLength(0);
            DecisionJson.error(buffer, number, "line " + number + ": " + message);
            buffer.append('\n');
        }
    }
}
