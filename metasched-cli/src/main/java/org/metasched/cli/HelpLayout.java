package org.metasched.cli;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.metasched.model.Parameter;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/**
 * One style for every command's help: options grouped under headings (inputs, policy, experiment, outputs,
 * general) by their {@code order}, then the exit codes, then the command's footer (an example). Descriptions are
 * sentences with full stops.
 */
final class HelpLayout {
    static final int INPUTS = 100;
    static final int POLICY = 200;
    static final int EXPERIMENT = 300;
    static final int OUTPUTS = 400;
    static final int GENERAL = 500;

    private static final Map<Integer, String> HEADINGS = new LinkedHashMap<>();

    static {
        HEADINGS.put(INPUTS, "Inputs:");
        HEADINGS.put(POLICY, "Policy:");
        HEADINGS.put(EXPERIMENT, "Experiment:");
        HEADINGS.put(OUTPUTS, "Outputs:");
        HEADINGS.put(GENERAL, "General:");
    }

    /** The exit codes, the same for every command. */
    static final Map<String, String> EXIT_CODES = Map.of(
            "0", "Done.",
            "1", "Internal error: a bug in metasched (please report it; METASCHED_DEBUG=1 shows the stack trace).",
            "2",
                    "Bad input: a malformed file, a bad option value, an unknown name, an output directory that may"
                            + " not be replaced or cannot be written, or a standard output that cannot be written.");

    /** The exit codes of the commands that call a running service ({@link ClientCommand}). */
    static final Map<String, String> CLIENT_EXIT_CODES = Map.of(
            "0", "Done.",
            "1",
                    "The service failed the request (it answered 5xx: an internal error, or it is stopping or its"
                            + " database refuses changes), or a bug in metasched (METASCHED_DEBUG=1 shows the stack"
                            + " trace).",
            "2",
                    "Bad input or a refused request: a bad option value, a service that cannot be reached, or one"
                            + " that refused the request (4xx: bad input, no such job, not allowed, a conflict).");

    /** A command with exit codes of its own after 0, 1 and 2 ({@code sweep}'s 3), listed after them in its help. */
    interface MoreExitCodes {
        Map<String, String> moreExitCodes();
    }

    private HelpLayout() {}

    /** Applies the layout to {@code cl} (a command or the top-level command line). */
    static void install(CommandLine cl) {
        cl.getHelpSectionMap().put(CommandLine.Model.UsageMessageSpec.SECTION_KEY_OPTION_LIST_HEADING, h -> "");
        cl.getHelpSectionMap().put(CommandLine.Model.UsageMessageSpec.SECTION_KEY_OPTION_LIST, HelpLayout::options);
        Map<String, String> codes = new LinkedHashMap<>();
        Map<String, String> texts = cl.getCommand() instanceof ClientCommand ? CLIENT_EXIT_CODES : EXIT_CODES;
        for (String k : new String[] {"0", "1", "2"}) {
            codes.put(k, texts.get(k));
        }
        if (cl.getCommand() instanceof MoreExitCodes more) {
            codes.putAll(more.moreExitCodes());
        }
        cl.getCommandSpec()
                .usageMessage()
                .exitCodeListHeading("%nExit codes:%n")
                .exitCodeList(codes)
                .parameterListHeading("%nInputs:%n");
    }

    /** {@code text} in lines of at most {@code width} characters, each starting with {@code indent}. */
    static List<String> wrap(String text, String indent, int width) {
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder(indent);
        for (String word : text.split(" ", -1)) {
            // a word longer than a line (a table's columns, a,b,c) breaks after a comma, not where picocli cuts it
            String[] parts = word.length() > width - indent.length() ? word.split("(?<=,)", -1) : new String[] {word};
            for (int i = 0; i < parts.length; i++) {
                int space = i == 0 ? 1 : 0; // the parts of one word join without a space
                if (line.length() > indent.length() && line.length() + space + parts[i].length() > width) {
                    lines.add(line.toString());
                    line = new StringBuilder(indent);
                } else if (line.length() > indent.length() && space == 1) {
                    line.append(' ');
                }
                line.append(parts[i]);
            }
        }
        lines.add(line.toString());
        return lines;
    }

    /** Whether the help lists positional parameters, under their heading "Inputs:" (picocli's parameter list). */
    private static boolean hasPositionals(CommandLine.Help help) {
        for (CommandLine.Model.PositionalParamSpec p : help.commandSpec().positionalParameters()) {
            if (!p.hidden()) {
                return true;
            }
        }
        return false;
    }

    private static int group(OptionSpec o) {
        int order = o.order();
        if (order >= INPUTS && order < GENERAL) {
            return order / 100 * 100;
        }
        return GENERAL;
    }

    private static String options(CommandLine.Help help) {
        List<OptionSpec> all = new ArrayList<>();
        for (OptionSpec o : help.commandSpec().options()) {
            if (!o.hidden()) {
                all.add(o);
            }
        }
        // in each group the schema's options first (the command's own parameters, in the schema's order), then the
        // written ones (--runs, --seed, --threads ...): memory listed --load, --runs, --duration, --seed
        all.sort(Comparator.comparingInt(HelpLayout::group)
                .thenComparingInt(o -> o.userObject() instanceof Parameter<?> ? 0 : 1)
                .thenComparingInt(o -> o.order() < 0 ? Integer.MAX_VALUE : o.order()));
        StringBuilder sb = new StringBuilder();
        for (Map.Entry<Integer, String> heading : HEADINGS.entrySet()) {
            CommandLine.Help.Layout layout = help.createDefaultLayout();
            boolean any = false;
            for (OptionSpec o : all) {
                if (group(o) == heading.getKey()) {
                    layout.addOption(o, help.createDefaultParamLabelRenderer());
                    any = true;
                }
            }
            if (any) {
                if (heading.getKey() != INPUTS || !hasPositionals(help)) {
                    sb.append(String.format("%n")).append(heading.getValue()).append(String.format("%n"));
                } // else: under the positional inputs' own heading, just above (one "Inputs:" section)
                sb.append(layout);
            }
        }
        return sb.toString();
    }
}
