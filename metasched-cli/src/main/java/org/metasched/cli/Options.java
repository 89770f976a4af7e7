package org.metasched.cli;

import java.nio.file.Path;
import java.util.Locale;
import java.util.function.Function;
import org.metasched.model.InputFormatException;
import org.metasched.model.Parameter;
import org.metasched.model.ParameterReaders;
import org.metasched.model.Sizes;
import org.metasched.registry.Registered;
import org.metasched.registry.Registry;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

/**
 * The options several commands share, as picocli mixins, and the converters that check values the same way
 * everywhere: a whole number where one is expected, at least 1 where a count is expected, names case-insensitive.
 * An option's {@code order} puts it into a group of the help text ({@link HelpLayout}).
 */
final class Options {
    private Options() {}

    /** {@code -o, --out DIR}: every command that writes a directory. */
    static final class Output {
        @Option(
                names = {"-o", "--out"},
                paramLabel = "DIR",
                order = HelpLayout.OUTPUTS,
                description = "Output directory (default: ${DEFAULT-OUT}). It is replaced as a whole only if it is"
                        + " empty or metasched wrote it as it is, and anything else is refused: docs/outputs.md says"
                        + " how.")
        Path out;

        @Option(
                names = "--force",
                order = HelpLayout.OUTPUTS + 5,
                description = "Replace the output directory even though files metasched wrote there were changed"
                        + " since. A directory holding anything metasched did not write is never replaced.")
        boolean force;

        /** The directory given, else {@code fallback}. */
        Path directory(Path fallback) {
            return out != null ? out : fallback;
        }

        /**
         * The directory given, else {@code fallback}, checked before any work ({@code --force} allows replacing
         * changed files of metasched's).
         */
        Path checked(Path fallback) {
            Path dir = directory(fallback);
            org.metasched.io.OutputDirectory.check(dir, force);
            return dir;
        }

        /**
         * {@link #checked}, with the content of the files metasched wrote there read beside the work and a changed one
         * refused before anything is replaced ({@link org.metasched.io.OutputDirectory#checkAhead}).
         */
        Path checkedAhead(Path fallback) {
            Path dir = directory(fallback);
            org.metasched.io.OutputDirectory.checkAhead(dir, force);
            return dir;
        }
    }

    /** {@code --no-report} and {@code --png}: every command that writes a report. */
    static final class Report {
        @Option(
                names = "--no-report",
                order = HelpLayout.OUTPUTS + 1,
                description = "Write only the result files, not report.html.")
        boolean noReport;

        @Option(
                names = "--png",
                order = HelpLayout.OUTPUTS + 2,
                description = "Also write one PNG image per chart (for papers and slides; drawing them takes longer"
                        + " than the rest of a short run).")
        boolean png;

        org.metasched.pipeline.Outputs outputs() {
            if (noReport && png) {
                throw new org.metasched.model.InputFormatException(
                        "--png draws the report's charts, which --no-report leaves out; give one of them");
            }
            return new org.metasched.pipeline.Outputs(!noReport, png);
        }
    }

    /** {@code --runs R}. */
    static final class Runs {
        @Option(
                names = "--runs",
                paramLabel = "R",
                order = HelpLayout.EXPERIMENT,
                converter = PositiveInt.class,
                description = "Independent instances per setting, at least 1 (default: ${DEFAULT-RUNS}).")
        Integer runs;

        int or(int fallback) {
            return runs != null ? runs : fallback;
        }
    }

    /** {@code --seed S}. */
    static final class Seed {
        @Option(
                names = "--seed",
                paramLabel = "S",
                order = HelpLayout.EXPERIMENT + 1,
                converter = WholeNumber.class,
                description = "Master seed of every random stream (default: ${DEFAULT-SEED}).")
        Long seed;

        long or(long fallback) {
            return seed != null ? seed : fallback;
        }
    }

    /** {@code --threads T}. */
    static final class Threads {
        @Option(
                names = "--threads",
                paramLabel = "T",
                order = HelpLayout.EXPERIMENT + 2,
                converter = ThreadCount.class,
                description = "Worker threads, 1 to " + ThreadCount.MOST + " (default: all cores). The numbers do"
                        + " not depend on it, except the columns that measure this machine's time.")
        Integer threads;

        int get() {
            return threads != null ? threads : Runtime.getRuntime().availableProcessors();
        }
    }

    /** {@code --no-progress}. */
    static final class ProgressDisplay {
        @Option(
                names = "--no-progress",
                order = HelpLayout.GENERAL,
                description = "Print no progress on standard error (by default: a bar on a terminal, else a line"
                        + " every few seconds).")
        boolean noProgress;

        Progress open(picocli.CommandLine.Model.CommandSpec spec, String task, long total) {
            return noProgress
                    ? Progress.none()
                    : Progress.open(task, total, spec.commandLine().getErr());
        }
    }

