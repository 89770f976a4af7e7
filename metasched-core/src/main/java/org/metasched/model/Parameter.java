package org.metasched.model;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * One parameter of a system, declared once (issue 21): its name, how its text is read and checked, its default and
 * its description. The command line builds its option from it ({@code --cores}), a sweep file reads its values with it
 * ({@code cores}), and the system's configuration checks a value with the same {@link #require}. A value that is not
 * acceptable is an {@link Invalid} saying what is wrong without naming the parameter, so that each surface names it
 * in its own words. Declared as a constant through {@link #of} and its builder; immutable.
 *
 * @param <T> the value's type
 */
public final class Parameter<T> {
    /** How a sweep treats the value: its type, and whether it is a registered name (a line of the report). */
    public enum Kind {
        TEXT,
        NAME,
        WHOLE,
        NUMBER,
        BOOLEAN
    }

    /** Where the parameter sits in a run, for grouping (the help's headings). */
    public enum Role {
        INPUT,
        POLICY,
        EXPERIMENT
    }

    /** What is wrong with a value, without the parameter's name (the surface that read it adds the name). */
    public static final class Invalid extends InputFormatException {
        private static final long serialVersionUID = 1L;

        public Invalid(String problem) {
            super(problem);
        }
    }

    private final String name;
    private final String fileName;
    private final Kind kind;
    private final Role role;
    private final String label;
    private final T otherwise;
    private final boolean required;
    private final Function<String, T> parser;
    private final Function<T, String> check;
    private final Function<T, String> canonical;
    private final Supplier<List<String>> choices;
    private final String description;

    private Parameter(Builder<T> b) {
        name = b.name;
        fileName = b.fileName == null ? b.name : b.fileName;
        kind = b.kind;
        role = b.role;
        label = b.label;
        otherwise = b.otherwise;
        required = b.required;
        parser = b.parser;
        check = b.check;
        // a boolean in any case is one value (True is true: one sweep cell, one id)
        canonical = b.canonical == null && b.kind == Kind.BOOLEAN
                ? new Function<>() {
                    @Override
                    public String apply(T v) {
                        return String.valueOf(v);
                    }
                }
                : b.canonical;
        choices = b.choices;
        description = Objects.requireNonNull(b.description, "description");
    }

    /** A parameter called {@code name} whose text {@code parser} reads (throwing {@link Invalid}). */
    public static <T> Builder<T> of(String name, Kind kind, Function<String, T> parser) {
        return new Builder<>(name, kind, parser);
    }

    /** The configuration's and the command line's name, lower case with hyphens: {@code cores} ({@code --cores}). */
    public String name() {
        return name;
    }

    /** The name in sweep files (the same, but where files use another spelling: {@code meanService}). */
    public String fileName() {
        return fileName;
    }

    public Kind kind() {
        return kind;
    }

    public Role role() {
        return role;
    }

    /** The placeholder of a value in help texts, e.g. {@code N}. */
    public String label() {
        return label;
    }

    /** The default, or null when a run without it takes its value elsewhere (or it is {@link #required}). */
    public T otherwise() {
        return otherwise;
    }

    /** True when every run must give it. */
    public boolean required() {
        return required;
    }

    /** The registered names it takes, read when asked (an entry registered later is listed); empty for none. */
    public List<String> choices() {
        return choices == null ? List.of() : choices.get();
    }

    /** One or more sentences; {@code {names}} stands for {@link #choices()}. */
    public String description() {
        return description.replace("{names}", String.join(", ", choices()));
    }

    /**
     * The value of {@code text}, checked.
     *
     * @throws Invalid what is wrong, without this parameter's name
     */
    public T parse(String text) {
        T value = parser.apply(text);
        String problem = check == null ? null : check.apply(value);
        if (problem != null) {
            throw new Invalid(problem);
        }
        return value;
    }

    /**
     * The text a sweep cell keeps for {@code text}, checked: the canonical spelling of a name ({@code Adaptive} is
     * {@code adaptive}), else the text as given.
     *
     * @throws Invalid what is wrong, without this parameter's name
     */
    public String canonicalText(String text) {
        T value = parse(text);
        return canonical == null ? text : canonical.apply(value);
    }

    /**
     * {@code value} itself when this parameter's check accepts it.
     *
     * @throws ParameterException naming this parameter in the vocabulary of the surface that prints it
     */
    public T require(T value) {
        String problem = check == null ? null : check.apply(value);
        if (problem != null) {
            throw new ParameterException(n -> n.apply(name) + ": " + problem);
        }
        return value;
    }

    /** A whole number that fits an int. */
    public static int whole(String text) {
        return (int) whole(text, Integer.MIN_VALUE, Integer.MAX_VALUE, Integer.MAX_VALUE);
    }

    /**
     * A whole number that fits an int, for a parameter whose own check allows at most {@code most}: a number past the
     * int range is told against {@code most}, so that a user reads one limit (not 2147483647 first, then the real
     * one when they give that); one within the range is returned for the check to judge.
     */
    public static int whole(String text, int most) {
        return (int) whole(text, Integer.MIN_VALUE, Integer.MAX_VALUE, most);
    }

    /** A whole number that fits a long, exactly (seeds are 64-bit). */
    public static long wholeNumber(String text) {
        return whole(text, Long.MIN_VALUE, Long.MAX_VALUE, Long.MAX_VALUE);
    }

    /**
     * A whole number from {@code min} to {@code max}, or the error naming the text and what is expected: at most
     * {@code most} when it is too large.
     */
    private static long whole(String text, long min, long max, long most) {
        String v = text.trim();
        String shown = "'" + ParameterException.shown(text) + "' is ";
        long n;
        try {
            n = Long.parseLong(v);
        } catch (NumberFormatException e) {
            if (!v.matches("[-+]?[0-9]+")) { // 2.5, 1e3, ten
                throw new Invalid(shown + "not a whole number, expected e.g. 42");
            }
            throw new Invalid(
                    shown // digits beyond a long: beyond any bound
                            + (v.startsWith("-")
                                    ? "too small, expected at least " + min
                                    : "too large, expected at most " + most));
        }
        if (n > max) {
            throw new Invalid(shown + "too large, expected at most " + most);
        }
        if (n < min) {
            throw new Invalid(shown + "too small, expected at least " + min);
        }
        return n;
    }

    /** A finite decimal number. */
    public static double number(String text) {
        try {
            double v = Double.parseDouble(text.trim());
            if (Double.isFinite(v)) {
                return v;
            }
        } catch (NumberFormatException e) {
            // the message below
        }
        throw new Invalid(
                "'" + ParameterException.shown(text) + "' is not a finite number, expected e.g. 12, 2.5 or 1e3");
    }

    /** A file's path. */
    public static Path path(String text) {
        try {
            return Path.of(text);
        } catch (InvalidPathException e) {
            throw new Invalid("'" + ParameterException.shown(text) + "' is not a file name: " + e.getReason());
        }
    }

    /**
     * {@code true} or {@code false}, in any case: YAML's core schema reads {@code True} and {@code TRUE} as {@code
     * true}, and metasched's names are case-insensitive. YAML 1.1's {@code yes}, {@code no}, {@code on} and {@code
     * off} are not booleans in the core schema (YAML 1.2), and are refused.
     */
    public static boolean bool(String text) {
        if (text.equalsIgnoreCase("true") || text.equalsIgnoreCase("false")) {
            return text.equalsIgnoreCase("true");
        }
        throw new Invalid("'" + ParameterException.shown(text) + "' is not true or false");
    }

    /**
     * The whole numbers of a comma-separated list such as {@code "128,256"}.
     *
     * @param problem what is wrong, given the list and the bad part as they may be shown
     */
    public static List<Integer> wholeNumbers(String text, BiFunction<String, String, String> problem) {
        List<Integer> out = new ArrayList<>();
        for (String part : text.split(",", -1)) {
            try {
                out.add(Integer.parseInt(part.trim()));
            } catch (NumberFormatException e) {
                throw new Invalid(problem.apply(ParameterException.shown(text), ParameterException.shown(part.trim())));
            }
        }
        return out;
    }

    /**
     * A number as a message shows it: a whole value without ".0" (a user who typed 2 reads 2), else as Java writes it.
     */
    public static String shown(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v);
    }

    /** The check of a count: at least 1. */
    public static String atLeastOne(int v) {
        return v >= 1 ? null : "must be at least 1, got " + v;
    }

    /** One of {@code names}, case-insensitively, as its lower-case spelling. */
    public static String oneOf(String text, String what, List<String> names) {
        String v = text.trim().toLowerCase(Locale.ROOT);
        if (!names.contains(v)) {
            throw new Invalid("unknown " + what + " '" + ParameterException.shown(text) + "', expected "
                    + String.join(" or ", names));
        }
        return v;
    }

    /** The declaration of one parameter; {@link #description} ends it and makes the parameter. */
    public static final class Builder<T> {
        private final String name;
        private final Kind kind;
        private final Function<String, T> parser;
        private String fileName;
        private Role role = Role.POLICY;
        private String label = "VALUE";
        private T otherwise;
        private boolean required;
        private Function<T, String> check;
        private Function<T, String> canonical;
        private Supplier<List<String>> choices;
        private String description;

        private Builder(String name, Kind kind, Function<String, T> parser) {
            this.name = name;
            this.kind = kind;
            this.parser = parser;
        }

        public Builder<T> inFiles(String n) {
            fileName = n;
            return this;
        }

        public Builder<T> role(Role r) {
            role = r;
            return this;
        }

        public Builder<T> label(String l) {
            label = l;
            return this;
        }

        public Builder<T> otherwise(T v) {
            otherwise = v;
            return this;
        }

        public Builder<T> required() {
            required = true;
            return this;
        }

        /** What is wrong with a value (null when nothing is), without the parameter's name. */
        public Builder<T> check(Function<T, String> c) {
            check = c;
            return this;
        }

        /** The canonical text of a value, kept by sweep cells instead of the text given (names). */
        public Builder<T> canonical(Function<T, String> c) {
            canonical = c;
            return this;
        }

        public Builder<T> choices(Supplier<List<String>> c) {
            choices = c;
            return this;
        }

        public Parameter<T> description(String d) {
            description = d;
            return new Parameter<>(this);
        }
    }
}
