package org.metasched.cli;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import org.metasched.report.Report;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** Entry point of the {@code metasched} command line. */
@Command(
        name = "metasched",
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        description = "Scheduling parallel jobs in heterogeneous distributed computing: co-allocation, job flows,"
                + " simulation.")
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
        if (writesReport(args)) {
            // the report's drawing machinery loads on the second core while picocli starts and the command runs
            Report.prepareInBackground();
        }
        System.exit(execute(args));
    }

    /** Whether {@code args} run a command that ends by writing a report (not asking for help). */
    static boolean writesReport(String... args) {
        if (args.length == 0 || !REPORTING.contains(args[0])) {
            return false;
        }
        for (String a : args) {
            if (a.equals("--no-report")
                    || a.equals("-h")
                    || a.equals("--help")
                    || a.equals("-V")
                    || a.equals("--version")) {
                return false;
            }
        }
        return true;
    }

    /** Runs the command line and returns its exit code; used by {@link #main} and by tests. */
    public static int execute(String... args) {
        return commandLine(args).execute(args);
    }

    /** The command line with every command, as {@code metasched help} lists them. */
    public static CommandLine commandLine() {
        return commandLine(new String[0]);
    }

    /**
     * The command line that will run {@code args}. Picocli reads a command's annotations when it is added, which
     * costs about 0.1 s of start-up for all of them: when the first argument names a command, only that one is
     * added (its help and errors are the same); otherwise all are.
     */
    static CommandLine commandLine(String[] args) {
        CommandLine cl = new CommandLine(new Main());
        String first = args.length > 0 ? args[0] : "";
        if (COMMANDS.containsKey(first)) {
            cl.addSubcommand(COMMANDS.get(first).get());
        } else {
            COMMANDS.values().forEach(command -> cl.addSubcommand(command.get()));
            cl.addSubcommand(new CommandLine.HelpCommand());
        }
        cl.setExecutionExceptionHandler(new Errors());
        cl.setParameterExceptionHandler((ex, given) -> {
            CommandLine c = ex.getCommandLine();
            c.getErr().println("metasched: " + ex.getMessage());
            CommandLine.UnmatchedArgumentException.printSuggestions(ex, c.getErr());
            c.getErr().println("Try '" + c.getCommandSpec().qualifiedName() + " --help' for the options.");
            return EXIT_BAD_INPUT;
        });
        return cl;
    }

    /** The commands that write a report. */
    private static final Set<String> REPORTING = Set.of("run", "simulate", "reproduce");

    /** The commands by name, in the order {@code metasched help} lists them. */
    private static final Map<String, Supplier<Object>> COMMANDS = commands();

    private static Map<String, Supplier<Object>> commands() {
        Map<String, Supplier<Object>> m = new LinkedHashMap<>();
        m.put("run", RunCommand::new);
        m.put("select", SelectCommand::new);
        m.put("simulate", SimulateCommand::new);
        m.put("reproduce", ReproduceCommand::new);
        return Collections.unmodifiableMap(m);
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String v = Main.class.getPackage().getImplementationVersion();
            return new String[] {"metasched " + (v == null ? "development build" : v)};
        }
    }
}
