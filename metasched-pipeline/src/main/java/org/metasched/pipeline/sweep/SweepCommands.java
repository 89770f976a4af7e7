package org.metasched.pipeline.sweep;

import java.util.List;
import org.metasched.model.InputFormatException;
import org.metasched.registry.Registry;

/** The commands a sweep file can name in its {@code command} field, by name, case-insensitively. */
public final class SweepCommands {
    private static final Registry<SweepableCommand> REGISTRY = new Registry<>("command");

    static {
        // one line per command
        register(new SimulateSweep());
        register(new GangSweep());
        register(new MemorySweep());
        register(new SelectSweep());
        register(new BatchSweep());
    }

    private SweepCommands() {}

    public static void register(SweepableCommand c) {
        REGISTRY.register(c);
    }

    public static List<String> names() {
        return REGISTRY.names();
    }

    /** The registry itself. */
    public static Registry<SweepableCommand> registry() {
        return REGISTRY;
    }

    /** The command called {@code name} (case-insensitive), or the bad-input error listing the registered ones. */
    public static SweepableCommand byName(String name, String where) {
        return REGISTRY.find(name == null ? null : name.trim())
                .orElseThrow(() -> new InputFormatException(where + ": unknown command '" + name + "', expected one of "
                        + String.join(", ", REGISTRY.names())));
    }
}
