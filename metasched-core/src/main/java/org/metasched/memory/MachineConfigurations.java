package org.metasched.memory;

import java.util.ArrayList;
import java.util.List;

/**
 * The physically valid designations of one machine (spec 6.1) and the initial partition of the cluster into pools.
 *
 * <p>A configuration is the multiset of the designations of a machine's S cores: class {@code k} (1..K, owning
 * {@code classGiB[k]} of the machine's memory) or 0 (undesignated, owning nothing). It is valid when the owned
 * memory is at most R and no core is left undesignated while the machine still has memory for the smallest class.
 * With the paper's cluster (S = 2, R = 4 GiB, classes 1, 2, 3) that leaves exactly (1,1), (1,2), (1,3) and (2,2),
 * and no undesignated core (the spec's DECISION); other shapes (a class as large as R on a 2-core machine, say)
 * need the undesignated state. Configurations are enumerated as non-decreasing sequences in lexicographic order,
 * which is also the order ties between equally good configurations are broken in.
 *
 * <p>Initial partition: machine m takes maximal configuration {@code m mod M} (maximal = no core can move up to the
 * next larger class within R), which for the paper's cluster alternates (1,3), (2,2), (1,3), ... and gives pools
 * (3, 4, 3) on 5 machines (spec 6.1). When that cycle leaves a class without a core, the partition is built
 * greedily instead: each machine in turn takes the valid configuration that minimises the sum of squared pool
 * sizes, then uses the most memory, then comes first.
 */
final class MachineConfigurations {
    private final int cores;
    private final int memoryGiB;
    private final int[] classGiB;
    private final int[][] counts;
    private final int[][] sequences;

    private MachineConfigurations(int cores, int memoryGiB, int[] classGiB) {
        this.cores = cores;
        this.memoryGiB = memoryGiB;
        this.classGiB = classGiB;
        List<int[]> seqs = new ArrayList<>();
        enumerate(new int[cores], 0, 0, seqs);
        this.sequences = seqs.toArray(new int[0][]);
        this.counts = new int[sequences.length][];
        for (int c = 0; c < sequences.length; c++) {
            counts[c] = new int[classGiB.length];
            for (int d : sequences[c]) {
                counts[c][d]++;
            }
        }
    }

    /** The configurations of a machine of {@code cores} cores sharing {@code memoryGiB} among these classes. */
    static MachineConfigurations of(int cores, int memoryGiB, List<Integer> classesGiB) {
        int[] gib = new int[classesGiB.size() + 1];
        for (int k = 1; k < gib.length; k++) {
            gib[k] = classesGiB.get(k - 1);
        }
        return new MachineConfigurations(cores, memoryGiB, gib);
    }

    private void enumerate(int[] seq, int at, int from, List<int[]> out) {
        if (at == seq.length) {
            if (valid(seq)) {
                out.add(seq.clone());
            }
            return;
        }
        for (int d = from; d < classGiB.length; d++) {
            seq[at] = d;
            enumerate(seq, at + 1, d, out);
        }
    }

    private boolean valid(int[] seq) {
        int used = 0;
        boolean undesignated = false;
        for (int d : seq) {
            used += classGiB[d];
            undesignated |= d == 0;
        }
        return used <= memoryGiB && !(undesignated && memoryGiB - used >= classGiB[1]);
    }

    private boolean maximal(int[] seq) {
        int used = 0;
        for (int d : seq) {
            used += classGiB[d];
        }
        for (int d : seq) {
            if (d + 1 < classGiB.length && used - classGiB[d] + classGiB[d + 1] <= memoryGiB) {
                return false;
            }
        }
        return true;
    }

    /** Number of valid configurations. */
    int size() {
        return counts.length;
    }

    /** How many cores configuration {@code c} designates to class {@code k} (0 = undesignated). */
    int count(int c, int k) {
        return counts[c][k];
    }

    /** Configuration {@code c} as designations of cores 0..S-1, non-decreasing. */
    int[] designations(int c) {
        return sequences[c].clone();
    }

    /** The designation of every core of the cluster at the start, machine after machine. */
    int[] initialPartition(int machines) {
        List<Integer> maximal = new ArrayList<>();
        for (int c = 0; c < sequences.length; c++) {
            if (maximal(sequences[c])) {
                maximal.add(c);
            }
        }
        int[] chosen = new int[machines];
        for (int m = 0; m < machines; m++) {
            chosen[m] = maximal.get(m % maximal.size());
        }
        if (missingClass(chosen) > 0) {
            greedy(chosen);
        }
        int[] out = new int[machines * cores];
        for (int m = 0; m < machines; m++) {
            System.arraycopy(sequences[chosen[m]], 0, out, m * cores, cores);
        }
        return out;
    }

    /** The first class (1-based) the initial partition of {@code machines} machines gives no core, or 0. */
    int classWithoutCore(int machines) {
        int[] partition = initialPartition(machines);
        int[] pool = new int[classGiB.length];
        for (int d : partition) {
            pool[d]++;
        }
        for (int k = 1; k < pool.length; k++) {
            if (pool[k] == 0) {
                return k;
            }
        }
        return 0;
    }

    private int missingClass(int[] chosen) {
        for (int k = 1; k < classGiB.length; k++) {
            int n = 0;
            for (int c : chosen) {
                n += counts[c][k];
            }
            if (n == 0) {
                return k;
            }
        }
        return 0;
    }

    private void greedy(int[] chosen) {
        int[] pool = new int[classGiB.length];
        for (int m = 0; m < chosen.length; m++) {
            int best = -1;
            long bestSquares = Long.MAX_VALUE;
            int bestMemory = -1;
            for (int c = 0; c < counts.length; c++) {
                long squares = 0;
                int memory = 0;
                for (int k = 1; k < classGiB.length; k++) {
                    long size = (long) pool[k] + counts[c][k];
                    squares += size * size;
                    memory += counts[c][k] * classGiB[k];
                }
                if (squares < bestSquares || (squares == bestSquares && memory > bestMemory)) {
                    best = c;
                    bestSquares = squares;
                    bestMemory = memory;
                }
            }
            chosen[m] = best;
            for (int k = 1; k < classGiB.length; k++) {
                pool[k] += counts[best][k];
            }
        }
    }
}
