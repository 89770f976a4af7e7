package org.metasched.registry;

import java.util.function.Function;

/**
 * A registered name with its factory: what a registry of strategies, policies or schemes holds. {@link
 * #create(Object)} makes a fresh instance from the options the caller has (a seed, a criterion, a workload ...).
 *
 * @param <T> what the factory makes
 * @param <O> what the factory takes
 */
public record Registration<T, O>(
        String name, String family, String description, Function<? super O, ? extends T> factory)
        implements Registered {
    public Registration {
        Registry.checkEntry(name, family, description);
        if (factory == null) {
            throw new IllegalArgumentException("registration '" + name + "' has no factory");
        }
    }

    /** A fresh instance. */
    public T create(O options) {
        return factory.apply(options);
    }
}
