package org.metasched.io.swf;

/**
 * What the reader does with each kind of questionable SWF record. A record is counted under the first
 * <em>skipping</em> or <em>rejecting</em> rule that applies and then dropped; an accepted record is counted under
 * every <em>adjusting</em> rule that applies. Nothing is dropped without being counted.
 */
public enum SwfRule {
    /** Submit time (field 2) is negative (SWF writes -1 for unknown): the job cannot be placed in time. Skipped. */
    SUBMIT_UNKNOWN("submitUnknown", Action.SKIPPED, "submit time negative (unknown): skipped"),
    /** Run time (field 4) is 0 or negative (cancelled before start, or unknown). Skipped. */
    RUNTIME_NOT_POSITIVE("runtimeNotPositive", Action.SKIPPED, "run time 0 or negative (none or unknown): skipped"),
    /** Neither allocated (5) nor requested (8) processors is a positive number. Skipped. */
    NO_SIZE("noSize", Action.SKIPPED, "no positive processor count in field 5 or 8: skipped"),
    /** The job needs more processors than the machine has. Rejected. */
    LARGER_THAN_MACHINE("largerThanMachine", Action.REJECTED, "more processors than the machine: rejected"),
    /** The preferred size field is 0 or negative, so the size comes from the other one. Adjusted. */
    SIZE_FROM_FALLBACK(
            "sizeFromFallback",
            Action.ADJUSTED,
            "preferred processor count 0 or negative (unknown): size from the other field"),
    /** Requested time (field 9) is 0 or negative: the estimate is the run time (a perfect estimate). Adjusted. */
    ESTIMATE_MISSING("estimateMissing", Action.ADJUSTED, "requested time 0 or negative (unknown): estimate = run time"),
    /**
     * Requested time is shorter than the run time: by default the job is killed at its estimate (it runs for the
     * requested time); with {@code --no-kill} the estimate is raised to the run time. Adjusted.
     */
    ESTIMATE_SHORT("estimateShort", Action.ADJUSTED, "requested time < run time: killed at the estimate"),
    /**
     * Submit time earlier than that of an earlier accepted record: kept, queued by submit time (ties in file
     * order). Adjusted.
     */
    SUBMIT_OUT_OF_ORDER("submitOutOfOrder", Action.ADJUSTED, "submit time out of order: queued by submit time");

    /** What happens to a record that falls under a rule. */
    public enum Action {
        SKIPPED,
        REJECTED,
        ADJUSTED
    }

    private final String key;
    private final Action action;
    private final String description;

    SwfRule(String key, Action action, String description) {
        this.key = key;
        this.action = action;
        this.description = description;
    }

    /** The name used in summary files, camelCase. */
    public String key() {
        return key;
    }

    public Action action() {
        return action;
    }

    /** One line for humans. */
    public String description() {
        return description;
    }
}
