package org.metasched.metrics;

/**
 * What happened to one job in a simulation. Times in seconds.
 *
 * @param id job number from the trace
 * @param submitSeconds submit time
 * @param startSeconds start time
 * @param endSeconds end time (completion, or kill at the estimate)
 * @param processors processors used
 * @param runtimeSeconds {@code end - start}
 * @param estimateSeconds the user's estimate (requested time)
 * @param waitSeconds {@code start - submit}
 * @param responseSeconds {@code end - submit}
 * @param slowdown {@code response / runtime}
 * @param boundedSlowdown {@code max(1, response / max(runtime, 10))}
 * @param killed true when the job was killed at its estimate
 * @param allocatedProcessors processor ids as intervals, e.g. {@code "0-3 8"}
 */
public record JobRecord(
        long id,
        long submitSeconds,
        long startSeconds,
        long endSeconds,
        int processors,
        long runtimeSeconds,
        long estimateSeconds,
        long waitSeconds,
        long responseSeconds,
        double slowdown,
        double boundedSlowdown,
        boolean killed,
        String allocatedProcessors) {

    /** The threshold tau of the bounded slowdown, in seconds (Feitelson et al.). */
    public static final long BOUNDED_SLOWDOWN_TAU_SECONDS = 10;

    public static JobRecord of(
            long id,
            long submit,
            long start,
            long end,
            int processors,
            long estimate,
            boolean killed,
            String allocatedProcessors) {
        long runtime = end - start;
        long wait = start - submit;
        long response = end - submit;
        return new JobRecord(
                id,
                submit,
                start,
                end,
                processors,
                runtime,
                estimate,
                wait,
                response,
                (double) response / runtime,
                boundedSlowdown(response, runtime),
                killed,
                allocatedProcessors);
    }

    public static double boundedSlowdown(long responseSeconds, long runtimeSeconds) {
        return Math.max(1.0, (double) responseSeconds / Math.max(runtimeSeconds, BOUNDED_SLOWDOWN_TAU_SECONDS));
    }
}
