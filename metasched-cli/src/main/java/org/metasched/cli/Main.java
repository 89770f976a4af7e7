package org.metasched.cli;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.metasched.io.swf.SwfPrefetch;
import org.metasched.pipeline.trace.Timings;
import org.metasched.registry.Registration;
import org.metasched.registry.Registry;
import org.metasched.report.Report;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * Entry point of the {@code metasched} command line. The commands are an open registry ({@code Commands}): a new
 * command is one picocli class plus one registration line. Only the command named by the first argument is built
 * at start-up (picocli reads a command's annotations when it is added, about 0.03 s each), and a plain {@code
 * simulate} line is read without picocli's model at all ({@link SimulateArguments}).
 */
@Command(
        name = "metasched",
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        description = {
            "Scheduling parallel jobs in heterogeneous distributed computing: co-allocation, job flows, simulation.",
            "Give a command; 'metasched help COMMAND' explains one."
        },
        commandListHeading = "%nCommands:%n",
        footer = {"", "Example: metasched run   (the default scenario; open results/run/report.html)"})
public final class Main implements Runnable {
    /** Exit code for bad input: a malformed file, an impossible request, an unknown name, a refused output. */
    public static final int EXIT_BAD_INPUT = 2;

    private static final String STDOUT_FAILED =
            "metasched: standard output: cannot be written (a full device?); what was printed is incomplete";

    /**
     * Exit code when standard output is a pipe its reader closed ({@code metasched ... | head -1}): the code of a Unix
     * tool that SIGPIPE ended (128 + 13), without a message, as such a tool says nothing.
     */
    public static final int EXIT_PIPE_CLOSED = 141;

    /** The JVM's own standard output, told apart from a stream a caller (a test) put in its place. */
    private static final PrintStream JVM_OUT = System.out;

    /**
     * The open registry of commands, in the order {@code metasched help} lists them: each under its {@code @Command}'s
     * name and first description line (picocli shows those; the registry reads them so that nothing is written
     * twice), with the constructor that builds it. Picocli dispatches (case-insensitively) and words an unknown
     * command; the registry only lets {@code Main} build the one command named.
     */
    static final class Commands {
        static final Registry<Registration<Object, Void>> REGISTRY = new Registry<>("command");

        static {
            // one line per command
            add(RunCommand.class, RunCommand::new);
            add(SelectCommand.class, SelectCommand::new);
            add(SimulateCommand.class, SimulateCommand::new);
            add(ReproduceCommand.class, ReproduceCommand::new);
            add(MemoryCommand.class, MemoryCommand::new);
            add(GangCommand.class, GangCommand::new);
            add(BatchCommand.class, BatchCommand::new);
            add(SweepCommand.class, SweepCommand::new);
            add(SweepMergeCommand.class, SweepMergeCommand::new);
            add(ServeCommand.class, ServeCommand::new);
            add(ClientCommands.Submit.class, ClientCommands.Submit::new);
            add(JobsCommand.class, JobsCommand::new);
            add(NodesCommand.class, NodesCommand::new);
            add(ClientCommands.Cycle.class, ClientCommands.Cycle::new);
            add(ClientCommands.Clock.class, ClientCommands.Clock::new);
            add(MoneyCommands.Quote.class, MoneyCommands.Quote::new);
            add(AccountsCommand.class, AccountsCommand::new);
            add(JournalCommand.class, JournalCommand::new);
        }

        private Commands() {}

        private static <T> void add(Class<T> type, Supplier<T> factory) {
            Command c = type.getAnnotation(Command.class);
            REGISTRY.register(new Registration<>(c.name(), "command", c.description()[0], x -> factory.get()));
        }
    }

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    public static void main(String[] args) {
        if (args.length == 1 && (args[0].equals("--version") || args[0].equals("-V"))) {
            // answered before picocli starts (its start-up is most of a short command's 0.2-0.3 s), and before
            // any other class of ours loads
            System.out.println(version());
            if (System.out.checkError()) {
                if (!pipeClosed()) {
                    System.err.println(STDOUT_FAILED);
                }
                System.exit(pipeClosed() ? EXIT_PIPE_CLOSED : EXIT_BAD_INPUT);
            }
            System.exit(0);
        }
        Timings.mainStarted();
        prefetchTrace(args);
        if (drawsImages(args)) {
            // the images' drawing machinery loads on the second core while picocli starts and the command runs
            Report.prepareInBackground();
        }
        int code;
        try {
            code = execute(args);
        } catch (OutOfMemoryError e) {
            System.err.println("metasched: out of memory; give the JVM more, e.g. METASCHED_JAVA_OPTS=-Xmx8g");
            code = 1;
        } catch (Error e) { // picocli hands on only Exceptions to the handler
            System.err.println("metasched: internal error (a bug; please report it): " + Errors.oneLine(e.toString()));
            if (System.getenv("METASCHED_DEBUG") != null) {
                e.printStackTrace();
            }
            code = 1;
        }
        Timings.printIfRequested(System.err);
        System.exit(code);
    }

