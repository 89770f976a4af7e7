package org.metasched.pipeline;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.metasched.model.InputFormatException;

/** The open registry of {@link SweepableCommand}s, by name. */
public final class SweepCommands {
    private static final Map<String, SweepableCommand> COMMANDS = new LinkedHashMap<>();

    static {
        // one line per command
        register(new SimulateSweep());
        register(new GangSweep());
        register(new MemorySweep());
    }

    private SweepCommands() {}

    public static synchronized void register(SweepableCommand c) {
        if (COMMANDS.putIfAbsent(c.name(), c) != null) {
            throw new IllegalArgumentException("sweepable command '" + c.name() + "' is registered twice");
        }
    }

    public static synchronized List<String> names() {
        return List.copyOf(COMMANDS.keySet());
    }

    /** The command called {@code name}, or the bad-input error listing the registered ones. */
    public static synchronized SweepableCommand byName(String name, String where) {
        SweepableCommand c = COMMANDS.get(name);
        if (c == null) {
            throw new InputFormatException(where + ": unknown command '" + name + "', expected one of "
                    + String.join(", ", COMMANDS.keySet()));
        }
        return c;
    }
}
