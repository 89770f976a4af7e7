package org.metasched.io.swf;

/**
 * How to turn SWF records into jobs. Defaults ({@link #DEFAULTS}): size from allocated processors, kill at the
 * estimate, machine size from the header, all jobs.
 *
 * @param size which processor field is preferred
 * @param overrun what happens to a job whose run time exceeds its requested time
 * @param machineProcessors machine size; 0 means: take it from the {@code ; MaxProcs:} (else {@code ; MaxNodes:})
 *     header
 * @param maxJobs stop after this many accepted jobs (file order); 0 means all
 */
public record SwfOptions(SizeField size, Overrun overrun, int machineProcessors, int maxJobs) {
    public static final SwfOptions DEFAULTS = new SwfOptions(SizeField.ALLOCATED, Overrun.KILL, 0, 0);

    public SwfOptions {
        if (machineProcessors < 0) {
            throw new IllegalArgumentException("machine processors must be positive, got " + machineProcessors);
        }
        if (maxJobs < 0) {
            throw new IllegalArgumentException("the job limit must be positive, got " + maxJobs);
        }
    }

    /** Which SWF field gives a job's size; the other one is the fallback when it is 0 or negative. */
    public enum SizeField {
        /** Field 5, allocated processors (what the job really used). */
        ALLOCATED,
        /** Field 8, requested processors. */
        REQUESTED
    }

    /** What happens when the run time exceeds the requested time. */
    public enum Overrun {
        /** The job is killed at its estimate: it runs for the requested time. */
        KILL,
        /** The estimate is raised to the run time ({@code --no-kill}). */
        EXTEND
    }

    public SwfOptions withSize(SizeField s) {
        return new SwfOptions(s, overrun, machineProcessors, maxJobs);
    }

    public SwfOptions withOverrun(Overrun o) {
        return new SwfOptions(size, o, machineProcessors, maxJobs);
    }

    public SwfOptions withMachineProcessors(int p) {
        return new SwfOptions(size, overrun, p, maxJobs);
    }

    public SwfOptions withMaxJobs(int n) {
        return new SwfOptions(size, overrun, machineProcessors, n);
    }
}