    /**
     * For {@code simulate --workload FILE}: starts reading the trace on the second core while picocli builds the
     * command line and parses the options ({@link SwfPrefetch}; the reader takes the records only if the command
     * reads that very file). Anything unusual (no such option, a help request, a path the JDK refuses) skips it.
     */
    static void prefetchTrace(String... args) {
        if (args.length < 3 || !args[0].equalsIgnoreCase("simulate")) {
            return;
        }
        String file = null;
        for (int i = 1; i < args.length; i++) {
            String a = args[i];
            if (a.equals("-h") || a.equals("--help") || a.equals("-V") || a.equals("--version")) {
                return;
            }
            if (a.equals("--workload") && i + 1 < args.length) {
                file = args[++i];
            } else if (a.startsWith("--workload=")) {
                file = a.substring("--workload=".length());
            }
        }
        if (file == null) {
            return;
        }
        try {
            SwfPrefetch.start(Path.of(file));
        } catch (InvalidPathException e) {
            // picocli reports it as a bad --workload value
        }
    }

    /** Whether {@code args} ask for PNG images (the only part of a report that needs a warm-up). */
    static boolean drawsImages(String... args) {
        boolean png = false;
        for (String a : args) {
            if (a.equals("--no-report") || a.equals("-h") || a.equals("--help") || a.equals("--version")) {
                return false;
            }
            png |= a.equals("--png");
        }
        return png;
    }

    /** Runs the command line and returns its exit code; used by {@link #main} and by tests. */
    public static int execute(String... args) {
        SimulateCommand simulate = SimulateArguments.parse(args);
        if (simulate != null) {
            PrintWriter out = printWriter(System.out, System.getProperty("sun.stdout.encoding"));
            PrintWriter err = printWriter(System.err, System.getProperty("sun.stderr.encoding"));
            return standardOutputWritten(SimulateArguments.execute(simulate, out, err), out, err);
        }
        return commandLine(args).execute(args);
    }

    /**
     * The exit code of a command that ended with {@code code}, once what it printed on {@code out} has reached
     * standard output: a command that succeeded but whose output could not be written (a full device, a pipe its
     * reader closed) says so on {@code err} and exits with code 2, like an output directory that cannot be written.
     * {@code PrintWriter} and {@code System.out} keep such an error to themselves; their {@code checkError} flushes
     * and tells it. A command that failed keeps its own code and message.
     */
    static int standardOutputWritten(int code, PrintWriter out, PrintWriter err) {
        boolean failed = out.checkError(); // then System.out's: each flushes its own buffer
        failed = System.out.checkError() || failed;
        if (code != 0 || !failed) {
            return code;
        }
        return standardOutputFailed(err);
    }

    /**
     * Says that standard output could not be written and gives the exit code: {@link #EXIT_PIPE_CLOSED} without a word
     * when it is a pipe (whose only write error is a reader that closed it: {@code | head}), else one line on {@code
     * err} and {@link #EXIT_BAD_INPUT}.
     */
    private static int standardOutputFailed(PrintWriter err) {
        if (pipeClosed()) {
            return EXIT_PIPE_CLOSED;
        }
        err.println(STDOUT_FAILED);
        err.flush();
        return EXIT_BAD_INPUT;
    }

    /**
     * Whether standard output failed as a pipe whose reader closed it: it is the JVM's own, and file descriptor 1 is a
     * pipe (Linux's /proc names it {@code pipe:[N]}; elsewhere false), which has no other write error.
     */
    private static boolean pipeClosed() {
        if (System.out != JVM_OUT) {
            return false;
        }
        try {
            return Files.readSymbolicLink(Path.of("/proc/self/fd/1")).toString().startsWith("pipe:");
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            return false;
        }
    }

    /**
     * The writer picocli puts on standard output or error ({@code CommandLine.newPrintWriter}): buffered, flushed at
     * each line, in the encoding the JDK gives for the stream, else the default charset.
     */
    static PrintWriter printWriter(OutputStream stream, String encoding) {
        Charset charset = Charset.defaultCharset();
        if (encoding != null) {
            try {
                charset = Charset.forName("cp65001".equalsIgnoreCase(encoding) ? "UTF-8" : encoding);
            } catch (RuntimeException e) {
                // picocli falls back to the default charset too
            }
        }
        return new PrintWriter(new BufferedWriter(new OutputStreamWriter(stream, charset)), true);
    }

    /** The command line with every command, as {@code metasched help} lists them. */
    public static CommandLine commandLine() {
        return commandLine(new String[] {"help"});
    }

