package org.metasched.cli;

import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;
import org.metasched.model.Parameter;
import org.metasched.model.Parameters;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * A system's parameter schema as a command's options (issue 21): one option {@code --NAME} per {@link Parameter},
 * built with picocli's programmatic API when the command line is built, read and checked by the parameter itself
 * (picocli reports a bad value as {@code --cores: must be at least 1, got 0}), in the help group of its role. A
 * command that declares its options this way implements {@link Declared}.
 */
final class SchemaOptions {
    private SchemaOptions() {}

    /** A command whose options include a schema's. */
    interface Declared {
        /** The parameters, in the help's order. */
        Parameters schema();

        /**
         * The option's names: {@code --NAME}, or more; a true-or-false parameter is a flag that sets the other value
         * than its default, {@code --no-NAME} when that is true.
         */
        default String[] names(Parameter<?> p) {
            // String.concat, not +: simulate's fast path reads its options here, and a + is linked on first use
            // (milliseconds at start-up)
            return new String[] {(Boolean.TRUE.equals(p.otherwise()) ? "--no-" : "--").concat(p.name())};
        }
    }

    /** Adds an option for every parameter of {@code command}'s schema to {@code spec}. */
    static void add(CommandSpec spec, Declared command) {
        Map<Parameter.Role, Integer> next = new EnumMap<>(Parameter.Role.class);
        for (Parameter<?> p : command.schema().all()) {
            int base = switch (p.role()) {
                case INPUT -> HelpLayout.INPUTS;
                case POLICY -> HelpLayout.POLICY;
                case EXPERIMENT -> HelpLayout.EXPERIMENT;
            };
            int order = base + next.merge(p.role(), 1, Integer::sum) - 1;
            OptionSpec.Builder o = OptionSpec.builder(command.names(p))
                    .order(order)
                    .userObject(p)
                    .description(p.description().replace("%", "%%"));
            if (p.kind() == Parameter.Kind.BOOLEAN) {
                o.type(boolean.class); // picocli's flag: also --no-kill=true or =false, as an annotated one
            } else {
                o.paramLabel(p.label())
                        .arity("1")
                        .type(Object.class)
                        .required(p.required())
                        .completionCandidates(p.choices().isEmpty() ? null : p.choices())
                        .converters(text -> Options.converted(p::parse, text));
            }
            spec.addOption(o.build());
        }
    }

    /** The values the command line gave the parameters of {@code schema} (the rest take their defaults). */
    static Parameters.Values values(CommandSpec spec, Parameters schema) {
        Map<Parameter<?>, Object> given = new LinkedHashMap<>();
        for (OptionSpec o : spec.options()) {
            if (o.userObject() instanceof Parameter<?> p
                    && schema.all().contains(p)
                    && spec.commandLine().getParseResult().hasMatchedOption(o)) {
                given.put(
                        p,
                        p.kind() == Parameter.Kind.BOOLEAN // the flag's value: whether the default is turned over
                                ? Boolean.TRUE.equals(o.getValue()) != Boolean.TRUE.equals(p.otherwise())
                                : o.getValue());
            }
        }
        return schema.of(given);
    }
}
