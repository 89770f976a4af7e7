package org.metasched.memory;

/**
 * One job of a memory-cluster run, a row of {@code jobs.csv}: {@code id,class,submit,start,end,machine,core,wait,
 * flowtime}. Times in seconds.
 *
 * @param id job id (trace job number, or 1.. for generated streams)
 * @param memoryClass class 1..K (its position in the configured classes; with the defaults, its GiB)
 * @param submitSeconds arrival
 * @param startSeconds start on its core
 * @param endSeconds completion
 * @param machine machine index, 0-based
 * @param core core index within the machine, 0-based
 * @param waitSeconds {@code start - submit}
 * @param flowtimeSeconds {@code end - submit}
 */
public record MemoryJobRecord(
        long id,
        int memoryClass,
        double submitSeconds,
        double startSeconds,
        double endSeconds,
        int machine,
        int core,
        double waitSeconds,
        double flowtimeSeconds) {

    public static MemoryJobRecord of(
            long id, int memoryClass, double submit, double start, double end, int machine, int core) {
        return new MemoryJobRecord(id, memoryClass, submit, start, end, machine, core, start - submit, end - submit);
    }
}
