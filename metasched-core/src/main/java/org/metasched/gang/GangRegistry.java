package org.metasched.gang;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;
import org.metasched.model.InputFormatException;

/**
 * A small registry of built-in gang-scheduling strategies by short name: each entry has a name, a one-line
 * description and a factory. {@link GangRegistries} holds the two registries (queue policies, local dispatchers).
 * Names are matched case-insensitively; an unknown name is bad input that lists the known ones.
 *
 * @param <T> what the factories make
 */
public final class GangRegistry<T> {
    /**
     * One registered strategy.
     *
     * @param name short name, lower case (as on the command line)
     * @param description one line for help texts
     * @param factory makes a fresh instance for one run
     */
    public record Entry<T>(String name, String description, Supplier<T> factory) {
        public T create() {
            return factory.get();
        }
    }

    private final String kind;
    private final List<Entry<T>> entries = new ArrayList<>();

    /** @param kind what is registered, for error messages ("policy", "dispatcher") */
    public GangRegistry(String kind) {
        this.kind = kind;
    }

    GangRegistry<T> register(String name, String description, Supplier<T> factory) {
        for (Entry<T> e : entries) {
            if (e.name().equals(name)) {
                throw new IllegalStateException(kind + " '" + name + "' is registered twice");
            }
        }
        entries.add(new Entry<>(name, description, factory));
        return this;
    }

    /** The entries in registration order. */
    public List<Entry<T>> entries() {
        return List.copyOf(entries);
    }

    /**
     * The entry called {@code name} (case-insensitive).
     *
     * @throws InputFormatException naming the known entries if there is none
     */
    public Entry<T> byName(String name) {
        String key = name == null ? "" : name.trim().toLowerCase(Locale.ROOT);
        for (Entry<T> e : entries) {
            if (e.name().equals(key)) {
                return e;
            }
        }
        throw new InputFormatException("unknown " + kind + " '" + name + "'; known: " + names());
    }

    /** A fresh instance of the entry called {@code name}. */
    public T create(String name) {
        return byName(name).create();
    }

    /** The names, comma-separated, in registration order. */
    public String names() {
        StringBuilder sb = new StringBuilder();
        for (Entry<T> e : entries) {
            sb.append(sb.length() == 0 ? "" : ", ").append(e.name());
        }
        return sb.toString();
    }
}
