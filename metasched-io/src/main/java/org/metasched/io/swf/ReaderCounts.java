package org.metasched.io.swf;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the trace reader did with the records of one file, as written beside a simulation's results.
 *
 * @param skipped records dropped because they had no usable run time, size or submit time
 * @param rejected records dropped because the job is larger than the machine
 * @param adjusted accepted records changed under at least one rule (size, estimate, order)
 * @param byRule records per rule, keyed by {@link SwfRule#key()}, in rule order (empty when the workload did not
 *     come from a trace)
 */
public record ReaderCounts(long skipped, long rejected, long adjusted, Map<String, Long> byRule) {
    /** For a workload that did not come from a trace. */
    public static final ReaderCounts NONE = new ReaderCounts(0, 0, 0, Map.of());

    public ReaderCounts {
        byRule = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(byRule));
    }

    public static ReaderCounts of(SwfTrace trace) {
        return new ReaderCounts(trace.skipped(), trace.rejected(), trace.adjusted(), trace.countsByKey());
    }
}