    /** {@code -f, --format FMT}: how a command prints its result. */
    static final class PrintFormat {
        /** The formats. */
        enum Format {
            JSON,
            TABLE
        }

        @Option(
                names = {"-f", "--format"},
                paramLabel = "FMT",
                order = HelpLayout.OUTPUTS + 3,
                converter = FormatName.class,
                completionCandidates = Candidates.class,
                description = "How to print the result: ${COMPLETION-CANDIDATES} (default: json).")
        Format format;

        Format get() {
            return format == null ? Format.JSON : format;
        }

        /** {@code json} or {@code table}, case-insensitively. */
        static final class FormatName implements ITypeConverter<Format> {
            @Override
            public Format convert(String value) {
                return switch (name(value)) {
                    case "json" -> Format.JSON;
                    case "table" -> Format.TABLE;
                    default ->
                        throw new TypeConversionException(
                                "unknown format '" + Text.cut(value) + "', expected json or table");
                };
            }
        }

        static final class Candidates implements Iterable<String> {
            @Override
            public java.util.Iterator<String> iterator() {
                return java.util.List.of("json", "table").iterator();
            }
        }
    }

    /** A whole number ({@code int}); one line saying what is wrong otherwise ({@link Parameter#whole}). */
    static class WholeInt implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            return converted(ParameterReaders.WHOLE, value);
        }
    }

    /** A count: a whole number of at least 1. */
    static class PositiveInt extends WholeInt {
        @Override
        public Integer convert(String value) {
            int v = super.convert(value);
            String problem = Parameter.atLeastOne(v);
            if (problem != null) {
                throw new TypeConversionException(problem);
            }
            return v;
        }
    }

    /**
     * {@code --threads}: at least 1 and at most {@link #MOST}, more than any machine's cores; a larger count would ask
     * the JVM for as many threads as a large sweep has runs, and fail with an internal error when it cannot make them.
     */
    static final class ThreadCount implements ITypeConverter<Integer> {
        static final int MOST = 1024;

        @Override
        public Integer convert(String value) {
            int v = converted(t -> Parameter.whole(t, MOST), value);
            String problem = Parameter.atLeastOne(v);
            if (problem != null) {
                throw new TypeConversionException(problem);
            }
            if (v > MOST) {
                throw new TypeConversionException("must be at most " + MOST + " (threads of this process), got " + v);
            }
            return v;
        }
    }

    /** A whole number ({@code long}, exactly: {@link Parameter#wholeNumber}). */
    static final class WholeNumber implements ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            return converted(Parameter::wholeNumber, value);
        }
    }

    /** A finite decimal number ({@code double}, {@link Parameter#number}). */
    static final class RealNumber implements ITypeConverter<Double> {
        @Override
        public Double convert(String value) {
            double d = converted(ParameterReaders.NUMBER, value);
            String rounded = rounded(value, d);
            if (rounded != null) {
                throw new TypeConversionException(rounded);
            }
            return d;
        }
    }

    /**
     * Why {@code text}, read as {@code d}, is not sent: a whole number past 2^53 that a double does not hold
     * (9007199254740993 reads as 9007199254740992, which the service would take without a word); null for any other.
     */
    static String rounded(String text, double d) {
        String t = text.strip();
        if (!t.matches("[-+]?[0-9]+") || !Sizes.roundedWholeNumber(new java.math.BigDecimal(t), d)) {
            return null;
        }
        return t + " is a whole number a double does not hold: " + Sizes.DOUBLES_SKIP_WHOLE_NUMBERS
                + " (it would read as " + new java.math.BigDecimal(d).toPlainString() + ")";
    }

    /** {@code value} read by {@code parser}, a value it refuses as picocli's conversion error with its message. */
    static <T> T converted(Function<String, T> parser, String value) {
        try {
            return parser.apply(value);
        } catch (InputFormatException e) {
            throw new TypeConversionException(e.getMessage());
        }
    }

    /**
     * A registered name typed on the command line, resolved once, here: picocli reports an unknown one as {@code
     * --option: unknown KIND 'x', expected one of a, b, c}. One subclass per registry (picocli makes converters with
     * their no-argument constructor).
     */
    abstract static class Named<R extends Registered> implements ITypeConverter<R>, Iterable<String> {
        private final Registry<R> registry;

        Named(Registry<R> registry) {
            this.registry = registry;
        }

        @Override
        public R convert(String value) {
            return registry.find(value.trim())
                    .orElseThrow(() -> new TypeConversionException("unknown " + registry.kind() + " '" + Text.cut(value)
                            + "', expected one of " + String.join(", ", registry.names())));
        }

        /** The names, for the help text and shell completion. */
        @Override
        public java.util.Iterator<String> iterator() {
            return registry.names().iterator();
        }
    }

    /** Lower-cases a name: names are case-insensitive everywhere. */
    static String name(String value) {
        return value.trim().toLowerCase(Locale.ROOT);
    }
}
