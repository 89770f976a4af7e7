package org.metasched.flow;

import java.util.Locale;
import org.metasched.model.Workload;

/** The registry of built-in job-flow policies on a homogeneous machine, by short name. */
public enum FlowPolicy {
    FCFS("fcfs", "first come, first served, strictly in queue order"),
    EASY("easy", "EASY backfilling: only the head job holds a reservation"),
    CONSERVATIVE("conservative", "conservative backfilling: every job holds a reservation");

    private final String shortName;
    private final String description;

    FlowPolicy(String shortName, String description) {
        this.shortName = shortName;
        this.description = description;
    }

    public String shortName() {
        return shortName;
    }

    public String description() {
        return description;
    }

    /** A fresh policy instance for one simulation of {@code workload}. */
    public SchedulingPolicy create(Workload workload) {
        return switch (this) {
            case FCFS -> new Fcfs(workload);
            case EASY -> new EasyBackfilling(workload);
            case CONSERVATIVE -> new ConservativeBackfilling(workload);
            default -> throw new AssertionError(this);
        };
    }

    /**
     * The policy called {@code name} (case-insensitive).
     *
     * @throws IllegalArgumentException naming the known policies if there is none
     */
    public static FlowPolicy byName(String name) {
        for (FlowPolicy p : values()) {
            if (p.shortName.equals(name.toLowerCase(Locale.ROOT))) {
                return p;
            }
        }
        throw new IllegalArgumentException("unknown policy '" + name + "'; known: " + names());
    }

    /** The short names, comma-separated, in registry order. */
    public static String names() {
        StringBuilder sb = new StringBuilder();
        for (FlowPolicy p : values()) {
            sb.append(sb.length() == 0 ? "" : ", ").append(p.shortName);
        }
        return sb.toString();
    }
}
