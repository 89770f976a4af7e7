package org.metasched.random;

import java.nio.charset.StandardCharsets;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.core.source64.Philox4x64;

/**
 * Independent random streams derived from one master seed. Stream {@code (name, r)} is a Philox4x64 generator
 * keyed by a hash of the master seed and the name, with the replication number as the second key word, so every
 * (name, replication) pair has its own stream and none depends on how many others were drawn before.
 */
public final class RandomStreams {
    private final long masterSeed;

    public RandomStreams(long masterSeed) {
        this.masterSeed = masterSeed;
    }

    public long masterSeed() {
        return masterSeed;
    }

    /** The stream {@code name} of replication 0. */
    public UniformRandomProvider stream(String name) {
        return stream(name, 0);
    }

    /** The stream {@code name} of replication {@code replication}. */
    public UniformRandomProvider stream(String name, long replication) {
        long key = mix(masterSeed ^ mix(fnv1a(name)));
        return new Philox4x64(new long[] {key, replication});
    }

    private static long fnv1a(String s) {
        long h = 0xcbf29ce484222325L;
        for (byte b : s.getBytes(StandardCharsets.UTF_8)) {
            h ^= b & 0xff;
            h *= 0x100000001b3L;
        }
        return h;
    }

    /** The SplitMix64 finaliser: a bijective 64-bit mixer. */
    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }
}
