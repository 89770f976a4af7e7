package org.metasched.pipeline.reproduce;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.IntConsumer;
import org.metasched.pipeline.Outputs;
import org.metasched.registry.Registered;

/**
 * One table or figure of the seed papers that {@code metasched reproduce NAME} regenerates. A target is one class
 * plus one registration line in {@link ReproduceTargets}; the command, its help text, the output directory and
 * the progress display come for free.
 */
public interface ReproduceTarget extends Registered {
    /**
     * What the command line, the help and the target list show of a target.
     *
     * @param name the name on the command line, lower case, e.g. {@code p000-table2}
     * @param description one sentence for the help text and the target list
     * @param defaultRuns independent runs (instances, replications) when {@code --runs} is not given
     * @param defaultSeed master seed when {@code --seed} is not given
     * @param tableColumns the columns of the {@code table.csv} it writes, in order
     */
    record About(String name, String description, int defaultRuns, long defaultSeed, List<String> tableColumns) {}

    /** The target's name, description, defaults and table columns. */
    About about();

    @Override
    default String name() {
        return about().name();
    }

    @Override
    default String description() {
        return about().description();
    }

    /** The paper: the name up to its first '-', e.g. {@code p000}. */
    @Override
    default String family() {
        return name().replaceFirst("-.*", "");
    }

    default int defaultRuns() {
        return about().defaultRuns();
    }

    default long defaultSeed() {
        return about().defaultSeed();
    }

    default List<String> tableColumns() {
        return about().tableColumns();
    }

    /**
     * Parameters besides runs, seed and threads, by name, each with its allowed values (the first is the
     * default). Giving a target a parameter it does not declare is an error.
     */
    default Map<String, List<String>> parameters() {
        return Map.of();
    }

    /**
     * Parameters whose value is a file path rather than one of a list, by name, each with its default as shown in
     * the help (an empty map, the default, for none). Values are kept as given (no case folding).
     */
    default Map<String, String> fileParameters() {
        return Map.of();
    }

    /**
     * Refuses, before anything runs or is printed, what can be known wrong without running: a file parameter whose
     * file is missing or a folder. Nothing by default.
     *
     * @throws org.metasched.model.InputFormatException naming the value and what is expected
     */
    default void check(Settings settings) {}

    /** How many steps {@link #run} reports to its progress listener in total. */
    long steps(Settings settings);

    /**
     * Runs the experiment.
     *
     * @param progress receives 1 per finished step, from worker threads
     */
    Outcome run(Settings settings, IntConsumer progress);

    /**
     * How to run.
     *
     * @param runs independent runs, at least 1
     * @param seed master seed
     * @param threads worker threads, at least 1 (the numbers never depend on it)
     * @param parameters a value for every declared parameter
     */
    record Settings(int runs, long seed, int threads, Map<String, String> parameters) {
        public Settings {
            if (runs < 1 || threads < 1) {
                throw new IllegalArgumentException("runs and threads must be >= 1, got " + runs + ", " + threads);
            }
            parameters = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(parameters));
        }
    }

    /** What a run produced. */
    interface Outcome {
        /** The table printed on the terminal, one string per line. */
        List<String> summaryLines();

        /** Writes {@code table.csv} and, as {@code outputs} asks, the report into {@code dir}. */
        void writeInto(Path dir, Outputs outputs, String command) throws IOException;
    }
}
