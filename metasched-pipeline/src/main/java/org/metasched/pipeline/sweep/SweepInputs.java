package org.metasched.pipeline.sweep;

import java.nio.file.Path;
import java.util.function.Function;

/**
 * How a sweep cell reaches the files its input parameters name ({@link SweepableCommand#inputs}): where a file is on
 * the machine that runs the cell, and one copy of what is read from it, shared by the cells that read it and
 * dropped when none of them is pending ({@link SharedInputs}). The local engine reads the paths as written, relative
 * to the current directory ({@link #local}); the Spark engine locates the copies it shipped with the job, or the
 * driver's absolute paths when the user says they are shared.
 */
public interface SweepInputs {
    /** Where the file named by {@code value} (a value of an input parameter) is read on this machine. */
    Path locate(String value);

    /**
     * What {@code read} makes of the file named by {@code value}, read once while cells that need it are pending and
     * shared by them; {@code kind} tells apart different readings of one file. A failed read is not kept: the next
     * cell tries again (and names the file in its own error).
     */
    <T> T shared(String value, Class<T> kind, Function<Path, T> read);

    /**
     * The local engine's inputs: the values as paths relative to the current directory, shared through {@code store}.
     */
    static SweepInputs local(SharedInputs store) {
        return new SweepInputs() {
            @Override
            public Path locate(String value) {
                return Path.of(value);
            }

            @Override
            public <T> T shared(String value, Class<T> kind, Function<Path, T> read) {
                return store.get(value, kind, () -> read.apply(locate(value)));
            }
        };
    }
}
