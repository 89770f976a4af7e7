package org.metasched.registry;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;
import org.metasched.model.InputFormatException;
import org.metasched.model.Parameter;
import org.metasched.model.ParameterException;

/**
 * Built-in and added strategies, policies or schemes by short name, in registration order (JMH's {@code
 * ProfilerFactory} pattern). One lookup rule everywhere: names are matched case-insensitively, and an unknown name
 * is bad input ({@link InputFormatException}) naming the known ones. Registering is thread-safe; reads see an
 * immutable snapshot.
 *
 * @param <R> the entries: usually {@link Registration}s
 */
public final class Registry<R extends Registered> {
    private final String kind;
    private volatile List<R> entries = List.of();

    /** @param kind what the entries are called in messages, e.g. {@code strategy} or {@code policy} */
    public Registry(String kind) {
        this.kind = kind;
    }

    /** What the entries are called in messages. */
    public String kind() {
        return kind;
    }

    /**
     * Adds {@code entry} at the end.
     *
     * @return the entry
     * @throws IllegalArgumentException if its name is taken (a programming error, not bad input)
     */
    public synchronized R register(R entry) {
        checkEntry(entry.name(), entry.family(), entry.description());
        if (find(entry.name()).isPresent()) {
            throw new IllegalArgumentException(kind + " '" + entry.name() + "' is registered already");
        }
        List<R> next = new ArrayList<>(entries);
        next.add(entry);
        entries = List.copyOf(next);
        return entry;
    }

    /**
     * The entry called {@code name}, case-insensitively.
     *
     * @throws InputFormatException naming the known entries when there is none
     */
    public R byName(String name) {
        Optional<R> entry = find(name);
        if (entry.isEmpty()) {
            throw new InputFormatException("unknown " + kind + " '" + name + "'; known: " + String.join(", ", names()));
        }
        return entry.get();
    }

    /**
     * The entry called {@code name}, case-insensitively, for a name read at {@code where} (a file's field, a
     * setting, a stored row).
     *
     * @throws InputFormatException {@code where: unknown KIND 'name'; known: ...} when there is none
     */
    public R byName(String name, String where) {
        Optional<R> entry = find(name);
        if (entry.isEmpty()) {
            throw new InputFormatException(
                    where + ": unknown " + kind + " '" + name + "'; known: " + String.join(", ", names()));
        }
        return entry.get();
    }

    /** The entry called {@code name}, case-insensitively, if any. */
    public Optional<R> find(String name) {
        if (name == null) {
            return Optional.empty();
        }
        String key = name.toLowerCase(Locale.ROOT);
        for (R e : entries) {
            if (e.name().equals(key)) {
                return Optional.of(e);
            }
        }
        return Optional.empty();
    }

    public boolean contains(String name) {
        return find(name).isPresent();
    }

    /** Every entry, in registration order. */
    public List<R> entries() {
        return entries;
    }

    /** The names, in registration order. */
    public List<String> names() {
        List<R> snapshot = entries;
        List<String> out = new ArrayList<>(snapshot.size());
        for (R e : snapshot) {
            out.add(e.name());
        }
        return List.copyOf(out);
    }

    /** The entries of one family, in registration order. */
    public List<R> family(String family) {
        List<R> out = new ArrayList<>();
        for (R e : entries) {
            if (e.family().equals(family)) {
                out.add(e);
            }
        }
        return List.copyOf(out);
    }

    /**
     * A parameter whose value is an entry of this registry ({@link Parameter.Kind#NAME}): read case-insensitively,
     * kept by sweep cells as its canonical name, its help listing the names registered when it is shown.
     */
    public Parameter.Builder<R> parameter(String name) {
        Registry<R> self = this;
        return parameter(name, new Supplier<>() {
            @Override
            public Registry<R> get() {
                return self;
            }
        });
    }

    /**
     * A parameter whose value is an entry of the registry {@code registry} gives each time a value is read or the
     * help shown (a registry made of others, such as {@code select}'s strategies).
     */
    public static <R extends Registered> Parameter.Builder<R> parameter(String name, Supplier<Registry<R>> registry) {
        // objects, not lambdas: simulate links none (docs/performance.md, "No lambdas on simulate's path")
        return Parameter.<R>of(name, Parameter.Kind.NAME, new Function<>() {
                    @Override
                    public R apply(String text) {
                        Registry<R> r = registry.get();
                        Optional<R> entry = r.find(text.trim());
                        if (entry.isEmpty()) {
                            throw new Parameter.Invalid("unknown " + r.kind + " '" + ParameterException.shown(text)
                                    + "', expected one of " + String.join(", ", r.names()));
                        }
                        return entry.get();
                    }
                })
                .canonical(new Function<>() {
                    @Override
                    public String apply(R entry) {
                        return entry.name();
                    }
                })
                .choices(new Supplier<>() {
                    @Override
                    public List<String> get() {
                        return registry.get().names();
                    }
                })
                .label("NAME");
    }

    /** A registry of the same kind holding the same entries, to which more can be added independently. */
    public Registry<R> copy() {
        Registry<R> c = new Registry<>(kind);
        c.entries = entries;
        return c;
    }

    /**
     * Checks what every entry needs: a lower-case name of letters, digits and '-', a family, a one-line
     * description.
     *
     * @return the entry
     * @throws IllegalArgumentException if one is missing or malformed
     */
    public static <E extends Registered> E requireValid(E entry) {
        checkEntry(entry.name(), entry.family(), entry.description());
        return entry;
    }

    /**
     * Whether {@code name} is lower-case ASCII letters, digits and '-', not starting with '-' (the regular expression
     * {@code [a-z0-9][a-z0-9-]*}, checked without one: every command line registers its policies and strategies
     * before it starts, and compiling the expression for each cost a short command 1.3 ms).
     */
    static boolean isName(String name) {
        if (name == null || name.isEmpty()) {
            return false;
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || (c == '-' && i > 0))) {
                return false;
            }
        }
        return true;
    }

    static void checkEntry(String name, String family, String description) {
        if (!isName(name)) {
            throw new IllegalArgumentException(
                    "a registered name is lower-case letters, digits and '-', got '" + name + "'");
        }
        if (family == null || family.isBlank()) {
            throw new IllegalArgumentException("'" + name + "' needs a family");
        }
        if (description == null || description.isBlank() || description.indexOf('\n') >= 0) {
            throw new IllegalArgumentException("'" + name + "' needs a one-line description");
        }
    }
}
