package org.metasched.cli;

import java.io.PrintWriter;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.metasched.model.Parameter;
import org.metasched.pipeline.trace.Timings;

/**
 * The plain form of a {@code simulate} command line, read without picocli's model: building that model (picocli's
 * classes, the reflection over the annotations, the built-in converters) is a fifth of a KTH-SP2 run's time, for a
 * line of a few options. Only the forms whose meaning is beyond doubt are taken: {@code simulate} first, then
 * {@code simulate}'s own options (its schema's, {@link SimulateCommand#schema}, and the output flags), each at most
 * once, as {@code --name value}, {@code --name=value} or {@code -o value}, with values that do not start with
 * {@code -}, {@code @} or a quote and that its converters accept, and the required options present. Anything else
 * (help, a typo, a bad value, an argument file, a repeated option) is left to picocli ({@link #parse} returns null), so
 * that help, errors and exit codes are picocli's, unchanged. {@code SimulateArgumentsTest} checks that whatever is
 * taken here gets the same values from picocli.
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
        Map<Parameter<?>, Object> given = new HashMap<>();
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
                Parameter<?> p = parameter(c, option);
                if (p != null && p.kind() == Parameter.Kind.BOOLEAN) { // a flag: the other value than the default
                    if (value != null) {
                        return null;
                    }
                    given.put(p, !Boolean.TRUE.equals(p.otherwise()));
                } else if (p != null || option.equals("--out")) {
                    if (value == null) {
                        if (i + 1 == args.length) {
                            return null;
                        }
                        value = args[++i];
                    }
                    if (!plain(value)) {
                        return null;
                    }
                    if (p != null) {
                        given.put(p, p.parse(value)); // the converter picocli would call
                    } else {
                        c.output.out = Parameter.path(value);
                    }
                } else if (value != null || !setFlag(c, option)) {
                    return null;
                }
            }
        } catch (RuntimeException e) { // a value a converter refuses: picocli says so
            return null;
        }
        for (Parameter<?> p : c.schema().all()) {
            if (p.required() && !given.containsKey(p)) {
                return null;
            }
        }
        c.values = c.schema().of(given);
        return c;
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
            return new Errors().handle(e, err, "metasched simulate");
        }
    }

    /** The schema's parameter whose option is {@code option}, or null. */
    private static Parameter<?> parameter(SimulateCommand c, String option) {
        for (Parameter<?> p : c.schema().all()) {
            if (c.names(p)[0].equals(option)) {
                return p;
            }
        }
        return null;
    }

    private static boolean plain(String value) {
        if (value.isEmpty()) {
            return false;
        }
        char first = value.charAt(0);
        return first != '-' && first != '@' && first != '"' && first != '\'';
    }

    private static boolean setFlag(SimulateCommand c, String option) {
        switch (option) {
            case "--timings" -> c.timings = true;
            case "--no-progress" -> c.noProgress = true;
            case "--force" -> c.output.force = true;
            case "--no-report" -> c.report.noReport = true;
            case "--png" -> c.report.png = true;
            default -> {
                return false;
            }
        }
        return true;
    }
}
