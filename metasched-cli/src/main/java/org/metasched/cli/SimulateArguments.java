package org.metasched.cli;

import java.io.PrintWriter;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import org.metasched.pipeline.trace.Timings;

/**
 * The plain form of a {@code simulate} command line, read without picocli's model: building that model (picocli's
 * classes, the reflection over the annotations, the built-in converters) is a fifth of a KTH-SP2 run's time, for a
 * line of a few options. Only the forms whose meaning is beyond doubt are taken: {@code simulate} first, then
 * {@code simulate}'s own options, each at most once, as {@code --name value}, {@code --name=value} or {@code -o
 * value}, with values that do not start with {@code -}, {@code @} or a quote and that its converters accept, and the
 * required options present. Anything else (help, a typo, a bad value, an argument file, a repeated option) is left to
 * picocli ({@link #parse} returns null), so that help, errors and exit codes are picocli's, unchanged.
 * {@code SimulateArgumentsTest} checks that whatever is taken here gets the same values from picocli.
 */
final class SimulateArguments {
    private SimulateArguments() {}

    /** The command with its options set as picocli would set them, or null to leave the line to picocli. */
    static SimulateCommand parse(String... args) {
        if (args.length < 5 || !args[0].equals("simulate")) {
            return null;
        }
        SimulateCommand c = new SimulateCommand();
        c.output = new Options.Output();
        c.report = new Options.Report();
        Set<String> seen = new HashSet<>();
        try {
            for (int i = 1; i < args.length; i++) {
                String name = args[i];
                String value = null;
                int eq = name.indexOf('=');
                if (name.startsWith("--") && eq > 2) {
                    value = name.substring(eq + 1);
                    name = name.substring(0, eq);
                }
                String option = name.equals("-o") ? "--out" : name;
                if (!seen.add(option)) {
                    return null; // picocli: "should be specified only once"
                }
                if (takesValue(option)) {
                    if (value == null) {
                        if (i + 1 == args.length) {
                            return null;
                        }
                        value = args[++i];
                    }
                    if (!plain(value) || !set(c, option, value)) {
                        return null;
                    }
                } else if (value != null || !setFlag(c, option)) {
                    return null;
                }
            }
        } catch (RuntimeException e) { // a value a converter refuses: picocli says so
            return null;
        }
        return seen.contains("--workload") && seen.contains("--policy") ? c : null;
    }

    /**
     * Runs {@code command} as picocli's execution would: the same output writer, the same error handling and exit
     * codes ({@link Errors}).
     */
    static int execute(SimulateCommand command, PrintWriter out, PrintWriter err) {
        Timings.record("command parsing", Timings.mainNanos());
        command.out = out;
        try {
            return command.call();
        } catch (Exception e) { // picocli hands Exceptions to the handler; Errors go up to main as they do there
            return new Errors().handle(e, err);
        }
    }

    private static boolean takesValue(String option) {
        return switch (option) {
            case "--workload", "--policy", "--processors", "--jobs", "--size", "--out" -> true;
            default -> false;
        };
    }

    private static boolean plain(String value) {
        if (value.isEmpty()) {
            return false;
        }
        char first = value.charAt(0);
        return first != '-' && first != '@' && first != '"' && first != '\'';
    }

    private static boolean set(SimulateCommand c, String option, String value) {
        switch (option) {
            case "--workload" -> c.workload = path(value);
            case "--policy" -> c.policy = new SimulateCommand.PolicyName().convert(value);
            case "--processors" -> c.processors = new Options.PositiveInt().convert(value);
            case "--jobs" -> c.jobs = new Options.PositiveInt().convert(value);
            case "--size" -> c.size = new SimulateCommand.SizeName().convert(value);
            case "--out" -> c.output.out = path(value);
            default -> {
                return false;
            }
        }
        return true;
    }

    private static boolean setFlag(SimulateCommand c, String option) {
        switch (option) {
            case "--no-kill" -> c.noKill = true;
            case "--timings" -> c.timings = true;
            case "--force" -> c.output.force = true;
            case "--no-report" -> c.report.noReport = true;
            case "--png" -> c.report.png = true;
            default -> {
                return false;
            }
        }
        return true;
    }

    /** picocli's converter for {@link Path}: {@code Paths.get(value)}. */
    private static Path path(String value) {
        try {
            return Path.of(value);
        } catch (InvalidPathException e) {
            throw new IllegalArgumentException(e);
        }
    }
}
