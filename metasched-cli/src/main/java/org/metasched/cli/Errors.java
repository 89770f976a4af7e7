package org.metasched.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import org.metasched.model.InputFormatException;
import org.metasched.model.ParameterException;
import picocli.CommandLine;

/**
 * Turns what goes wrong into one line on standard error. Bad input (an {@link InputFormatException}, raised by
 * the readers, the pipelines, the output directory writer and the commands' own checks, or a picocli parameter
 * error) exits with code 2. A service that fails a client command's call (5xx) exits with code 1, its answer on one
 * line. Anything else, an {@link IllegalArgumentException} from metasched's own code
 * included, is a bug in metasched: exit code 1, the message on one line, the stack trace only when {@code
 * METASCHED_DEBUG} is set.
 */
final class Errors implements CommandLine.IExecutionExceptionHandler, CommandLine.IParameterExceptionHandler {
    @Override
    public int handleExecutionException(Exception ex, CommandLine cl, CommandLine.ParseResult parsed) {
        return handle(ex, cl.getErr(), cl.getCommandSpec().qualifiedName());
    }

    /** Says what went wrong in one line on {@code err} and returns the exit code. */
    int handle(Exception ex, PrintWriter err) {
        return handle(ex, err, "metasched");
    }

    /**
     * {@link #handle(Exception, PrintWriter)} for the command {@code command} ({@code metasched batch}): a message
     * about one of its options ({@code --css-jobs applies to bsf; ...}) names the command, as the option errors
     * picocli finds do ({@code metasched batch: --css-jobs: must be at least 0, got -1}).
     */
    int handle(Exception ex, PrintWriter err, String command) {
        if (ex instanceof InputFormatException bad) {
            String m = oneLine(ParameterException.message(bad, ParameterException.COMMAND_LINE));
            err.println((m.startsWith("--") ? command : "metasched") + ": " + m);
            err.flush();
            return Main.EXIT_BAD_INPUT;
        }
        if (ex instanceof ServiceClient.Failed failed) {
            err.println("metasched: " + oneLine(failed.getMessage()) + " (the service failed; its log says more)");
            err.flush();
            return 1;
        }
        boolean debug = System.getenv("METASCHED_DEBUG") != null;
        err.println("metasched: internal error (a bug; please report it"
                + (debug ? "" : ", with METASCHED_DEBUG=1 for the stack trace") + "): "
                + oneLine(ex.toString()));
        if (debug) {
            ex.printStackTrace(err);
        }
        err.flush();
        return 1;
    }

    @Override
    public int handleParseException(CommandLine.ParameterException ex, String[] args) {
        CommandLine c = ex.getCommandLine();
        String name = c.getCommandSpec().qualifiedName();
        String message = ex.getMessage();
        String unknown = ex instanceof CommandLine.UnmatchedArgumentException ? null : firstUnknownOption(c, args);
        if (unknown != null) {
            // picocli reports a missing required option or a bad positional value before an unknown option; the
            // unknown option is the real mistake (a typo, or an option of another command)
            c.getErr()
                    .println(name + ": unknown option '" + Text.cut(unknown) + "'" + optionSuggestion(c, unknown)
                            + "; try '" + name + " --help'");
            c.getErr().flush();
            return Main.EXIT_BAD_INPUT;
        }
        if (ex instanceof CommandLine.MissingParameterException m
                && m.getMissing().size() == 1
                && m.getMissing().get(0) instanceof CommandLine.Model.OptionSpec missing) {
            String stray = firstStrayArgument(c, args); // 'simulate t.swf --policy easy': a value without its option
            if (stray != null) {
                c.getErr()
                        .println(name + ": unexpected argument '" + Text.cut(stray) + "' (did you mean '"
                                + missing.longestName() + " " + Text.cut(stray) + "'?); try '" + name + " --help'");
                c.getErr().flush();
                return Main.EXIT_BAD_INPUT;
            }
        }
        if (ex instanceof CommandLine.UnmatchedArgumentException u) {
            List<String> unmatched = u.getUnmatched();
            String first = unmatched.isEmpty() ? "" : unmatched.get(0);
            boolean command = c.getParent() == null
                    && !first.startsWith("-")
                    && !c.getSubcommands().isEmpty();
            if (command) {
                message = "unknown command '" + Text.cut(first) + "'" + suggestion(u);
                c.getErr().println("metasched: " + message + "; 'metasched help' lists the commands");
                c.getErr().flush();
                return Main.EXIT_BAD_INPUT;
            }
            // after an unknown option, the word that follows is taken for its value, not counted as one more
            int more = unmatched.size() - 1;
            if (first.startsWith("-")
                    && !first.contains("=")
                    && more > 0
                    && !unmatched.get(1).startsWith("-")) {
                more--;
            }
            message = (first.startsWith("-") ? "unknown option '" : "unexpected argument '") + Text.cut(first) + "'"
                    + (more > 0 ? " (and " + more + " more)" : "")
                    + (first.startsWith("-") ? optionSuggestion(c, first.replaceFirst("=.*", "")) : suggestion(u));
        } else if (message != null && message.startsWith("Unknown subcommand '")) { // help bogus
            message = "unknown command '"
                    + message.substring("Unknown subcommand '".length()).replaceAll("'\\.?$", "") + "'";
            c.getErr().println("metasched: " + message + "; 'metasched help' lists the commands");
            c.getErr().flush();
            return Main.EXIT_BAD_INPUT;
        } else {
            message = lowerFirst(message)
                    .replaceFirst("^invalid value for option '([^']+)': ", "$1: ")
                    .replaceFirst("^invalid value for positional parameter at index \\d+ \\(([^)]+)\\): ", "$1: ");
        }
        c.getErr().println(name + ": " + oneLine(message) + "; try '" + name + " --help'");
        c.getErr().flush();
        return Main.EXIT_BAD_INPUT;
    }

