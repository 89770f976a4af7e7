package org.metasched.memory;

import java.util.List;

/**
 * Maps the memory of trace jobs to memory classes (spec 6.1; issue 12 item 4). The input is what an SWF reader
 * gives per job: field 10, requested memory, and field 7, used memory, both in KiB per processor, or -1 (any
 * negative value) when the log does not know. Field 10 is preferred; field 7 is the fallback.
 *
 * <p>Thresholds: a job of {@code x} KiB belongs to the smallest class whose memory holds it, class k covering
 * ({@code G_{k-1}}, {@code G_k}] GiB with {@code G_0 = 0} and 1 GiB = 2^20 KiB (0 KiB is the smallest class).
 * With the classes 1, 2, 3 GiB: up to 1 048 576 KiB is class 1, up to 2 097 152 KiB class 2, up to 3 145 728 KiB
 * class 3. Every job is counted under one {@link Rule}.
 */
public final class SwfMemoryClasses {
    /** KiB in one GiB. */
    public static final long KIB_PER_GIB = 1L << 20;

    /** How a job's class was found; the names are the counters' names in reports. */
    public enum Rule {
        /** Field 10 (requested memory) gave the class. */
        REQUESTED_MEMORY("requestedMemory", "class from the requested memory (field 10)"),
        /** Field 10 is -1; field 7 (used memory) gave the class. */
        USED_MEMORY_FALLBACK("usedMemoryFallback", "requested memory -1: class from the used memory (field 7)"),
        /** Both fields are -1: the job gets the default class. */
        NO_MEMORY("noMemory", "no memory in fields 10 and 7: the default class"),
        /** The memory exceeds the largest class: the job can run nowhere and is skipped. */
        ABOVE_LARGEST_CLASS("memoryAboveLargestClass", "memory above the largest class: skipped");

        private final String counterName;
        private final String description;

        Rule(String counterName, String description) {
            this.counterName = counterName;
            this.description = description;
        }

        public String counterName() {
            return counterName;
        }

        public String description() {
            return description;
        }
    }

    private final int[] memoryClass;
    private long requested;
    private long usedFallback;
    private long noMemory;
    private long aboveLargest;

    private SwfMemoryClasses(int[] memoryClass) {
        this.memoryClass = memoryClass;
    }

    /**
     * Classifies every job.
     *
     * @param requestedKiB field 10 per job, -1 when unknown
     * @param usedKiB field 7 per job, -1 when unknown
     * @param classesGiB the classes, strictly increasing
     * @param defaultClass the class (1..K) of jobs without memory; the smallest, 1, unless there is a reason
     */
    public static SwfMemoryClasses map(
            long[] requestedKiB, long[] usedKiB, List<Integer> classesGiB, int defaultClass) {
        if (requestedKiB.length != usedKiB.length) {
            throw new IllegalArgumentException(
                    "requested memory for " + requestedKiB.length + " jobs, used memory for " + usedKiB.length);
        }
        if (defaultClass < 1 || defaultClass > classesGiB.size()) {
            throw new IllegalArgumentException("default class " + defaultClass + ", expected 1.." + classesGiB.size());
        }
        long[] limit = new long[classesGiB.size()];
        for (int k = 0; k < limit.length; k++) {
            limit[k] = classesGiB.get(k) * KIB_PER_GIB;
        }
        int[] out = new int[requestedKiB.length];
        SwfMemoryClasses result = new SwfMemoryClasses(out);
        for (int j = 0; j < out.length; j++) {
            long kib;
            boolean fromRequest = requestedKiB[j] >= 0;
            if (fromRequest) {
                kib = requestedKiB[j];
            } else if (usedKiB[j] >= 0) {
                kib = usedKiB[j];
            } else {
                out[j] = defaultClass;
                result.noMemory++;
                continue;
            }
            int k = 0;
            while (k < limit.length && kib > limit[k]) {
                k++;
            }
            if (k == limit.length) {
                out[j] = 0;
                result.aboveLargest++;
            } else {
                out[j] = k + 1;
                if (fromRequest) {
                    result.requested++;
                } else {
                    result.usedFallback++;
                }
            }
        }
        return result;
    }

    /** Number of jobs classified. */
    public int size() {
        return memoryClass.length;
    }

    /** The class (1..K) of job {@code j}, or 0 if it is skipped ({@link Rule#ABOVE_LARGEST_CLASS}). */
    public int memoryClass(int j) {
        return memoryClass[j];
    }

    /** How many jobs {@code rule} covered. */
    public long count(Rule rule) {
        return switch (rule) {
            case REQUESTED_MEMORY -> requested;
            case USED_MEMORY_FALLBACK -> usedFallback;
            case NO_MEMORY -> noMemory;
            case ABOVE_LARGEST_CLASS -> aboveLargest;
        };
    }
}
