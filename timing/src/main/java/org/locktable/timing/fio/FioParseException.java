package org.locktable.timing.fio;

/**
 * A fio job file or command line that cannot be read: where and what.
 *
 * <p>For a job file, {@link #source()} is the file's name (an included file's name when the problem is in
 * the included file) and {@link #line()} its 1-based line; for a command line, {@link #argument()} is the
 * offending argument as the shell delivered it and {@link #line()} is 0. {@link #getMessage()} is
 * {@code FILE:LINE: problem} or {@code argument 'ARG': problem}, ready for a command line tool to print.
 */
public final class FioParseException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String source;
    private final int line;
    private final String argument;
    private final String problem;

    private FioParseException(String source, int line, String argument, String problem) {
        super(format(source, line, argument, problem));
        this.source = source;
        this.line = line;
        this.argument = argument;
        this.problem = problem;
    }

    /** A problem on a line of a job file. */
    public static FioParseException atLine(String source, int line, String problem) {
        return new FioParseException(source, line, null, problem);
    }

    /** A problem with one command line argument. */
    public static FioParseException atArgument(String argument, String problem) {
        return new FioParseException(FioJobFile.COMMAND_LINE, 0, argument, problem);
    }

    static FioParseException at(FioJobFile.Origin origin, String problem) {
        return origin.argument() != null
                ? atArgument(origin.argument(), problem)
                : atLine(origin.source(), origin.line(), problem);
    }

    private static String format(String source, int line, String argument, String problem) {
        if (argument != null) {
            return "argument '" + argument + "': " + problem;
        }
        return source + ":" + line + ": " + problem;
    }

    /** The job file's name, or {@link FioJobFile#COMMAND_LINE}. */
    public String source() {
        return source;
    }

    /** The 1-based line in {@link #source()}, or 0 for a command line. */
    public int line() {
        return line;
    }

    /** The offending command line argument, or {@code null} for a job file. */
    public String argument() {
        return argument;
    }

    /** What is wrong, without the location. */
    public String problem() {
        return problem;
    }

    /** {@code FILE:LINE} or {@code argument 'ARG'}. */
    public String location() {
        return argument != null ? "argument '" + argument + "'" : source + ":" + line;
    }
}
