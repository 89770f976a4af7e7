package org.metasched.io.swf;

import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;
import org.metasched.model.Workload;

/**
 * What the reader made of one SWF file.
 *
 * @param source the file as named by the caller
 * @param workload the accepted jobs, sorted by submit time
 * @param records job records examined (lines that are not comments or blank)
 * @param counts records per rule (every rule present, zero included)
 * @param headerProcessors machine size from the header, 0 if none
 * @param adjusted accepted records that fell under at least one adjusting rule
 * @param memory fields 10 and 7 of the accepted jobs, in the workload's order (for models with memory)
 * @param firstSubmitSeconds the earliest submit time of any record examined, skipped or not (the time the log starts
 *     from: 0 in a log that keeps the standard's origin), -1 if no record has one
 */
public record SwfTrace(
        String source,
        Workload workload,
        long records,
        Map<SwfRule, Long> counts,
        int headerProcessors,
        long adjusted,
        SwfMemory memory,
        long firstSubmitSeconds) {

    public SwfTrace {
        counts = new EnumMap<>(counts);
    }

    public long count(SwfRule rule) {
        return counts.getOrDefault(rule, 0L);
    }

    /** Records dropped because they had no usable run time, size or submit time. */
    public long skipped() {
        return sumOf(SwfRule.Action.SKIPPED);
    }

    /** Records dropped because the job is larger than the machine. */
    public long rejected() {
        return sumOf(SwfRule.Action.REJECTED);
    }

    private long sumOf(SwfRule.Action action) {
        long s = 0;
        for (SwfRule r : SwfRule.values()) {
            if (r.action() == action) {
                s += count(r);
            }
        }
        return s;
    }

    /** Counts keyed by {@link SwfRule#key()}, in rule order. */
    public Map<String, Long> countsByKey() {
        Map<String, Long> m = new LinkedHashMap<>();
        for (SwfRule r : SwfRule.values()) {
            m.put(r.key(), count(r));
        }
        return m;
    }
}
