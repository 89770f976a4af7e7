package org.metasched.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** Entry point of the {@code metasched} command line. */
@Command(
        name = "metasched",
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        description = "Scheduling parallel jobs in heterogeneous distributed computing: co-allocation, job flows,"
                + " simulation.",
        subcommands = {
            RunCommand.class,
            SelectCommand.class,
            SimulateCommand.class,
            ReproduceCommand.class,
            CommandLine.HelpCommand.class
        })
public final class Main implements Runnable {
    /** Exit code for bad input: a malformed file, an impossible request, an unknown name. */
    public static final int EXIT_BAD_INPUT = 2;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    public static void main(String[] args) {
        System.exit(execute(args));
    }

    /** Runs the command line and returns its exit code; used by {@link #main} and by tests. */
    public static int execute(String... args) {
        return commandLine().execute(args);
    }

    public static CommandLine commandLine() {
        CommandLine cl = new CommandLine(new Main());
        cl.setExecutionExceptionHandler(new Errors());
        cl.setParameterExceptionHandler((ex, args) -> {
            CommandLine c = ex.getCommandLine();
            c.getErr().println("metasched: " + ex.getMessage());
            c.getErr().println("Try '" + c.getCommandSpec().qualifiedName() + " --help' for the options.");
            return EXIT_BAD_INPUT;
        });
        return cl;
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String v = Main.class.getPackage().getImplementationVersion();
            return new String[] {"metasched " + (v == null ? "development build" : v)};
        }
    }
}