    /**
     * The first argument after the command's name that looks like an option but is none of the command's, skipping
     * the values of options that take one.
     */
    static String firstUnknownOption(CommandLine c, String[] args) {
        return scan(c, args, false);
    }

    /**
     * The first argument after the command's name that is neither an option nor an option's value, for a command
     * that takes no positional parameter; else null.
     */
    static String firstStrayArgument(CommandLine c, String[] args) {
        return c.getCommandSpec().positionalParameters().isEmpty() ? scan(c, args, true) : null;
    }

    /** The first unknown option, or with {@code stray} the first argument that is no option's. */
    private static String scan(CommandLine c, String[] args, boolean stray) {
        CommandLine.Model.CommandSpec spec = c.getCommandSpec();
        int i = 0;
        if (c.getParent() != null) {
            while (i < args.length && !args[i].equalsIgnoreCase(spec.name())) {
                i++;
            }
            i++;
        }
        for (; i < args.length; i++) {
            String a = args[i];
            if (a.equals("--")) {
                return null;
            }
            if (!a.startsWith("-") || a.equals("-") || a.matches("-[0-9.].*")) {
                if (stray) {
                    return a;
                }
                continue;
            }
            int eq = a.indexOf('=');
            String optionName = eq < 0 ? a : a.substring(0, eq);
            CommandLine.Model.OptionSpec o = spec.findOption(optionName);
            if (o == null && clustered(spec, optionName)) {
                continue;
            }
            if (o == null) {
                return stray ? null : optionName;
            }
            if (eq < 0 && o.arity().max() > 0) {
                i++; // its value
            }
        }
        return null;
    }

    /**
     * " (did you mean '--policy'?)" for a typo of one of the command's options: the name nearest by edit distance
     * (a swap of two neighbours counts one), within a third of the typed length; nothing for short or far names.
     * (picocli's own guess, by shared letter pairs, offered --no-report for --no-kil.)
     */
    static String optionSuggestion(CommandLine c, String typed) {
        if (typed.length() < 4) {
            return "";
        }
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (CommandLine.Model.OptionSpec o : c.getCommandSpec().options()) {
            if (o.hidden()) {
                continue;
            }
            for (String n : o.names()) {
                int d = distance(typed.toLowerCase(Locale.ROOT), n.toLowerCase(Locale.ROOT));
                if (d < bestDistance) {
                    bestDistance = d;
                    best = n;
                }
            }
        }
        return best != null && bestDistance <= Math.max(1, typed.length() / 3) ? " (did you mean '" + best + "'?)" : "";
    }

    /** Edit distance: insertions, deletions, substitutions and swaps of two neighbours each count one. */
    static int distance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            for (int j = 0; j <= b.length(); j++) {
                if (i == 0 || j == 0) {
                    d[i][j] = i + j;
                    continue;
                }
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }

    /** {@code -hV}: single-letter options run together. */
    private static boolean clustered(CommandLine.Model.CommandSpec spec, String a) {
        if (a.startsWith("--") || a.length() < 3) {
            return false;
        }
        for (int k = 1; k < a.length(); k++) {
            if (spec.findOption("-" + a.charAt(k)) == null) {
                return false;
            }
        }
        return true;
    }

    private static String suggestion(CommandLine.UnmatchedArgumentException u) {
        List<String> s = u.getSuggestions();
        if (s == null || s.isEmpty()) {
            return "";
        }
        return " (did you mean '" + s.get(0) + "'?)";
    }

    private static String lowerFirst(String m) {
        if (m == null || m.isEmpty()) {
            return "bad command line";
        }
        if (m.length() > 1 && Character.isUpperCase(m.charAt(0)) && Character.isLowerCase(m.charAt(1))) {
            return Character.toLowerCase(m.charAt(0)) + m.substring(1);
        }
        return m;
    }

    /** Messages are one line, whatever they quote. */
    static String oneLine(String m) {
        if (m == null) {
            return "(no message)";
        }
        return m.replace("\r\n", " ").replace('\n', ' ').replace('\r', ' ');
    }
}