    /** The registered command names, in help order. */
    static List<String> commandNames() {
        return Commands.REGISTRY.names();
    }

    /**
     * The command line that will run {@code args}: when the first argument names a command, only that one is
     * added (its help and errors are the same); for {@code --version} none; otherwise all, and {@code help}.
     */
    static CommandLine commandLine(String[] args) {
        CommandLine cl = new CommandLine(new Main());
        String first = args.length > 0 ? args[0].toLowerCase(Locale.ROOT) : "";
        Optional<Registration<Object, Void>> named = Commands.REGISTRY.find(first);
        if (named.isPresent()) {
            cl.addSubcommand(command(named.get().create(null)));
        } else if (!(args.length == 1 && (first.equals("--version") || first.equals("-v")))) {
            Commands.REGISTRY.entries().forEach(c -> cl.addSubcommand(command(c.create(null))));
            cl.addSubcommand(new CommandLine.HelpCommand());
        }
        // "command parsing" ends where the command starts: building the command line and parsing the arguments
        cl.setExecutionStrategy(parsed -> {
            Timings.record("command parsing", Timings.mainNanos());
            requireNoExtraHelpArgument(parsed);
            int code = new CommandLine.RunLast().execute(parsed);
            for (CommandLine c : parsed.asCommandLineList()) { // each command of the line has its own writer
                code = standardOutputWritten(code, c.getOut(), c.getErr());
            }
            return code;
        });
        cl.setSubcommandsCaseInsensitive(true);
        cl.setCaseInsensitiveEnumValuesAllowed(true);
        Errors errors = new Errors();
        cl.setExecutionExceptionHandler(errors);
        cl.setParameterExceptionHandler(errors);
        HelpLayout.install(cl);
        for (CommandLine sub : cl.getSubcommands().values()) {
            HelpLayout.install(sub);
            versionEverywhere(sub);
        }
        return cl;
    }

    /**
     * {@code help} takes one command: picocli skips its check of further arguments for a help request, so {@code help
     * simulate extra} printed simulate's help and exited 0. A word after the command is an unexpected argument (exit
     * 2), as it is for every other command.
     */
    private static void requireNoExtraHelpArgument(CommandLine.ParseResult parsed) {
        for (CommandLine.ParseResult p = parsed; p != null; p = p.subcommand()) {
            if (p.commandSpec().helpCommand() && !p.unmatched().isEmpty()) {
                throw new CommandLine.UnmatchedArgumentException(p.commandSpec().commandLine(), p.unmatched());
            }
        }
    }

    /**
     * Every command lists -V/--version (the standard help options): each answers it as metasched's does; and a
     * nested command ({@code jobs show}, {@code journal replay}) gets the layout and exit codes of the others.
     */
    private static void versionEverywhere(CommandLine c) {
        c.getCommandSpec().versionProvider(new Version());
        for (CommandLine sub : c.getSubcommands().values()) {
            HelpLayout.install(sub);
            versionEverywhere(sub);
        }
    }

    /** A command with its help defaults (the values of {@code ${DEFAULT-...}} in the shared options' texts). */
    private static CommandLine command(Object command) {
        CommandLine c = new CommandLine(command);
        if (command instanceof SchemaOptions.Declared d) {
            SchemaOptions.add(c.getCommandSpec(), d);
        }
        if (command instanceof HelpDefaults d && !d.helpNotes().isEmpty()) {
            List<String> footer = new java.util.ArrayList<>();
            for (String line : d.helpNotes()) {
                footer.add(line.replace("%", "%%"));
            }
            footer.addAll(List.of(c.getCommandSpec().usageMessage().footer()));
            c.getCommandSpec().usageMessage().footer(footer.toArray(new String[0]));
        }
        if (command instanceof HelpDefaults d) {
            c.setResourceBundle(new java.util.ListResourceBundle() {
                @Override
                protected Object[][] getContents() {
                    Map<String, String> m = d.helpDefaults();
                    Object[][] out = new Object[m.size()][];
                    int i = 0;
                    for (Map.Entry<String, String> e : m.entrySet()) {
                        out[i++] = new Object[] {e.getKey(), e.getValue()};
                    }
                    return out;
                }
            });
        }
        return c;
    }

    /**
     * A command whose help names the defaults of its shared options (keys like {@code DEFAULT-RUNS}) and may add
     * notes before its footer (such as the list of reproduce targets, taken from their registry).
     */
    interface HelpDefaults {
        Map<String, String> helpDefaults();

        default List<String> helpNotes() {
            return List.of();
        }
    }

    /** {@code metasched VERSION}, from the jar's manifest. */
    static String version() {
        String v = Main.class.getPackage().getImplementationVersion();
        return "metasched " + (v == null ? "development build" : v);
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {version()};
        }
    }
}
