package org.locktable.cli;

import java.io.BufferedWriter;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.InputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.locktable.concurrency.ExplorationTooLarge;
import org.locktable.concurrency.PolicyNotReplayable;
import org.locktable.engine.model.InvalidInputException;
import org.locktable.engine.policy.PolicyCatalogException;
import org.locktable.engine.text.OneLine;
import org.locktable.rig.EnvironmentException;
import org.locktable.rig.Progress;

import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.UnmatchedArgumentException;
import picocli.CommandLine;

/**
 * The {@code locktable} command. Every failure is one line on stderr, {@code locktable: <problem>}, and an
 * exit code: {@value #EXIT_USAGE} for bad input (a broken policy jar on the class path included), 3 where this
 * machine cannot run the command (an {@link EnvironmentException} from any command, reported here once),
 * {@value #EXIT_INTERNAL} for a bug (an unexpected exception); no stack trace is ever printed.
 */
public final class Main {
    public static final int EXIT_OK = 0;
    public static final int EXIT_USAGE = 2;
    public static final int EXIT_INTERNAL = 70;

    private Main() {
    }

    public static void main(String[] args) {
        PrintWriter out = new PrintWriter(new BufferedWriter(
                new OutputStreamWriter(new FileOutputStream(FileDescriptor.out), StandardCharsets.UTF_8), 1 << 16));
        PrintWriter err = new PrintWriter(new BufferedWriter(
                new OutputStreamWriter(new FileOutputStream(FileDescriptor.err), StandardCharsets.UTF_8)), true);
        int code = run(args, out, err, System.in);
        out.flush();
        err.flush();
        System.exit(code);
    }

    /** Runs one command line with the given streams and returns its exit code; never throws. */
    public static int run(String[] args, PrintWriter out, PrintWriter err, InputStream stdin) {
        try {
            return commandLine(out, err, stdin).execute(args);
        } catch (Throwable t) { // an Error, or an exception thrown while handling another: still one line
            err.println("locktable: internal error: " + describe(t));
            return EXIT_INTERNAL;
        } finally {
            out.flush();
            err.flush();
        }
    }

    static CommandLine commandLine(PrintWriter out, PrintWriter err, InputStream stdin) {
        CommandLine cl = CommandTree.build(new LocktableCommand(stdin));
        return OldNames.noteOnUse(configure(cl, out, err));
    }

    /** Streams and error handlers, for the command and every subcommand it has now. */
    static CommandLine configure(CommandLine cl, PrintWriter out, PrintWriter err) {
        cl.setOut(out);
        cl.setErr(err);
        // colour in help only on a terminal: picocli's own check takes JDK 22's console of a pipe for one
        cl.setColorScheme(CommandLine.Help.defaultColorScheme(Progress.terminal() ? CommandLine.Help.Ansi.ON
                : CommandLine.Help.Ansi.OFF));
        cl.setParameterExceptionHandler(PARAMETER_HANDLER);
        cl.setExecutionExceptionHandler(EXECUTION_HANDLER);
        return splitOnEveryComma(cl);
    }

    /**
     * Comma lists ({@code --policy a,b}) split at every comma: no value of ours holds a quote, and picocli's
     * quote-respecting split prints a {@code [picocli WARN]} to the process's stderr on a stray one.
     */
    static CommandLine splitOnEveryComma(CommandLine cl) {
        return cl.setSplitQuotedStrings(true);
    }

    private static final IParameterExceptionHandler PARAMETER_HANDLER = (ex, args) -> {
        ex.getCommandLine().getErr().println("locktable: " + message(ex));
        return EXIT_USAGE;
    };

    private static final IExecutionExceptionHandler EXECUTION_HANDLER = (ex, cl, parseResult) -> {
        if (ex instanceof PolicyCatalogException) {
            ex.getMessage().lines().forEach(line -> cl.getErr().println("locktable: " + line));
            return EXIT_USAGE;
        }
        if (ex instanceof CliException || ex instanceof InvalidInputException || ex instanceof PolicyNotReplayable
                || ex instanceof ExplorationTooLarge) {
            cl.getErr().println("locktable: " + oneLine(ex.getMessage()));
            return EXIT_USAGE;
        }
        if (ex instanceof EnvironmentException) {
            cl.getErr().println("locktable: " + EnvironmentException.cannotRun(invokedAs(cl), oneLine(ex.getMessage())));
            return EnvironmentException.EXIT_CODE;
        }
        if (ex instanceof EngineLimitException) {
            cl.getErr().println("locktable: " + oneLine(ex.getMessage()));
            return EXIT_INTERNAL;
        }
        cl.getErr().println("locktable: internal error: " + describe(ex));
        return EXIT_INTERNAL;
    };

    /** The command as the user typed it, without {@code locktable}: {@code race replay}, or an old name. */
    static String invokedAs(CommandLine cl) {
        String name = cl.getCommandSpec().qualifiedName();
        return name.startsWith("locktable ") ? name.substring("locktable ".length()) : name;
    }

    /** A picocli parse error as one line, with its "did you mean" suggestions when there are any. */
    static String message(ParameterException ex) {
        String m = oneLine(ex.getMessage());
        if (ex instanceof UnmatchedArgumentException) {
            List<String> suggestions = ((UnmatchedArgumentException) ex).getSuggestions();
            if (!suggestions.isEmpty()) {
                m += "; did you mean " + String.join(" or ", suggestions.subList(0, Math.min(3, suggestions.size()))) + "?";
            }
        }
        return m;
    }

    static String describe(Throwable t) {
        return t.getClass().getName() + ": " + oneLine(String.valueOf(t.getMessage()));
    }

    /** Collapses line breaks so that a message stays on one line. */
    static String oneLine(String s) {
        if (s == null) {
            return "(no message)";
        }
        return OneLine.of(s);
    }
}
