package org.locktable.cli;

import java.io.InputStream;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.IVersionProvider;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** The top level: only subcommands do anything ({@link CommandTree} adds them, grouped by job). */
@Command(name = "locktable", mixinStandardHelpOptions = true, versionProvider = LocktableCommand.Version.class,
        description = "Inode write-lock decisions of ext4, XFS and iomap: what a kernel's write path locks, "
                + "for a given file layout and write.",
        footer = {"", "Exit status: 0 success; 2 bad input (one line on stderr, 'locktable: <problem>'); 3 this machine cannot run "
                + "the command (not root, no loop devices, no QEMU...: the reason on stderr); 70 internal error.",
            "Run 'locktable COMMAND --help' for a command's options.", "",
            "Your own policies: a jar whose classes extend org.locktable.engine.policy.Policy and are listed in its "
                + "META-INF/services/org.locktable.engine.policy.Policy joins the catalog (policies, decide, table, diff) "
                + "when it is on the class path: LOCKTABLE_CLASSPATH=my-policies.jar bin/locktable ..., or "
                + "java -cp locktable.jar:my-policies.jar org.locktable.cli.Main ... (engine/README.md shows one)."})
final class LocktableCommand implements Callable<Integer> {
    /** Where {@code decide --batch -} reads from. */
    final InputStream stdin;

    LocktableCommand(InputStream stdin) {
        this.stdin = stdin;
    }

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws CliException {
        throw new CliException("no command given; try 'locktable --help' (commands: "
                + String.join(", ", spec.subcommands().keySet()) + ")");
    }

    /** The version from the jar manifest, which the shade plugin writes. */
    static final class Version implements IVersionProvider {
        @Override
        public String[] getVersion() {
            String v = Main.class.getPackage().getImplementationVersion();
            return new String[] {"locktable " + (v == null ? "(development build)" : v)};
        }
    }
}
