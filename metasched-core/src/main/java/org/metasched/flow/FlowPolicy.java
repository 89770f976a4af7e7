package org.metasched.flow;

import java.util.List;
import java.util.function.Function;
import org.metasched.model.Workload;
import org.metasched.registry.Registered;
import org.metasched.registry.Registry;

/**
 * The registry of job-flow policies on a homogeneous machine, by short name, and one registered policy: its name,
 * family, one-line description and the factory of a fresh {@link SchedulingPolicy} for one simulation. A new
 * policy is one class implementing {@link SchedulingPolicy} plus one {@link #register} line among the built-ins
 * below (or, for code outside this project, one {@code FlowPolicy.register(...)} call at start-up).
 */
public final class FlowPolicy implements Registered {
    private static final Registry<FlowPolicy> REGISTRY = new Registry<>("policy");

    // factories as objects, not constructor references: simulate links no lambdas (docs/performance.md)
    public static final FlowPolicy FCFS =
            register("fcfs", "queue", "first come, first served, strictly in queue order", new Function<>() {
                @Override
                public Fcfs apply(Workload w) {
                    return new Fcfs(w);
                }
            });
    public static final FlowPolicy EASY = register(
            "easy", "backfilling", "EASY backfilling: only the head job holds a reservation", new Function<>() {
                @Override
                public EasyBackfilling apply(Workload w) {
                    return new EasyBackfilling(w);
                }
            });
    public static final FlowPolicy CONSERVATIVE = register(
            "conservative", "backfilling", "conservative backfilling: every job holds a reservation", new Function<>() {
                @Override
                public ConservativeBackfilling apply(Workload w) {
                    return new ConservativeBackfilling(w);
                }
            });

    private final String name;
    private final String family;
    private final String description;
    private final Function<Workload, ? extends SchedulingPolicy> factory;

    private FlowPolicy(
            String name, String family, String description, Function<Workload, ? extends SchedulingPolicy> factory) {
        this.name = name;
        this.family = family;
        this.description = description;
        this.factory = factory;
    }

    /** A policy entry, not yet registered anywhere (for {@link Registry#register} on a registry of your own). */
    public static FlowPolicy of(
            String name, String family, String description, Function<Workload, ? extends SchedulingPolicy> factory) {
        if (factory == null) {
            throw new IllegalArgumentException("policy '" + name + "' has no factory");
        }
        return Registry.requireValid(new FlowPolicy(name, family, description, factory));
    }

    /** Registers a policy in the registry every command and test uses; returns it. */
    public static FlowPolicy register(
            String name, String family, String description, Function<Workload, ? extends SchedulingPolicy> factory) {
        return REGISTRY.register(of(name, family, description, factory));
    }

    /** The registry itself (its {@link Registry#copy()} gives tests a registry of their own). */
    public static Registry<FlowPolicy> registry() {
        return REGISTRY;
    }

    @Override
    public String name() {
        return name;
    }

    /** The same as {@link #name()}. */
    public String shortName() {
        return name;
    }

    @Override
    public String family() {
        return family;
    }

    @Override
    public String description() {
        return description;
    }

    /** A fresh policy instance for one simulation of {@code workload}. */
    public SchedulingPolicy create(Workload workload) {
        return factory.apply(workload);
    }

    /**
     * The policy called {@code name} (case-insensitive).
     *
     * @throws org.metasched.model.InputFormatException naming the known policies if there is none
     */
    public static FlowPolicy byName(String name) {
        return REGISTRY.byName(name);
    }

    /** Every registered policy, in registration order. */
    public static List<FlowPolicy> values() {
        return REGISTRY.entries();
    }

    /** The short names, in registration order. */
    public static List<String> names() {
        return REGISTRY.names();
    }

    @Override
    public String toString() {
        return name;
    }
}
