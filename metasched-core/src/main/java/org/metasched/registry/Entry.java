package org.metasched.registry;

/**
 * A registered entry's name, family and description, checked once: what an entry class that carries behaviour
 * (a scheme's planner, a problem's sense) extends so that it only adds its behaviour. It reads as its name.
 */
public abstract class Entry implements Registered {
    private final String name;
    private final String family;
    private final String description;

    /** @throws IllegalArgumentException if the name, family or description is missing or malformed */
    protected Entry(String name, String family, String description) {
        Registry.checkEntry(name, family, description);
        this.name = name;
        this.family = family;
        this.description = description;
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final String family() {
        return family;
    }

    @Override
    public final String description() {
        return description;
    }

    /** The short name, so that an entry reads as its name in messages and file names. */
    @Override
    public String toString() {
        return name;
    }
}
