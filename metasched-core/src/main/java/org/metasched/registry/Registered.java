package org.metasched.registry;

import java.util.List;

/** Something a {@link Registry} holds: a short name, a family label and a one-line description. */
public interface Registered {
    /** The short name users type, lower case, e.g. {@code min-finish} or {@code easy}. */
    String name();

    /** The family it belongs to, e.g. {@code ssa}, {@code aep}, {@code queue}; used to group help texts. */
    String family();

    /** One line saying what it does, for help texts and reports. */
    String description();

    /** The names of {@code entries}, in their order (for output and for tables keyed by name). */
    static List<String> names(List<? extends Registered> entries) {
        return entries.stream().map(Registered::name).toList();
    }
}
