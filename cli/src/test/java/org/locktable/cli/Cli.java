package org.locktable.cli;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Collectors;

import picocli.CommandLine;

/** Runs {@code locktable} in-process through picocli, capturing stdout and stderr. */
final class Cli {
    private Cli() {
    }

    record Run(int code, String out, String err) {
        List<String> outLines() {
            return out.lines().collect(Collectors.toList());
        }

        List<String> errLines() {
            return err.lines().collect(Collectors.toList());
        }

        @Override
        public String toString() {
            return "exit " + code + "\n--- stdout\n" + out + "--- stderr\n" + err;
        }
    }

    static Run run(String... args) {
        return runWithInput("", args);
    }

    static Run runWithInput(String stdin, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        InputStream in = new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8));
        int code = Main.run(args, new PrintWriter(out), new PrintWriter(err), in);
        return new Run(code, out.toString().replace(System.lineSeparator(), "\n"),
                err.toString().replace(System.lineSeparator(), "\n"));
    }

    /** The real command line with an extra subcommand, to reach paths no input can. */
    static Run runWith(Object extraCommand, String name, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cl = Main.commandLine(new PrintWriter(out), new PrintWriter(err), new ByteArrayInputStream(new byte[0]));
        cl.addSubcommand(name, extraCommand);
        Main.configure(cl, cl.getOut(), cl.getErr());
        int code = cl.execute(args);
        cl.getOut().flush();
        cl.getErr().flush();
        return new Run(code, out.toString(), err.toString());
    }
}
